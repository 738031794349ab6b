import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isUniqueViolation } from "../db/errors";
import { recordConsent, type GivenConsent } from "../privacy/consent";
import type { Site } from "../sites/schema";
import type { SignupForm } from "./forms";
import { toProfileLabels } from "./looking-for";
import { queueLinkMail, type Outgoing } from "./outgoing";
import { hashPassword } from "./passwords";
import type { Tracking } from "./tracking";
import type { Lander } from "../analytics/lander-visits";

/** A deleted account can be reactivated for 14 days; after that its deletion is final (§4, §9). */
export const DELETION_GRACE_DAYS = 14;
export const ACTIVATION_DAYS = 7;

/** Whether an address can sign up on a site: free, held by an account, or by a deleted one in its grace period. */
export type EmailStanding = "free" | "taken" | "deleted";

const GRACE_MS = DELETION_GRACE_DAYS * 86_400_000;
/** The earliest deletion still within its grace at `now`: accounts deleted after it may come back, those before are erased. */
export const graceStart = (now = new Date()) => new Date(now.getTime() - GRACE_MS);
/** When the grace of an account deleted at `deletedAt` ends. */
export const graceEnd = (deletedAt: Date) => new Date(deletedAt.getTime() + GRACE_MS);

const graceOver = (deletedAt: Date | null) => deletedAt !== null && deletedAt.getTime() < graceStart().getTime();

function standing(row: { status: string; deleted_at: Date | null } | undefined): EmailStanding {
  if (!row) return "free";
  if (row.status !== "deleted") return "taken";
  return graceOver(row.deleted_at) ? "free" : "deleted";
}

export async function emailStanding(db: Kysely<Database>, { siteId, email }: { siteId: string; email: string }): Promise<EmailStanding> {
  const row = await db.selectFrom("accounts").select(["status", "deleted_at"]).where("site_id", "=", siteId).where("email", "=", email).executeTakeFirst();
  return standing(row);
}

/** The site's signup policy (§6): everyone, or only visitors who came with a traffic source. */
export function signupsOpen(site: Site, tracking: Tracking | undefined): boolean {
  return site.signups === "all" || tracking !== undefined;
}

/** The signup form's answers; tests and tools may leave out whom the member looks for, as members from before that question did. */
type AccountForm = Omit<SignupForm, "gender" | "looking_for" | "special_consent"> & Partial<Pick<SignupForm, "gender" | "looking_for">>;

type NewAccount = {
  form: AccountForm;
  language: string;
  country: string;
  tracking: Tracking | undefined;
  /** The lander the visitor came through, if any (counted as its signup). */
  lander?: Lander;
  /** The member whose page the visitor signed up on (checked findable by the caller). */
  signupProfileId?: number;
  outgoing: Outgoing;
  /** The consent to store the sexuality whom the member looks for becomes; required with that answer (the form requires the box). */
  consent?: GivenConsent;
};

export type SignupResult = { status: "created"; accountId: number; profileId: number } | { status: "taken" | "deleted" };

/**
 * Creates the account (not confirmed), its profile (disabled until activation, with whom the member
 * looks for as its gender and sexuality), the consent that sexuality needs, and queues the
 * activation mail, all in one transaction.
 */
export async function createAccount(db: Kysely<Database>, { form, language, country, tracking, lander, signupProfileId, outgoing, consent }: NewAccount): Promise<SignupResult> {
  const siteId = outgoing.site.id;
  const labels = form.gender && form.looking_for ? toProfileLabels({ gender: form.gender, seeking: form.looking_for }) : undefined;
  // The signup schema requires the box, so only a tool's bug gets here.
  if (labels && !consent) throw new Error("whom the member looks for is stored only with their consent");
  const passwordHash = await hashPassword(form.password);
  try {
    return await db.transaction().execute(async (tx) => {
      const existing = await tx
        .selectFrom("accounts")
        .select(["id", "status", "deleted_at"])
        .where("site_id", "=", siteId)
        .where("email", "=", form.email)
        .forUpdate()
        .executeTakeFirst();
      const found = standing(existing);
      if (found !== "free") return { status: found };
      // The old account's deletion is final now: it lets go of the address.
      if (existing) await tx.updateTable("accounts").set({ email: `deleted-${existing.id}@invalid` }).where("id", "=", existing.id).execute();

      const account = await tx
        .insertInto("accounts")
        .values({
          site_id: siteId,
          email: form.email,
          password_hash: passwordHash,
          language,
          country,
          date_of_birth: form.date_of_birth,
          signup_message: form.signup_message || null,
          tracking: JSON.stringify(tracking ?? {}),
          lander_design: lander?.design ?? null,
          lander_slug: lander?.slug ?? null,
          signup_profile_id: signupProfileId ?? null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const profile = await tx
        .insertInto("profiles")
        .values({
          account_id: account.id,
          site_id: siteId,
          pool: (eb) => eb.selectFrom("sites").select("pool").where("id", "=", siteId),
          name: form.name,
          country,
          date_of_birth: form.date_of_birth,
          ...labels,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (labels && consent) await recordConsent(tx, { siteId, accountId: account.id, consent });
      await queueLinkMail(tx, { kind: "activation", outgoing, accountId: account.id, to: form.email, name: form.name, validFor: { days: ACTIVATION_DAYS } });
      return { status: "created" as const, accountId: account.id, profileId: profile.id };
    });
  } catch (error) {
    // Two signups with one address at once: the second finds it taken.
    if (isUniqueViolation(error)) return { status: "taken" };
    throw error;
  }
}
