import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Language } from "../i18n/languages";
import type { CountryCode } from "../sites/countries";
import { nicheName, type NicheName, type Site } from "../sites/schema";
import { avatarKeySql, DEMO_AVATAR_SIZE, writeAvatars, type PutFile } from "./demo-avatars";
import { aboutMeTexts, FIRST_NAMES, LANGUAGE_REGIONS, townsOf } from "./demo-words";
import { PROFILE_CHOICES } from "./choices";
import { AVATAR_VARIANTS, type AvatarSubject } from "./avatar-look";
import { regionsOf } from "./places";

/**
 * Believable demo members, so a fresh install (and a load test) has people to search, view and
 * like. Rows are made by the database itself, a batch per statement (INSERT … SELECT … FROM
 * generate_series), each profile with its photo in the same statement: a million take under a
 * minute on PostgreSQL, a few hundred a tenth of a second on PGlite. Each photo is an illustrated
 * portrait of that member (demo-avatars.ts), drawn and stored in the batch's transaction.
 *
 * Each site's niche decides who its members are (gay: men; milf: women of 35–59; …); its countries
 * (weighted to the first), languages, interests and minimum age decide the rest. Demo members have
 * no account, so nobody can sign in as one; about one in twelve is marked fictional.
 */

export type SeedDemoMembersOptions = {
  db: Kysely<Database>;
  /** The brands to fill; the count is spread evenly over their pools, then over each pool's sites. */
  sites: readonly Site[];
  count: number;
  /** Where the avatar files go (PhotoStorage.put). */
  put: PutFile;
  /** Whether a portrait is stored already (from an earlier run), so it is not written again. */
  exists?: (key: string) => Promise<boolean>;
  log?: (message: string) => void;
  /** Rows per statement. */
  batchSize?: number;
};

export type SeedDemoMembersResult = {
  profiles: number;
  photos: number;
  /** Portrait files drawn and stored (looks shared by several members, or stored before, count once or not at all). */
  avatars: number;
  byPool: Record<string, number>;
  milliseconds: number;
};

const DEFAULT_BATCH = 50_000;
const FICTIONAL_SHARE = 0.08;
const WITHOUT_ABOUT_ME = 0.06;
const INTEREST_SETS = 1024;
const HISTORY_DAYS = 730;

type Weighted<T extends string> = Partial<Record<T, number>>;
type Sexuality = (typeof PROFILE_CHOICES.sexuality)[number];
type BodyType = (typeof PROFILE_CHOICES.body_type)[number];
type AgeBand = readonly [from: number, to: number, weight: number];

type NicheRules = {
  femaleShare: number;
  ages: readonly AgeBand[];
  sexuality: { female: Weighted<Sexuality>; male: Weighted<Sexuality> };
  body?: { female?: Weighted<BodyType>; male?: Weighted<BodyType> };
  reason?: Weighted<(typeof PROFILE_CHOICES.reason)[number]>;
  relationship?: Weighted<(typeof PROFILE_CHOICES.relationship_status)[number]>;
  tattoos?: Weighted<(typeof PROFILE_CHOICES.tattoos)[number]>;
  /** Every member's interests include one of these (bdsm). */
  oneOfInterests?: readonly string[];
};

const ADULT_AGES: readonly AgeBand[] = [[18, 24, 2], [25, 34, 4], [35, 44, 4], [45, 54, 3], [55, 69, 2]];
const MOSTLY_HETERO = { female: { hetero: 17, bi: 2, lesbian: 1 }, male: { hetero: 17, bi: 2, gay: 1 } } as const;

const NICHE_RULES: Record<NicheName, NicheRules> = {
  none: { femaleShare: 0.5, ages: ADULT_AGES, sexuality: MOSTLY_HETERO },
  she: { femaleShare: 1, ages: ADULT_AGES, sexuality: { female: { lesbian: 10, bi: 7, hetero: 3 }, male: {} } },
  bdsm: {
    femaleShare: 0.5,
    ages: [[21, 29, 2], [30, 39, 4], [40, 49, 4], [50, 65, 2]],
    sexuality: { female: { hetero: 14, bi: 5, lesbian: 1 }, male: { hetero: 14, bi: 5, gay: 1 } },
    reason: { casual: 6, dating: 4, chat: 3, relationship: 2, friendship: 1 },
    tattoos: { none: 5, one: 4, some: 6, many: 4 },
    oneOfInterests: ["bondage", "sadomasochism"],
  },
  bbw: {
    femaleShare: 1,
    ages: [[20, 29, 3], [30, 39, 4], [40, 49, 3], [50, 65, 2]],
    sexuality: MOSTLY_HETERO,
    body: { female: { full_figured: 10, curvy: 8, average: 2 } },
  },
  gilf: {
    femaleShare: 1,
    ages: [[60, 69, 6], [70, 80, 4]],
    sexuality: { female: { hetero: 18, bi: 1, lesbian: 1 }, male: {} },
    relationship: { single: 6, divorced: 5, widowed: 5, married: 1, open: 1 },
    body: { female: { slim: 2, average: 5, curvy: 3, full_figured: 2 } },
  },
  milf: {
    femaleShare: 1,
    ages: [[35, 44, 5], [45, 52, 4], [53, 59, 2], [30, 34, 1]],
    sexuality: MOSTLY_HETERO,
    relationship: { single: 8, divorced: 6, married: 2, open: 2, relationship: 1, widowed: 1 },
  },
  gay: { femaleShare: 0, ages: ADULT_AGES, sexuality: { female: {}, male: { gay: 8, bi: 2 } } },
};

