import type { Kysely, Transaction } from "kysely";
import type { ConsentKind, Database, Sexuality } from "../db/schema";
import { termsVersionDate } from "../i18n/dates";
import type { Site } from "../sites/schema";
import { CONSENT_HINT_KEY, CONSENT_WORDING_KEY } from "./consent-field";

/**
 * Consent to process special-category data (GDPR art. 9): the member's sexuality and sexual
 * interests. It is asked at signup (which stores a sexuality, decision 027) and in the profile
 * editor before either is first set; it is recorded with the words shown, their language and the
 * terms' version, in the transaction that stores the data; withdrawing it clears the data.
 */

export const SPECIAL_CATEGORY: ConsentKind = "special_category";

/** What the member agreed to, exactly as shown to them. */
export type GivenConsent = { wording: string; language: string; termsVersion: string };

/** The terms' date (§3) as 'YYYY-MM-DD': December 2023, or the company's added date when later. */
export function termsVersion(site: Site): string {
  return termsVersionDate(site.company.added).toISOString().slice(0, 10);
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The consent as the box shows it (its sentence and hint) in the page's language, under the current terms. */
export function consentAsShown({ site, t, language }: { site: Site; t: Translate; language: string }): GivenConsent {
  const wording = `${t(CONSENT_WORDING_KEY, { name: site.name })} ${t(CONSENT_HINT_KEY)}`;
  return { wording, language, termsVersion: termsVersion(site) };
}

type Db = Kysely<Database> | Transaction<Database>;
type Owner = { siteId: string; accountId: number };

/** The consent in force, if any: when it was given and under which terms. */
export async function consentInForce(db: Db, { siteId, accountId }: Owner) {
  return db
    .selectFrom("consent_records")
    .select(["given_at", "terms_version"])
    .where("site_id", "=", siteId)
    .where("account_id", "=", accountId)
    .where("kind", "=", SPECIAL_CATEGORY)
    .where("withdrawn_at", "is", null)
    .executeTakeFirst();
}

/** Records a consent inside the caller's transaction; one already in force stays as it was (a retried post). */
export async function recordConsent(tx: Transaction<Database>, { siteId, accountId, consent }: Owner & { consent: GivenConsent }): Promise<void> {
  await tx
    .insertInto("consent_records")
    .values({
      site_id: siteId,
      account_id: accountId,
      kind: SPECIAL_CATEGORY,
      terms_version: consent.termsVersion,
      wording: consent.wording,
      language: consent.language,
    })
    .onConflict((conflict) => conflict.columns(["account_id", "kind"]).where("withdrawn_at", "is", null).doNothing())
    .execute();
}

type SpecialData = { sexuality: Sexuality | null; interests: readonly string[] };

/**
 * Whether a save sets special-category data the profile does not hold yet: a sexuality other than
 * the stored one, or an interest not stored. Keeping or removing what is there needs no new consent.
 */
export function setsSpecialData(stored: SpecialData, next: Partial<SpecialData>): boolean {
  const newSexuality = next.sexuality != null && next.sexuality !== stored.sexuality;
  const newInterest = (next.interests ?? []).some((tag) => !stored.interests.includes(tag));
  return newSexuality || newInterest;
}

export type Withdrawal = { status: "withdrawn" | "none" };

/**
 * Withdraws the consent and clears the sexuality and interests in one transaction; the profile then
 * reads as one that never said them (search and the match finder already handle that). Clearing
 * happens even without a consent in force, so the data of a member from before consents goes too.
 */
export async function withdrawConsent(db: Kysely<Database>, { siteId, accountId, profileId }: Owner & { profileId: number }): Promise<Withdrawal> {
  return db.transaction().execute(async (tx) => {
    const ended = await tx
      .updateTable("consent_records")
      .set({ withdrawn_at: new Date() })
      .where("site_id", "=", siteId)
      .where("account_id", "=", accountId)
      .where("kind", "=", SPECIAL_CATEGORY)
      .where("withdrawn_at", "is", null)
      .returning("id")
      .execute();
    await tx
      .updateTable("profiles")
      .set({ sexuality: null, interests: [], updated_at: new Date() })
      .where("id", "=", profileId)
      .where("account_id", "=", accountId)
      .where("site_id", "=", siteId)
      .execute();
    return { status: ended.length > 0 ? "withdrawn" : "none" };
  });
}
