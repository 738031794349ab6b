import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "../db/schema";
import { featuredGender, type NicheName } from "../sites/niche-sides";

type Profiles = ExpressionBuilder<Database, "profiles">;

/** Born on or before this date means at least `years` old on `today` ('YYYY-MM-DD'). */
export function bornBy(today: string, years: number): string {
  const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  const date = `${String(year - years).padStart(4, "0")}${rest}`;
  // 29 February in a year without one: the birthday counts from 1 March.
  return date.endsWith("-02-29") && !isLeapYear(year - years) ? `${date.slice(0, 4)}-02-28` : date;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Who a viewer sees of a brand's pool (§3 niche); search, likes, the match finder, the swipe game
 * and auto-likes all ask here, through findableProfiles.
 *
 * The niche decides whom the brand features: a MILF brand mature women, a gay brand men who like
 * men, and so on. Visitors, and members of the featured gender's side, see only the featured
 * profiles of that gender. The niche never hides the other side of the market from the featured
 * side: a signed-in member also sees every member not of the featured gender who looks for
 * someone of the member's gender (the men who like the women of a MILF brand, say), in received
 * likes, as their senders and in search. A niche without a gender (none, bdsm) has no sides.
 */
export function nicheFilter({ niche, today, viewerProfileId }: { niche: NicheName; today: string; viewerProfileId?: number }) {
  const featured = featuredBy(niche, today);
  const gender = featuredGender(niche);
  return (eb: Profiles) => {
    if (viewerProfileId === undefined || gender === undefined) return featured(eb);
    return eb.or([featured(eb), eb.and([eb("profiles.gender", "is distinct from", gender), looksFor(eb, viewerGender(eb, viewerProfileId))])]);
  };
}

/** What a brand's niche (§3, 1–7) features of its pool; "none" features everyone. */
function featuredBy(niche: NicheName, today: string) {
  return (eb: Profiles) => {
    switch (niche) {
      case "she":
        return eb("profiles.gender", "=", "female");
      case "gay":
        return eb.and([eb("profiles.gender", "=", "male"), eb("profiles.sexuality", "in", ["gay", "bi"])]);
      case "milf":
        return eb.and([eb("profiles.gender", "=", "female"), eb("profiles.date_of_birth", "<=", bornBy(today, 35))]);
      case "gilf":
        return eb.and([eb("profiles.gender", "=", "female"), eb("profiles.date_of_birth", "<=", bornBy(today, 60))]);
      case "bbw":
        return eb.and([eb("profiles.gender", "=", "female"), eb("profiles.body_type", "in", ["curvy", "full_figured"])]);
      case "bdsm":
        return eb(sql`profiles.interests`, "&&", sql`array['bondage', 'sadomasochism']::text[]`);
      case "none":
        return eb.lit(true);
    }
  };
}

/** The viewer's gender, read once per query (an uncorrelated subquery), so callers pass only the id. */
function viewerGender(eb: Profiles, viewerProfileId: number) {
  return eb.selectFrom("profiles as viewer").select("viewer.gender").where("viewer.id", "=", viewerProfileId).$asScalar();
}

/**
 * Whether the profile looks for someone of this gender, as its gender and sexuality say. A missing
 * label rules nobody out (as in the match finder).
 */
function looksFor(eb: Profiles, gender: ReturnType<typeof viewerGender>) {
  return eb.or([
    eb(gender, "is", null),
    eb("profiles.gender", "is", null),
    eb("profiles.sexuality", "is", null),
    eb("profiles.sexuality", "=", "bi"),
    eb.and([eb("profiles.sexuality", "=", "hetero"), eb("profiles.gender", "!=", gender)]),
    eb.and([eb("profiles.sexuality", "in", ["gay", "lesbian"]), eb("profiles.gender", "=", gender)]),
  ]);
}
