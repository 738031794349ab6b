import { sql, type ExpressionBuilder } from "kysely";
import type { Database } from "../db/schema";
import type { NicheName } from "../sites/schema";

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
 * What a brand's niche (§3, 1–7) keeps of its pool. A gay brand shows men who like men, a MILF
 * brand mature women, and so on; "none" shows everyone.
 */
export function nicheFilter(niche: NicheName, today: string) {
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
