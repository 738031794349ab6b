import type { TFunction } from "i18next";

/** The groups the profile editor shows interests in. */
export const INTEREST_GROUPS = ["lifestyle", "erotic"] as const;
export type InterestGroup = (typeof INTEREST_GROUPS)[number];

/** The tags of §3 about sex and intimacy; every other tag, a brand's own ones too, is lifestyle. */
const EROTIC: ReadonlySet<string> = new Set([
  "anal_sex", "bondage", "exchanging_pictures", "kissing", "lingerie", "massages", "masturbating", "one_night_stand",
  "oral_sex", "public_sex", "sadomasochism", "safe_sex", "sex", "sex_toys", "threesome",
]);

export const interestGroup = (tag: string): InterestGroup => (EROTIC.has(tag) ? "erotic" : "lifestyle");

const collators = new Map<string, Intl.Collator>();

/** One collator per language, kept: building one costs more than sorting fifty names with it. */
function collatorFor(language: string): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language, { sensitivity: "base" });
    collators.set(language, collator);
  }
  return collator;
}

export type LabelledInterest = { tag: string; label: string };

/**
 * A site's interests by group, each group sorted by the names the visitor reads, the way their
 * language sorts them ("Öl" among the O's in German, after the Z's in Swedish). A group
 * without tags is left out.
 */
export function groupedInterests(tags: readonly string[], t: TFunction, language: string) {
  const collator = collatorFor(language);
  return INTEREST_GROUPS.map((group) => ({
    group,
    interests: tags
      .filter((tag) => interestGroup(tag) === group)
      .map((tag): LabelledInterest => ({ tag, label: t(`members:interest.${tag}`, { defaultValue: tag.replaceAll("_", " ") }) }))
      .sort((a, b) => collator.compare(a.label, b.label)),
  })).filter((entry) => entry.interests.length > 0);
}