const DEFAULT_BODY = {
  female: { slim: 3, athletic: 2, average: 4, curvy: 3, full_figured: 1 },
  male: { slim: 3, athletic: 4, average: 5, full_figured: 2 },
} as const;
const DEFAULT_REASON = { friendship: 2, dating: 5, relationship: 4, casual: 3, chat: 2 } as const;
const DEFAULT_RELATIONSHIP = { single: 10, divorced: 4, relationship: 1, married: 1, widowed: 1, open: 2 } as const;
const DEFAULT_TATTOOS = { none: 10, one: 4, some: 4, many: 2 } as const;
const EYES = { blue: 3, green: 2, brown: 4, grey: 1, hazel: 2 } as const;
/** Grey comes with age (in SQL), not from these. */
const HAIR = { female: { blonde: 4, brown: 6, black: 4, red: 2 }, male: { blonde: 3, brown: 6, black: 4, red: 1, bald: 2 } } as const;

/** A weighted list as an array with each key repeated by its weight: a uniform pick is a weighted one. */
function expand<T extends string>(weights: Weighted<T>): T[] {
  return (Object.entries(weights) as [T, number][]).flatMap(([key, weight]) => Array<T>(weight).fill(key));
}

/** Splits `total` by weights into whole numbers that add up to it (largest remainders). */
export function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    counts[i]! += 1;
  }
  return counts;
}

/** The age bands at or above the pool's minimum age; never empty. */
function ageBands(bands: readonly AgeBand[], minAge: number): AgeBand[] {
  const kept = bands.filter(([, to]) => to >= minAge).map(([from, to, weight]) => [Math.max(from, minAge), to, weight] as const);
  return kept.length > 0 ? kept : [[minAge, Math.max(minAge, 80), 1]];
}

/** Random interest sets of 3–8 of the site's tags (bdsm: always one of its required tags). */
function interestSets(tags: readonly string[], required: readonly string[] | undefined): string[] {
  // The niche's tags the site offers; the niche's own when it offers none of them.
  const offered = required?.filter((tag) => tags.includes(tag)) ?? [];
  const must = offered.length > 0 ? offered : [...(required ?? [])];
  const sets: string[] = [];
  for (let i = 0; i < INTEREST_SETS; i++) {
    const size = Math.min(tags.length, 3 + Math.floor(Math.random() * 6));
    const pool = [...tags];
    const chosen: string[] = [];
    while (chosen.length < size && pool.length > 0) chosen.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!);
    if (must.length > 0 && !chosen.some((tag) => must.includes(tag))) {
      const tag = must[Math.floor(Math.random() * must.length)]!;
      if (chosen.length >= Math.max(3, size)) chosen[Math.floor(Math.random() * chosen.length)] = tag;
      else chosen.push(tag);
    }
    // Stored as one text per set; the statement splits it (arrays of arrays must be rectangular).
    sets.push(chosen.join(","));
  }
  return sets;
}

/**
 * Region and town pairs to pick from, each as often as its weight: every region of regionsOf (only
 * those where the language is spoken, for a country's second languages), with its towns from the
 * word list (a region the list lacks gets no town).
 */
export function placesOf(country: CountryCode, language?: Language): { regionCodes: string[]; cities: (string | null)[] } {
  const regionCodes: string[] = [];
  const cities: (string | null)[] = [];
  const towns = townsOf(country);
  const spoken = language ? LANGUAGE_REGIONS[`${country}-${language}`] : undefined;
  for (const { code } of regionsOf(country)) {
    if (spoken && !spoken.includes(code)) continue;
    const own = towns.filter((town) => town.region === code);
    for (const { city, weight } of own.length > 0 ? own : [{ city: null, weight: 1 }]) {
      for (let i = 0; i < weight; i++) {
        regionCodes.push(code);
        cities.push(city);
      }
    }
  }
  return { regionCodes, cities };
}

