import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import { consume, type AccountLimits } from "./limits";
import { createLink, revokeLinks } from "./links";
import { queueLinkMail, REACTIVATE_PATH, type Outgoing } from "./outgoing";
import { graceEnd, graceStart } from "./signup";
import { hashToken } from "./tokens";

type Db = Kysely<Database> | Transaction<Database>;

/** A login within the grace proves the password: its link only has to last until the member clicks. */
const LOGIN_LINK_MS = 60 * 60 * 1000;

/**
 * A reactivation link that still works: unused, not expired, of this site, and its account deleted
 * within the grace and not erased. The grace is checked here too, so a link can never outlive it.
 */
const usableLink = (db: Db, { siteId, token, now }: { siteId: string; token: string; now: Date }) =>
  db
    .selectFrom("account_tokens")
    .innerJoin("accounts", "accounts.id", "account_tokens.account_id")
    .select(["accounts.id as accountId", "accounts.language", "accounts.deleted_at as deletedAt"])
    .where("account_tokens.token_hash", "=", hashToken(token))
    .where("account_tokens.purpose", "=", "reactivation")
    .where("account_tokens.used_at", "is", null)
    .where("account_tokens.expires_at", ">", now)
    .where("accounts.site_id", "=", siteId)
    .where("accounts.status", "=", "deleted")
    .where("accounts.erased_at", "is", null)
    .where("accounts.deleted_at", ">", graceStart(now));

/** Whether a reactivation link would work, without using it (to show its page with the button). */
export async function findReactivation(db: Db, { siteId, token, now = new Date() }: { siteId: string; token: string; now?: Date }) {
  if (!token) return undefined;
  return usableLink(db, { siteId, token, now }).executeTakeFirst();
}

export type Reactivation = { status: "reactivated"; accountId: number; language: string } | { status: "invalid" };

/**
 * Gives a deleted account back (§4): the account as it was (confirmed when it had been activated),
 * the profile with the status it had, in one transaction that also spends every reactivation link
 * of the account. A second use of the link, or a link after the grace, answers "invalid".
 */
export async function reactivateAccount(db: Kysely<Database>, { siteId, token, now = new Date() }: { siteId: string; token: string; now?: Date }): Promise<Reactivation> {
  if (!token) return { status: "invalid" };
  return db.transaction().execute(async (tx) => {
    const link = await usableLink(tx, { siteId, token, now }).forUpdate().executeTakeFirst();
    if (!link) return { status: "invalid" as const };
    await revokeLinks(tx, { accountId: link.accountId, purposes: ["reactivation"], now });
    await tx
      .updateTable("accounts")
      .set((eb) => ({
        status: eb.case().when("activated_at", "is not", null).then("confirmed" as const).else("not_confirmed" as const).end(),
        deleted_at: null,
        deletion_reason: null,
        deletion_note: null,
      }))
      .where("id", "=", link.accountId)
      .execute();
    await tx
      .updateTable("profiles")
      .set((eb) => ({ status: eb.fn.coalesce("status_before_deletion", eb.val("disabled" as const)), status_before_deletion: null }))
      .where("account_id", "=", link.accountId)
      .where("status", "=", "deleted")
      .execute();
    return { status: "reactivated" as const, accountId: link.accountId, language: link.language };
  });
}

/**
 * A short-lived reactivation link for a member who just gave the right password of a deleted
 * account: the login sends them to its page, where they choose to come back (never silently).
 */
export async function reactivationPathForLogin(db: Kysely<Database>, { accountId }: { accountId: number }): Promise<string> {
  const token = await db.transaction().execute((tx) => createLink(tx, { accountId, purpose: "reactivation", validForMs: LOGIN_LINK_MS }));
  return `${REACTIVATE_PATH}?${new URLSearchParams({ token, from: "login" })}`;
}

/**
 * Mails the reactivation link again (the signup hint of §5 offers it), valid for what is left of
 * the grace. The answer never tells whether the address has a deleted account: only the limits
 * (per IP, and per account) answer "too_many".
 */
export async function resendReactivationLink(
  db: Kysely<Database>,
  limits: AccountLimits,
  { email, ip, outgoing, now = new Date() }: { email: string; ip: string; outgoing: Outgoing; now?: Date },
): Promise<"sent" | "too_many"> {
  if (!(await consume(limits.resetIp, ip)).allowed) return "too_many";
  const account = await db
    .selectFrom("accounts")
    .innerJoin("profiles", "profiles.account_id", "accounts.id")
    .select(["accounts.id", "accounts.deleted_at", "profiles.name"])
    .where("accounts.site_id", "=", outgoing.site.id)
    .where("accounts.email", "=", email)
    .where("accounts.status", "=", "deleted")
    .where("accounts.erased_at", "is", null)
    .where("accounts.deleted_at", ">", graceStart(now))
    .executeTakeFirst();
  if (!account?.deleted_at) return "sent";
  if (!(await consume(limits.linkMails, `reactivation:${account.id}`)).allowed) return "too_many";
  const daysLeft = Math.max(1, Math.ceil((graceEnd(account.deleted_at).getTime() - now.getTime()) / 86_400_000));
  await db.transaction().execute((tx) =>
    queueLinkMail(tx, { kind: "reactivation", outgoing, accountId: account.id, to: email, name: account.name, validFor: { days: daysLeft } }),
  );
  return "sent";
}
