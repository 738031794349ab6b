import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { Database, ProfileStatus } from "../db/schema";
import { blockedFor, consume, minutesFrom, type AccountLimits } from "./limits";
import { revokeLinks } from "./links";
import { loginAccountKey } from "./login";
import type { Member } from "./member";
import { queueLinkMail, type Outgoing } from "./outgoing";
import { verifyPassword } from "./passwords";
import { DELETION_GRACE_DAYS } from "./signup";

/** Why members leave, as the deletion flow asks it (§2 delete-account reasons); "other" takes their own words. */
export const DELETION_REASONS = ["found_partner", "no_matches", "too_expensive", "privacy", "taking_break", "new_email", "other"] as const;
export type DeletionReason = (typeof DELETION_REASONS)[number];

/** The retention offers of §1, in the order the flow shows them. */
export type RetentionOffer = "email" | "privacy" | "trial" | "discount";

/** Which offers answer which reason: nobody who found a partner is sold credits. */
export const OFFERS_FOR_REASON: Record<DeletionReason, readonly RetentionOffer[]> = {
  found_partner: ["privacy"],
  no_matches: ["trial", "discount", "privacy"],
  too_expensive: ["discount", "trial"],
  privacy: ["privacy", "email"],
  taking_break: ["privacy", "discount"],
  new_email: ["email"],
  other: ["privacy", "email", "trial", "discount"],
};

export const DELETION_NOTE_MAX = 500;

/** The reason and its note, as every step posts them. */
const reasonFields = {
  reason: z.enum(DELETION_REASONS, { error: "deletion:errors.reasonRequired" }),
  note: z.string().trim().max(DELETION_NOTE_MAX, { error: "deletion:errors.noteTooLong" }).optional(),
};

/** The reason step: a known reason, and for "other" a few words of the member's own (required there). */
export const deletionReasonSchema = z
  .object(reasonFields)
  .refine((form) => form.reason !== "other" || Boolean(form.note), { path: ["note"], error: "deletion:errors.noteRequired" });

/** The last step: the reason again (carried by the form) and the password. */
export const deletionConfirmSchema = z.object({
  ...reasonFields,
  password: z.string({ error: "deletion:errors.passwordRequired" }).min(1, { error: "deletion:errors.passwordRequired" }).max(200),
});

export type Deletion = { status: "deleted" } | { status: "wrong_password" } | { status: "locked"; minutes: number };

/**
 * Deletes a member's account for the grace period (§4, §9), after their password. Wrong passwords
 * count toward the account's login lockout, as every other password check does. One transaction:
 * the account is 'deleted', its profile is out of everyone's sight at once (every reader of other
 * members' profiles asks for status 'active'), its sessions and push subscriptions end, its open
 * links die, and a reactivation link valid for the grace is mailed. Erasure follows after the
 * grace (./erasure.ts). A retry after success finds the account deleted and changes nothing.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  limits: AccountLimits,
  { member, password, reason, note, outgoing, now = new Date() }: { member: Member; password: string; reason: DeletionReason; note: string | undefined; outgoing: Outgoing; now?: Date },
): Promise<Deletion> {
  const lockKey = loginAccountKey(member.siteId, member.email);
  const locked = await blockedFor(limits.loginAccount, lockKey);
  if (locked > 0) return { status: "locked", minutes: minutesFrom(locked) };
  const account = await db.selectFrom("accounts").select("password_hash").where("id", "=", member.accountId).where("site_id", "=", member.siteId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(account.password_hash, password))) {
    const state = await consume(limits.loginAccount, lockKey);
    return state.allowed && state.remaining > 0 ? { status: "wrong_password" } : { status: "locked", minutes: minutesFrom(state.msBeforeNext) };
  }

  await db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable("accounts")
      .set({ status: "deleted", deleted_at: now, deletion_reason: reason, deletion_note: reason === "other" ? (note ?? null) : null })
      .where("id", "=", member.accountId)
      .where("site_id", "=", member.siteId)
      .where("status", "!=", "deleted")
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) return;
    await tx
      .updateTable("profiles")
      .set({ status_before_deletion: sql<Exclude<ProfileStatus, "deleted">>`status`, status: "deleted" })
      .where("account_id", "=", member.accountId)
      .where("status", "!=", "deleted")
      .execute();
    await tx.deleteFrom("sessions").where("account_id", "=", member.accountId).execute();
    await tx.deleteFrom("push_subscriptions").where("account_id", "=", member.accountId).execute();
    await revokeLinks(tx, { accountId: member.accountId, purposes: ["activation", "password_reset", "mail_change", "reactivation"] });
    await queueLinkMail(tx, { kind: "reactivation", outgoing, accountId: member.accountId, to: member.email, name: member.name, validFor: { days: DELETION_GRACE_DAYS } });
  });
  return { status: "deleted" };
}
