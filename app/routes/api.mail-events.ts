import { mailEventRoute } from "../lib/mail-events.server";

/** POST /api/mail-events: the mail provider's bounces and complaints in the generic JSON shape (server/notifications/bounces.ts). */
const route = mailEventRoute("generic");
export const action = route.action;
export const loader = route.loader;
