import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { activateAccount } from "../../server/accounts/activation";

/**
 * The activation link of the e-mail (§4). The one GET that changes data: opening the link is the
 * confirmation. It works once; a second opening, an expired link or another brand's link fails.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { site } = context;
  const result = await activateAccount(context.services.store.db, {
    siteId: site.id,
    token,
    signupCredits: site.signup_credits,
    welcome: ({ language, country }) => context.translatorFor(language, country)("chat:system.welcome", { site: site.name, count: site.signup_credits }),
  });
  if (result.status === "activated") context.log.info({ accountId: result.accountId }, "account activated");
  return redirect(result.status === "activated" ? "/activate/done" : "/activate/error", { headers: { "Cache-Control": "no-store" } });
}
