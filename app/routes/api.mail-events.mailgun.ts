import { mailEventRoute } from "../lib/mail-events.server";

/** POST /api/mail-events/mailgun: Mailgun's "failed" and "complained" webhooks, signed in the body with the webhook signing key. */
const route = mailEventRoute("mailgun");
export const action = route.action;
export const loader = route.loader;