type Segment = { site: Site; minAge: number; country: CountryCode; language: Language; count: number };

/**
 * Portraits of the kind of member a niche's brands have, the same ones every time (a fixed seed):
 * the landers' video loops are drawn from them at build time, so they need no database.
 */
export function nicheSubjects(niche: NicheName, count: number): AvatarSubject[] {
  const rules = NICHE_RULES[niche];
  let seed = 0x9e3779b9;
  // mulberry32: a few lines of seeded randomness; the loops need repeatable draws, not good ones.
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pickFrom = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const bands = ageBands(rules.ages, 20).flatMap((band) => Array<AgeBand>(band[2]).fill(band));
  return Array.from({ length: count }, (_, i) => {
    // A mixed niche alternates, so that any few faces in a row show both.
    const female = rules.femaleShare >= 1 || (rules.femaleShare > 0 && i % 2 === 0);
    const gender = female ? "female" : "male";
    const [from, to] = pickFrom(bands);
    const age = from + Math.floor(random() * (to - from + 1));
    const hair = age >= 55 && random() < (age - 45) / 40 ? "grey" : pickFrom(expand(HAIR[gender]));
    return { gender, age, body: pickFrom(expand(rules.body?.[gender] ?? DEFAULT_BODY[gender])), hair, variant: Math.floor(random() * AVATAR_VARIANTS) };
  });
}

/** How the count spreads: evenly over pools, evenly over a pool's sites, by weight over countries and languages. */
export function planSegments(sites: readonly Site[], count: number): Segment[] {
  const pools = new Map<string, Site[]>();
  for (const site of sites) pools.set(site.pool, [...(pools.get(site.pool) ?? []), site]);
  const poolList = [...pools.values()];
  const segments: Segment[] = [];
  apportion(count, poolList.map(() => 1)).forEach((poolCount, p) => {
    const poolSites = poolList[p]!;
    // Every site of a pool shows every profile of it, so each is at least the oldest minimum age.
    const minAge = Math.max(...poolSites.map((site) => site.min_age));
    apportion(poolCount, poolSites.map(() => 1)).forEach((siteCount, s) => {
      const site = poolSites[s]!;
      const countries = site.countries;
      apportion(siteCount, countries.map((_, i) => (i === 0 ? 3 : 1))).forEach((countryCount, c) => {
        const country = countries[c]!;
        const languages = site.locales[country] ?? [site.domain_language];
        apportion(countryCount, languages.map((_, i) => (i === 0 ? 4 : 1))).forEach((languageCount, l) => {
          if (languageCount > 0) segments.push({ site, minAge, country, language: languages[l]!, count: languageCount });
        });
      });
    });
  });
  return segments;
}

/** A uniform pick from a constant array, inline in SQL. */
const pick = (values: readonly string[]) => sql<string>`(${values}::text[])[1 + floor(random() * ${values.length})::int]`;

