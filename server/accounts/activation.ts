import type { Kysely, Transaction } from "kysely";
import { postSystemMessage } from "../chat/conversations";
import { changeCredits } from "../credits/ledger";
import type { Database } from "../db/schema";
import { consumeLink, revokeLinks } from "./links";
import type { Member } from "./member";
import { queueLinkMail, type Outgoing } from "./outgoing";
import { ACTIVATION_DAYS } from "./signup";

/**
 * Confirms the account behind an activation link: the account becomes confirmed, the profile
 * active, and the site's signup credits are granted once (the ledger key makes a second grant a no-op).
 * With `welcome`, the system sender (§3) greets the member in their chats, in their language.
 */
export async function activateAccount(
  db: Kysely<Database>,
  {
    siteId,
    token,
    signupCredits,
    welcome,
  }: { siteId: string; token: string; signupCredits: number; welcome?: (member: { language: string; country: string }) => string },
): Promise<{ status: "activated"; accountId: number; signupProfileId: number | null } | { status: "invalid" }> {
  return db.transaction().execute(async (tx) => {
    const link = await consumeLink(tx, { siteId, token, purpose: "activation" });
    if (!link) return { status: "invalid" as const };
    const confirmed = await tx
      .updateTable("accounts")
      .set({ status: "confirmed", activated_at: new Date() })
      .where("id", "=", link.accountId)
      .where("status", "=", "not_confirmed")
      .returning(["id", "signup_profile_id"])
      .executeTakeFirst();
    if (confirmed) {
      await tx.updateTable("profiles").set({ status: "active" }).where("account_id", "=", link.accountId).where("status", "=", "disabled").execute();
      if (signupCredits > 0) {
        await changeCredits(tx, { siteId, accountId: link.accountId, delta: signupCredits, reason: "signup", idempotencyKey: "signup" });
      }
      if (welcome) {
        const member = await tx
          .selectFrom("accounts")
          .innerJoin("profiles", "profiles.account_id", "accounts.id")
          .select(["profiles.id", "profiles.pool", "accounts.language", "accounts.country"])
          .where("accounts.id", "=", link.accountId)
          .executeTakeFirstOrThrow();
        await postSystemMessage(tx, { pool: member.pool, profileId: member.id, body: welcome(member) });
      }
    }
    // The member whose page the signup came from, on the first activation only: a later link just signs in again.
    return { status: "activated" as const, accountId: link.accountId, signupProfileId: confirmed?.signup_profile_id ?? null };
  });
}

/** Sends a fresh activation link; the earlier ones stop working. */
export async function resendActivation(db: Kysely<Database>, { member, outgoing }: { member: Member; outgoing: Outgoing }): Promise<void> {
  await db.transaction().execute((tx) => queueNewActivationLink(tx, { member, outgoing }));
}

/** resendActivation inside the caller's transaction (support staff record it with their audit row). */
export async function queueNewActivationLink(tx: Transaction<Database>, { member, outgoing }: { member: Pick<Member, "accountId" | "email" | "name">; outgoing: Outgoing }): Promise<void> {
  await revokeLinks(tx, { accountId: member.accountId, purposes: ["activation"] });
  await queueLinkMail(tx, {
    kind: "activation",
    outgoing,
    accountId: member.accountId,
    to: member.email,
    name: member.name,
    validFor: { days: ACTIVATION_DAYS },
  });
}
