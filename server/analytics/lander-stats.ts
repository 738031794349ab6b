import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

/** One lander's numbers for a brand manager: per design, slug and traffic source ('' for none). */
export type LanderConversion = {
  siteId: string;
  design: string;
  slug: string;
  source: string;
  visits: number;
  signups: number;
  activations: number;
  firstPurchases: number;
};

/**
 * Visits since a UTC day, and what became of the visitors who signed up through each lander since
 * then: signed up, activated, bought at least once (at any time after). Read from lander_visits and
 * from the accounts and payments there are, so every number has its rows behind it.
 */
export async function landerConversions(db: Kysely<Database>, { since, siteId }: { since: string; siteId?: string }): Promise<LanderConversion[]> {
  let visits = db
    .selectFrom("lander_visits")
    .select(["site_id", "design", "slug", "network", (eb) => eb.fn.sum<string>("visits").as("visits")])
    .where("day", ">=", since)
    .groupBy(["site_id", "design", "slug", "network"]);
  let signups = db
    .selectFrom("accounts")
    .select([
      "site_id",
      "lander_design",
      "lander_slug",
      sql<string>`coalesce(tracking->>'network', '')`.as("network"),
      sql<string>`count(*)`.as("signups"),
      sql<string>`count(activated_at)`.as("activations"),
      sql<string>`count(*) filter (where exists (select 1 from payments where payments.account_id = accounts.id and payments.paid_at is not null))`.as("first_purchases"),
    ])
    .where("lander_design", "is not", null)
    .where("created_at", ">=", new Date(`${since}T00:00:00Z`))
    .groupBy(["site_id", "lander_design", "lander_slug", sql`coalesce(tracking->>'network', '')`]);
  if (siteId) {
    visits = visits.where("site_id", "=", siteId);
    signups = signups.where("site_id", "=", siteId);
  }
  const [visitRows, signupRows] = await Promise.all([visits.execute(), signups.execute()]);

  const rows = new Map<string, LanderConversion>();
  const row = (siteId: string, design: string, slug: string, source: string) => {
    const id = JSON.stringify([siteId, design, slug, source]);
    let found = rows.get(id);
    if (!found) rows.set(id, (found = { siteId, design, slug, source, visits: 0, signups: 0, activations: 0, firstPurchases: 0 }));
    return found;
  };
  for (const visit of visitRows) row(visit.site_id, visit.design, visit.slug, visit.network).visits = Number(visit.visits);
  for (const signup of signupRows) {
    Object.assign(row(signup.site_id, signup.lander_design!, signup.lander_slug ?? "", signup.network), {
      signups: Number(signup.signups),
      activations: Number(signup.activations),
      firstPurchases: Number(signup.first_purchases),
    });
  }
  return [...rows.values()].sort((a, b) => a.siteId.localeCompare(b.siteId) || b.visits - a.visits || b.signups - a.signups || a.design.localeCompare(b.design));
}