/** Inserts one batch; returns how many and the portrait keys their photos use. */
async function insertBatch(db: Kysely<Database>, segment: Segment, count: number): Promise<{ inserted: number; keys: string[] }> {
  const { site, country, language, minAge } = segment;
  const rules = NICHE_RULES[nicheName(site.niche)];
  const bands = ageBands(rules.ages, minAge);
  const bandIndex = bands.flatMap(([, , weight], i) => Array<number>(weight).fill(i + 1));
  const { regionCodes, cities } = placesOf(country, language);
  const names = FIRST_NAMES[language];
  const about = aboutMeTexts(language);
  const sexuality = {
    female: expand(rules.sexuality.female).length > 0 ? expand(rules.sexuality.female) : ["hetero"],
    male: expand(rules.sexuality.male).length > 0 ? expand(rules.sexuality.male) : ["hetero"],
  };
  const body = { female: expand(rules.body?.female ?? DEFAULT_BODY.female), male: expand(rules.body?.male ?? DEFAULT_BODY.male) };
  const interests = interestSets(site.interests, rules.oneOfInterests);
  const byGender = (female: readonly string[], male: readonly string[]) => sql<string>`case when female then ${pick(female)} else ${pick(male)} end`;

  // base: the draws several columns share (volatile, so evaluated once per row).
  // The photo id is drawn up front, so profile and photo are written by one statement and the
  // profile needs no second write; both foreign keys are checked at the end of the statement.
  const result = await sql<{ inserted: number; keys: string[] }>`
    with base as (
      select
        nextval(pg_get_serial_sequence('photos', 'id')) as photo_id,
        random() < ${rules.femaleShare}::float8 as female,
        (${bandIndex}::int[])[1 + floor(random() * ${bandIndex.length})::int] as band,
        1 + floor(random() * ${Math.max(regionCodes.length, 1)})::int as region_index,
        now() - random() * interval '1 day' * ${HISTORY_DAYS} as created_at
      from generate_series(1, ${count}::int)
    ),
    aged as (
      select base.*,
        (${bands.map((b) => b[0])}::int[])[band]
          + floor(random() * ((${bands.map((b) => b[1])}::int[])[band] - (${bands.map((b) => b[0])}::int[])[band] + 1))::int as age
      from base
    ),
    drawn as (
      select aged.*,
        case when age >= 55 and random() < (age - 45) / 40.0 then 'grey' else ${byGender(expand(HAIR.female), expand(HAIR.male))} end as hair
      from aged
    ),
    inserted as (
      insert into profiles (
        account_id, site_id, pool, name, country, region, city, date_of_birth, status, gender, sexuality,
        reason, about_me, tattoos, hair_colour, eye_colour, body_type, relationship_status, interests,
        invisible, fictional, main_photo_id, created_at, updated_at
      )
      select
        null, ${site.id}, ${site.pool}, ${byGender(names.female, names.male)}, ${country},
        (${regionCodes}::text[])[region_index], (${cities}::text[])[region_index],
        ((current_date - make_interval(years => age))::date - floor(random() * 365)::int),
        'active', case when female then 'female' else 'male' end, ${byGender(sexuality.female, sexuality.male)},
        ${pick(expand(rules.reason ?? DEFAULT_REASON))},
        case when random() < ${WITHOUT_ABOUT_ME}::float8 then null else ${pick(about)} end,
        ${pick(expand(rules.tattoos ?? DEFAULT_TATTOOS))}, hair, ${pick(expand(EYES))}, ${byGender(body.female, body.male)},
        ${pick(expand(rules.relationship ?? DEFAULT_RELATIONSHIP))},
        string_to_array(${pick(interests)}, ','),
        false, random() < ${FICTIONAL_SHARE}::float8, photo_id, created_at, created_at
      from drawn
      returning main_photo_id, id, gender, body_type, hair_colour, date_of_birth, created_at
    ),
    chosen as (
      select inserted.*,
        ${avatarKeySql({ id: "id", gender: "gender", age: "years", body: "body_type", hair: "hair_colour" })} as filename
      from (select inserted.*, extract(year from age(current_date, date_of_birth))::int as years from inserted) inserted
    ),
    stored as (
      insert into photos (id, profile_id, filename, thumb_filename, width, height, status, created_at)
      overriding system value
      select main_photo_id, id, filename, filename, ${DEMO_AVATAR_SIZE}, ${DEMO_AVATAR_SIZE}, 'active', created_at
      from chosen
      returning filename
    )
    select count(*)::int as inserted, coalesce(array_agg(distinct filename), '{}') as keys from stored
  `.execute(db);
  return { inserted: result.rows[0]?.inserted ?? 0, keys: result.rows[0]?.keys ?? [] };
}

/** Creates `count` demo members over the given sites' pools; returns how many and how long it took. */
export async function seedDemoMembers({ db, sites, count, put, exists, log, batchSize = DEFAULT_BATCH }: SeedDemoMembersOptions): Promise<SeedDemoMembersResult> {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number of at least 0, not ${count}`);
  const started = performance.now();
  const byPool: Record<string, number> = {};
  if (count === 0 || sites.length === 0) return { profiles: 0, photos: 0, avatars: 0, byPool, milliseconds: 0 };

  const written = new Set<string>();
  let profiles = 0;
  let avatars = 0;
  for (const segment of planSegments(sites, count)) {
    for (let done = 0; done < segment.count; done += batchSize) {
      // The portraits are stored before the rows commit, so no photo row ever names a missing file.
      const rows = await db.transaction().execute(async (tx) => {
        const batch = await insertBatch(tx, segment, Math.min(batchSize, segment.count - done));
        avatars += await writeAvatars(batch.keys, { put, exists }, written);
        return batch.inserted;
      });
      profiles += rows;
      byPool[segment.site.pool] = (byPool[segment.site.pool] ?? 0) + rows;
      if (count >= 10 * batchSize) log?.(`${profiles.toLocaleString("en")} of ${count.toLocaleString("en")} demo members`);
    }
  }
  // Fresh statistics, so search plans for the new rows at once rather than after autovacuum.
  await sql`analyze profiles, photos`.execute(db);
  return { profiles, photos: profiles, avatars, byPool, milliseconds: Math.round(performance.now() - started) };
}
