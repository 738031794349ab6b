import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { activateAccount } from "../../server/accounts/activation";
import { loadProfileOf } from "../../server/profiles/profile";

const NO_STORE = { "Cache-Control": "no-store" };

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
  if (result.status !== "activated") return redirect("/activate/error", { headers: NO_STORE });
  context.log.info({ accountId: result.accountId }, "account activated");
  // Signed up on a member's page: their chat is where the new member wanted to go, if they are still to be found.
  const chatWith = result.signupProfileId && (await loadProfileOf(context.services.store.db, { site, profileId: result.signupProfileId, today: context.today }));
  return redirect(chatWith ? `/members/${chatWith.id}/chat` : "/activate/done", { headers: NO_STORE });
}
