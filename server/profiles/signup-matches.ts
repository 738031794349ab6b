import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** How many profiles the screen after signup shows. */
export const SIGNUP_MATCHES_SHOWN = 12;

export type SignupMatch = { id: number; name: string; country: string; dateOfBirth: string };

/**
 * The first profiles a new member meets: active members of the brand's pool, newest first. The
 * match finder ranks by what two members share once profiles hold more than a name and an age.
 */
export async function findSignupMatches(db: Kysely<Database>, { pool, profileId, limit }: { pool: string; profileId: number; limit: number }) {
  const rows = await db
    .selectFrom("profiles")
    .innerJoin("sites", "sites.id", "profiles.site_id")
    .select(["profiles.id", "profiles.name", "profiles.country", "profiles.date_of_birth as dateOfBirth"])
    .where("sites.pool", "=", pool)
    .where("profiles.status", "=", "active")
    .where("profiles.id", "!=", profileId)
    .orderBy("profiles.created_at", "desc")
    .limit(limit)
    .execute();
  return rows satisfies SignupMatch[];
}
