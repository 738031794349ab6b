import type { Kysely } from "kysely";
import { ageOn } from "../accounts/forms";
import type { Database } from "../db/schema";
import { consentInForce, recordConsent, setsSpecialData, type GivenConsent } from "../privacy/consent";
import { visibleProfiles } from "../search/access";
import type { Site } from "../sites/schema";
import type { ProfileForm } from "./labels";

/** The labels of a profile as its owner edits them and others read them. */
const PROFILE_COLUMNS = [
  "profiles.id",
  "profiles.name",
  "profiles.date_of_birth",
  "profiles.gender",
  "profiles.sexuality",
  "profiles.country",
  "profiles.region",
  "profiles.city",
  "profiles.reason",
  "profiles.about_me",
  "profiles.tattoos",
  "profiles.hair_colour",
  "profiles.eye_colour",
  "profiles.body_type",
  "profiles.relationship_status",
  "profiles.interests",
  "profiles.invisible",
  "profiles.last_seen_at",
  "profiles.fictional",
  "profiles.geolocation",
  "profiles.main_photo_id",
  "profiles.status",
  "profiles.pool",
] as const;

const ALWAYS_EDITABLE = new Set(["name", "date_of_birth", "country"]);

/** The signed-in member's own profile, whatever its status. */
export async function loadOwnProfile(db: Kysely<Database>, { siteId, profileId }: { siteId: string; profileId: number }) {
  return db.selectFrom("profiles").select(PROFILE_COLUMNS).where("id", "=", profileId).where("site_id", "=", siteId).executeTakeFirst();
}

export type ProfileSave = { status: "saved" | "consent_required" };

/**
 * Saves the profile form. The birth date lives on the account too (the age rules read it), so
 * both change in one transaction. A sexuality or interest the profile does not hold yet is
 * special-category data: without a consent in force it is saved only with the one the member gave
 * on this form (`consent`), recorded in the same transaction; else nothing is saved.
 */
export async function updateProfile(
  db: Kysely<Database>,
  {
    siteId,
    accountId,
    profileId,
    form,
    visibleFields,
    consent,
  }: { siteId: string; accountId: number; profileId: number; form: ProfileForm; visibleFields: readonly string[]; consent?: GivenConsent },
): Promise<ProfileSave> {
  const all = {
    name: form.name,
    date_of_birth: form.date_of_birth,
    gender: form.gender ?? null,
    sexuality: form.sexuality ?? null,
    country: form.country,
    region: form.region || null,
    city: form.city || null,
    reason: form.reason ?? null,
    about_me: form.about_me || null,
    tattoos: form.tattoos ?? null,
    hair_colour: form.hair_colour ?? null,
    eye_colour: form.eye_colour ?? null,
    body_type: form.body_type ?? null,
    relationship_status: form.relationship_status ?? null,
    interests: form.interests,
  };
  // Labels the site does not show are not on the form: they keep what they held.
  const shown = Object.fromEntries(Object.entries(all).filter(([field]) => ALWAYS_EDITABLE.has(field) || visibleFields.includes(field)));
  return db.transaction().execute(async (tx) => {
    const stored = await tx
      .selectFrom("profiles")
      .select(["sexuality", "interests"])
      .where("id", "=", profileId)
      .where("site_id", "=", siteId)
      .forUpdate()
      .executeTakeFirst();
    const special = { sexuality: "sexuality" in shown ? all.sexuality : undefined, interests: "interests" in shown ? all.interests : undefined };
    if (stored && setsSpecialData(stored, special) && !(await consentInForce(tx, { siteId, accountId }))) {
      if (!consent) return { status: "consent_required" as const };
      await recordConsent(tx, { siteId, accountId, consent });
    }
    await tx
      .updateTable("profiles")
      .set({ ...shown, updated_at: new Date() })
      .where("id", "=", profileId)
      .where("site_id", "=", siteId)
      .execute();
    await tx.updateTable("accounts").set({ date_of_birth: form.date_of_birth }).where("id", "=", accountId).where("site_id", "=", siteId).execute();
    return { status: "saved" as const };
  });
}

/** Invisible mode (§4): the member keeps using the site but appears in no search, likes or lists. */
export async function setInvisible(db: Kysely<Database>, { siteId, profileId, invisible }: { siteId: string; profileId: number; invisible: boolean }) {
  await db.updateTable("profiles").set({ invisible, updated_at: new Date() }).where("id", "=", profileId).where("site_id", "=", siteId).execute();
}

/** Whether the member's own profile is in invisible mode (§4). */
export async function isInvisible(db: Kysely<Database>, { siteId, profileId }: { siteId: string; profileId: number }): Promise<boolean> {
  const row = await db.selectFrom("profiles").select("invisible").where("id", "=", profileId).where("site_id", "=", siteId).executeTakeFirst();
  return row?.invisible ?? false;
}

/** Another member's profile as a viewer may see it: visible in the site's pool, else undefined (not found). */
export async function loadProfileOf(db: Kysely<Database>, { site, profileId, today }: { site: Site; profileId: number; today: string }) {
  const row = await visibleProfiles(db, site).select(PROFILE_COLUMNS).where("profiles.id", "=", profileId).executeTakeFirst();
  if (!row) return undefined;
  const { date_of_birth: dateOfBirth, geolocation: _located, ...shown } = row;
  // Only the age is shown of a birth date, and never where the browser placed the member (§3).
  return { ...shown, age: ageOn(dateOfBirth, today) };
}
