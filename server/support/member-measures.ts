import type { Kysely, Transaction } from "kysely";
import { queueNewActivationLink } from "../accounts/activation";
import type { AccountLimits } from "../accounts/limits";
import { loginAccountKey } from "../accounts/login";
import type { Outgoing } from "../accounts/outgoing";
import { changeCredits } from "../credits/ledger";
import type { Database } from "../db/schema";
import { recordAudit, type Actor } from "./audit";

/**
 * What support staff do to a member, each in one transaction with its audit row: the measure and
 * its row are written together or not at all. Where nothing would change (a ban already in place),
 * nothing is written and the answer says so, so a repeated click leaves one row. Refunds, which
 * involve the provider, are in ./member-refund.ts.
 */

type Target = { db: Kysely<Database>; actor: Actor; siteId: string; accountId: number };

/** The member's account row, locked for the measure; undefined when the brand has no such account. */
async function lockAccount(tx: Transaction<Database>, { siteId, accountId }: Pick<Target, "siteId" | "accountId">) {
  return tx
    .selectFrom("accounts")
    .select(["id", "email", "status", "banned_at", "language", "country", "credits"])
    .where("id", "=", accountId)
    .where("site_id", "=", siteId)
    .forUpdate()
    .executeTakeFirst();
}

export const ADJUST_REASON_MIN = 3;
export const ADJUST_REASON_MAX = 500;
/** The hidden key of the adjust form: made when the page was drawn, so a resent form books once. */
export const ADJUST_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export type Adjusted =
  | { status: "applied" | "duplicate"; balance: number }
  | { status: "insufficient"; balance: number }
  | { status: "not_found" };

/**
 * Adds or takes credits through the ledger (reason "adjustment", key staff-adjust:<key>). The same
 * key again books nothing; a take that would leave the balance below zero books nothing either.
 * The caller has checked delta (a whole number, not 0), reason and key.
 */
export async function adjustCredits({ db, actor, siteId, accountId, delta, reason, key }: Target & { delta: number; reason: string; key: string }): Promise<Adjusted> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockAccount(tx, { siteId, accountId }))) return { status: "not_found" as const };
    const idempotencyKey = `staff-adjust:${key}`;
    const change = await changeCredits(tx, { siteId, accountId, delta, reason: "adjustment", idempotencyKey });
    if (change.status === "applied") {
      await recordAudit(tx, actor, { action: "credits.adjust", siteId, accountId, detail: { delta, reason, balance: change.balance, key: idempotencyKey } });
    }
    return change;
  });
}

/** Signs the member out everywhere: every session row goes, so each open tab is signed out at its next request. */
export async function endSessions({ db, actor, siteId, accountId }: Target): Promise<{ status: "done"; ended: number } | { status: "not_found" }> {
  return db.transaction().execute(async (tx) => {
    if (!(await lockAccount(tx, { siteId, accountId }))) return { status: "not_found" as const };
    const ended = await tx.deleteFrom("sessions").where("account_id", "=", accountId).executeTakeFirst();
    const count = Number(ended.numDeletedRows);
    await recordAudit(tx, actor, { action: "member.sessions_end", siteId, accountId, detail: { ended: count } });
    return { status: "done" as const, ended: count };
  });
}

/**
 * Lifts the wrong-password lockout of the member's address. The count lives in the limiter (Redis
 * or in-process), not the database: it is deleted last inside the transaction, so an audit row that
 * cannot be written leaves the lockout in place.
 */
export async function clearLoginLockout({ db, actor, limits, siteId, accountId }: Target & { limits: Pick<AccountLimits, "loginAccount"> }): Promise<{ status: "done" } | { status: "not_found" }> {
  return db.transaction().execute(async (tx) => {
    const account = await lockAccount(tx, { siteId, accountId });
    if (!account) return { status: "not_found" as const };
    await recordAudit(tx, actor, { action: "member.lockout_clear", siteId, accountId });
    await limits.loginAccount.delete(loginAccountKey(siteId, account.email));
    return { status: "done" as const };
  });
}

/**
 * A new activation link by e-mail, through the member's own resend path (earlier links stop
 * working); only for an account not confirmed yet. The caller delivers the queued mail.
 */
