import type { AppLoadContext } from "@remix-run/node";
import { resendActivation } from "../../server/accounts/activation";
import { consume } from "../../server/accounts/limits";
import type { Member } from "../../server/accounts/member";

/** Sends a member a new activation link (at most five an hour) and says how it went, as a message key. */
export async function sendNewActivationLink(context: AppLoadContext, member: Member): Promise<{ sent: boolean; message: string }> {
  if (member.status === "confirmed") return { sent: false, message: "account:activation.alreadyDone" };
  if (!(await consume(context.services.limits.linkMails, `activation:${member.accountId}`)).allowed) {
    return { sent: false, message: "account:activation.tooMany" };
  }
  await resendActivation(context.services.store.db, {
    member,
    outgoing: { site: context.site, origin: context.origin, t: context.translatorFor(member.language, member.country), language: member.language },
  });
  const sent = await context.services.mailer.deliverFor(member.accountId);
  return { sent, message: sent ? "account:activation.resent" : "account:activation.queued" };
}
