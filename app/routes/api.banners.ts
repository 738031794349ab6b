import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { dismissBanner } from "../../server/banners/dismissals";
import { enableEmailNotifications } from "../../server/banners/notifications";
import { sendNewActivationLink } from "../lib/activation.server";
import { authenticationRequired } from "../lib/auth.server";
import { DISMISSIBLE, REPLY_WITH_DATA } from "../lib/banners";
import { safeRedirect } from "../lib/safe-redirect";

const NO_STORE = { "Cache-Control": "no-store" };

/** The banners' forms: hide one, send the activation link again, or turn e-mail notifications back on. */
const bannerForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss"), banner: z.enum(DISMISSIBLE) }),
  z.object({ intent: z.literal("activation") }),
  z.object({ intent: z.literal("notifications-on") }),
]);

/**
 * POST /api/banners.php (§4). Works as a plain form without JavaScript (it then redirects back to
 * `redirectTo`, a path on this site) and as a fetcher; the root loader then reads the new state.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const member = context.member;
  if (!member) return authenticationRequired();
  const form = Object.fromEntries(await request.formData());
  const withData = form.reply === REPLY_WITH_DATA;
  const back = () => redirect(safeRedirect(form.redirectTo, "/"), { headers: NO_STORE });

  const parsed = bannerForm.safeParse(form);
  if (!parsed.success) {
    const message = context.t("banners:errors.unknown", { name: String(form.banner ?? form.intent ?? "") });
    return withData
      ? Response.json({ error: "unknown_banner", message }, { status: 400, headers: NO_STORE })
      : new Response(message, { status: 400, headers: { ...NO_STORE, "Content-Type": "text/plain; charset=utf-8" } });
  }

  const db = context.services.store.db;
  switch (parsed.data.intent) {
    case "dismiss":
      await dismissBanner(db, { accountId: member.accountId, banner: parsed.data.banner });
      return withData ? Response.json({ dismissed: parsed.data.banner }, { headers: NO_STORE }) : back();
    case "notifications-on":
      await enableEmailNotifications(db, { siteId: member.siteId, accountId: member.accountId });
      return withData ? Response.json({ notificationsOn: true }, { headers: NO_STORE }) : back();
    case "activation": {
      const activation = await sendNewActivationLink(context, member);
      return withData ? Response.json({ activation }, { headers: NO_STORE }) : back();
    }
  }
}

export function loader() {
  return Response.json({ error: "method_not_allowed" }, { status: 405, headers: { ...NO_STORE, Allow: "POST" } });
}
