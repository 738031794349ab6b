import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { loginSchema } from "../../server/accounts/forms";
import { checkPassword } from "../../server/accounts/login";
import { reactivationPathForLogin } from "../../server/accounts/reactivation";
import { loadMember, setMemberLanguage, userApiShape, type Member } from "../../server/accounts/member";
import { localeCookie } from "../../server/http/cookies";
import { LANGUAGES, type Language } from "../../server/i18n/languages";
import { endpointRefused, pushSubscriptionPayload, pushUnsubscribePayload, removePushSubscription, savePushSubscription } from "../../server/push/subscriptions";
import { authenticationRequired, BAN_PAGE, signIn } from "../lib/auth.server";
import { readJson } from "../lib/json-body.server";

const NO_STORE = { "Cache-Control": "no-store" };

const userOf = (context: LoaderFunctionArgs["context"], member: Member) => ({
  user: userApiShape(member, context.site),
});

/** GET /api/user.php (§7): the signed-in user of §3. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (!context.member) return authenticationRequired();
  return Response.json(userOf(context, context.member), { headers: NO_STORE });
}

const languagePayload = z.object({ language: z.enum(LANGUAGES) });

/**
 * POST signs in with a JSON login payload (email, password), or with ?push=1 stores a push subscription;
 * DELETE ?push=1 removes one; PUT sets the member's language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const body = await readJson(request, context);
  const { t } = context;

  // POST ?push=1 (§7): the push subscription of this browser, for the signed-in member.
  if (request.method === "POST" && new URL(request.url).searchParams.get("push") === "1") {
    if (!context.member) return authenticationRequired();
    const parsed = pushSubscriptionPayload.safeParse(body);
    if (!parsed.success) {
      const answer = endpointRefused(parsed.error)
        ? { error: "endpoint_refused", message: t("banners:pushEndpoint.refused") }
        : { error: "invalid_subscription", message: t("banners:push.invalid") };
      return Response.json(answer, { status: 400, headers: NO_STORE });
    }
    await savePushSubscription(context.services.store.db, { accountId: context.member.accountId, subscription: parsed.data.subscription });
    return Response.json({ subscribed: true }, { headers: NO_STORE });
  }

  // DELETE ?push=1: this browser's subscription is given up (the member unsubscribed on /notifications).
  if (request.method === "DELETE" && new URL(request.url).searchParams.get("push") === "1") {
    if (!context.member) return authenticationRequired();
    const parsed = pushUnsubscribePayload.safeParse(body);
    if (!parsed.success) return Response.json({ error: "invalid_subscription", message: t("banners:push.invalid") }, { status: 400, headers: NO_STORE });
    await removePushSubscription(context.services.store.db, { accountId: context.member.accountId, endpoint: parsed.data.endpoint });
    return Response.json({ subscribed: false }, { headers: NO_STORE });
  }

  if (request.method === "PUT") {
    const member = context.member;
    if (!member) return authenticationRequired();
    const parsed = languagePayload.safeParse(body);
    if (!parsed.success || !context.visibleLanguages.includes(parsed.data.language as Language)) {
      return Response.json({ error: "invalid_language", message: t("language.unavailable") }, { status: 400, headers: NO_STORE });
    }
    await setMemberLanguage(context.services.store.db, { member, language: parsed.data.language });
    return Response.json(userOf(context, { ...member, language: parsed.data.language }), {
      headers: { ...NO_STORE, "Set-Cookie": localeCookie(parsed.data.language) },
    });
  }

  if (request.method !== "POST") return Response.json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "GET, POST, PUT, DELETE" } });
  const parsed = loginSchema.safeParse(body);
  if (!parsed.success) return Response.json({ error: "login_failed", message: t("errors.loginFailed") }, { status: 400, headers: NO_STORE });
  const { email, password } = parsed.data;
  const check = await checkPassword(context.services.store.db, context.services.limits, { siteId: context.site.id, email, password, ip: context.ip });
  if (check.status === "locked") {
    return Response.json({ error: "locked", minutes: check.minutes, message: t("errors.tooManyAttempts", { minutes: check.minutes }) }, { status: 429, headers: NO_STORE });
  }
  if (check.status === "failed") return Response.json({ error: "login_failed", message: t("errors.loginFailed") }, { status: 401, headers: NO_STORE });
  if (check.status === "banned") return Response.json({ error: "banned", redirect: BAN_PAGE }, { status: 403, headers: NO_STORE });
  if (check.status === "deleted") {
    const redirect = await reactivationPathForLogin(context.services.store.db, { accountId: check.accountId });
    return Response.json({ error: "account_deleted", redirect }, { status: 403, headers: NO_STORE });
  }

  const member = await loadMember(context.services.store.db, { siteId: context.site.id, accountId: check.accountId });
  if (!member) return Response.json({ error: "login_failed", message: t("errors.loginFailed") }, { status: 401, headers: NO_STORE });
  const headers = await signIn(context, check.accountId, check.language);
  headers.set("Cache-Control", "no-store");
  return Response.json(userOf(context, member), { headers });
}
