import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

/** The banners a member dismissed, by name, with when (being built). */
export async function dismissedBanners(_db: Kysely<Database>, _accountId: number): Promise<Record<string, string>> {
  return {};
}