export async function resendActivationMail({
  db,
  actor,
  siteId,
  accountId,
  outgoingFor,
}: Target & { outgoingFor: (member: { language: string; country: string }) => Outgoing }): Promise<{ status: "sent" } | { status: "not_found" | "already_confirmed" }> {
  return db.transaction().execute(async (tx) => {
    const account = await lockAccount(tx, { siteId, accountId });
    if (!account) return { status: "not_found" as const };
    if (account.status !== "not_confirmed") return { status: "already_confirmed" as const };
    const profile = await tx.selectFrom("profiles").select("name").where("account_id", "=", accountId).executeTakeFirst();
    await queueNewActivationLink(tx, { member: { accountId, email: account.email, name: profile?.name ?? "" }, outgoing: outgoingFor(account) });
    await recordAudit(tx, actor, { action: "member.activation_resend", siteId, accountId });
    return { status: "sent" as const };
  });
}

export type Restricted = { status: "done" | "unchanged" | "not_found" } | { status: "banned" };

export const NOTE_MAX = 500;

/**
 * Bans the member: banned_at is set, every session ends (an open tab is signed out at its next
 * request, and signing in again shows /pages/ban) and an active profile is hidden from everyone.
 */
export async function banMember({ db, actor, siteId, accountId, note }: Target & { note?: string }): Promise<Restricted> {
  return db.transaction().execute(async (tx) => {
    const account = await lockAccount(tx, { siteId, accountId });
    if (!account) return { status: "not_found" as const };
    if (account.banned_at) return { status: "unchanged" as const };
    await tx.updateTable("accounts").set({ banned_at: new Date() }).where("id", "=", accountId).execute();
    const ended = await tx.deleteFrom("sessions").where("account_id", "=", accountId).executeTakeFirst();
    const hidden = await tx.updateTable("profiles").set({ status: "hidden", updated_at: new Date() }).where("account_id", "=", accountId).where("status", "=", "active").executeTakeFirst();
    await recordAudit(tx, actor, {
      action: "member.ban",
      siteId,
      accountId,
      detail: { note: note || undefined, sessionsEnded: Number(ended.numDeletedRows), profileHidden: hidden.numUpdatedRows > 0n },
    });
    return { status: "done" as const };
  });
}

/** Lifts a ban: the member may sign in again. Their profile stays hidden until staff show it. */
export async function liftBan({ db, actor, siteId, accountId, note }: Target & { note?: string }): Promise<Restricted> {
  return db.transaction().execute(async (tx) => {
    const account = await lockAccount(tx, { siteId, accountId });
    if (!account) return { status: "not_found" as const };
    if (!account.banned_at) return { status: "unchanged" as const };
    await tx.updateTable("accounts").set({ banned_at: null }).where("id", "=", accountId).execute();
    await recordAudit(tx, actor, { action: "member.unban", siteId, accountId, detail: { note: note || undefined } });
    return { status: "done" as const };
  });
}

/**
 * Hides an active profile from everyone (search, likes, match finder, swipe, profile pages all read
 * status 'active'), or shows a hidden one again; a banned member's profile stays hidden.
 */
export async function setProfileHidden({ db, actor, siteId, accountId, hidden, note }: Target & { hidden: boolean; note?: string }): Promise<Restricted> {
  return db.transaction().execute(async (tx) => {
    const account = await lockAccount(tx, { siteId, accountId });
    if (!account) return { status: "not_found" as const };
    if (!hidden && account.banned_at) return { status: "banned" as const };
    const from = hidden ? "active" : "hidden";
    const changed = await tx
      .updateTable("profiles")
      .set({ status: hidden ? "hidden" : "active", updated_at: new Date() })
      .where("account_id", "=", accountId)
      .where("site_id", "=", siteId)
      .where("status", "=", from)
      .returning("id")
      .executeTakeFirst();
    if (!changed) return { status: "unchanged" as const };
    await recordAudit(tx, actor, { action: hidden ? "profile.hide" : "profile.show", siteId, accountId, detail: { profileId: changed.id, note: note || undefined } });
    return { status: "done" as const };
  });
}
