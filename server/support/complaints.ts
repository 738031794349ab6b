import type { Kysely } from "kysely";
import { z } from "zod";
import type { Member } from "../accounts/member";
import type { Database } from "../db/schema";
import type { Site } from "../sites/schema";
import { COMPLAINT_REASONS, MESSAGE_MAX, MESSAGE_MIN } from "./complaint-fields";

// The body limits (server/http/body-limits.ts) read the longest message here.
export { MESSAGE_MAX } from "./complaint-fields";

/**
 * Complaints (§1, §2 /complaints): a report that support staff read, about a profile or about the
 * site. Visitors leave an address to be answered at; members are known by their account.
 * Only zod and types are imported here: the route's form checks with this schema in the browser too.
 */

/**
 * The form, checked the same way by the action and in the browser. Messages are translation keys:
 * "complaints:" keys in this screen's namespace, bare keys in the common one. The e-mail address is
 * asked of visitors only; a member's is on their account, so anything sent for it is dropped.
 */
export function complaintSchema({ signedIn }: { signedIn: boolean }) {
  const email = signedIn
    ? z.undefined().catch(undefined)
    : z
        .string({ error: "complaints:error.emailRequired" })
        .trim()
        .toLowerCase()
        .pipe(z.email({ error: "validation.emailInvalid" }).max(254, { error: "validation.emailInvalid" }));
  return z.object({
    reason: z.enum(COMPLAINT_REASONS, { error: "complaints:error.reasonRequired" }),
    message: z
      .string({ error: "complaints:error.messageTooShort" })
      .trim()
      .min(MESSAGE_MIN, { error: "complaints:error.messageTooShort" })
      .max(MESSAGE_MAX, { error: "complaints:error.messageTooLong" }),
    email,
    profile: z
      .number({ error: "complaints:error.profileNotFound" })
      .int({ error: "complaints:error.profileNotFound" })
      .positive({ error: "complaints:error.profileNotFound" })
      .max(Number.MAX_SAFE_INTEGER, { error: "complaints:error.profileNotFound" })
      .optional(),
    /** Bots fill every field; people never see this one. */
    website: z.string().max(0, { error: "errors.generic" }).optional(),
  });
}

export type ComplaintForm = z.output<ReturnType<typeof complaintSchema>>;

export type ReportedProfile = { id: number; name: string };

/** The profiles of a pool that can be reported: any but a deleted one, whether or not it shows in search. */
const reportable = (db: Kysely<Database>, { pool, profileId }: { pool: string; profileId: number }) =>
  db.selectFrom("profiles").select(["id", "name"]).where("id", "=", profileId).where("pool", "=", pool).where("status", "!=", "deleted");

/** The profile a report is about, for the form's heading; undefined when the pool has no such profile. */
export async function reportedProfile({ db, pool, profileId }: { db: Kysely<Database>; pool: string; profileId: number }): Promise<ReportedProfile | undefined> {
  return reportable(db, { pool, profileId }).executeTakeFirst();
}

export type FiledComplaint =
  | { status: "filed"; id: number; profile: ReportedProfile | undefined }
  | { status: "refused"; error: "complaints:error.profileNotFound" | "complaints:error.ownProfile" };

/**
 * Stores one complaint for the site's support staff. A reported profile must be one of the site's
 * pool and not the reporter's own; otherwise the answer names the problem and nothing is stored.
 */
export async function fileComplaint({ db, site, member, form }: { db: Kysely<Database>; site: Site; member?: Member; form: ComplaintForm }): Promise<FiledComplaint> {
  return db.transaction().execute(async (tx) => {
    let profile: ReportedProfile | undefined;
    if (form.profile !== undefined) {
      // Held until the insert, so the profile cannot vanish in between and break the reference.
      profile = await reportable(tx, { pool: site.pool, profileId: form.profile }).forShare().executeTakeFirst();
      if (!profile) return { status: "refused", error: "complaints:error.profileNotFound" } as const;
      if (member && profile.id === member.profileId) return { status: "refused", error: "complaints:error.ownProfile" } as const;
    }
    const { id } = await tx
      .insertInto("complaints")
      .values({
        site_id: site.id,
        reporter_account_id: member?.accountId ?? null,
        reporter_email: member ? null : (form.email ?? null),
        profile_id: profile?.id ?? null,
        reason: form.reason,
        message: form.message,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { status: "filed", id, profile } as const;
  });
}
