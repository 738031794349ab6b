import type { TFunction } from "i18next";
import { regionName } from "../profiles/places";
import { AGE_GAP_TOLERATED, DISTANCE_HALF_KM, MATCH_WEIGHTS, type Suggestion } from "./match-finder";

/** Why a member is suggested: its strongest signals, as data (the view words them). */
export type MatchReason =
  | { kind: "interests"; tags: string[] }
  | { kind: "distance"; km: number }
  | { kind: "region"; country: string; region: string }
  | { kind: "country"; country: string }
  | { kind: "age"; min: number; max: number }
  | { kind: "search" };

/** A suggestion says at most this much: a reason, not a report. */
export const MAX_REASONS = 2;
/** Further away than this, distance is a fact rather than a reason. */
export const NEARBY_KM = 100;
/** Interests named in a reason; the count says how many there are. */
const NAMED_INTERESTS = 3;

type ReasonContext = {
  /** The member's own age range from their search, when they chose one (the site's whole range says nothing). */
  agePreference?: { min: number; max: number };
  /** Whether the site serves several countries: only then is "also in Belgium" news. */
  severalCountries: boolean;
};

/** The strongest signals of a suggestion, strongest first, weighed as the ranking weighs them. */
export function reasonsFor({ signals, country, region }: Suggestion, { agePreference, severalCountries }: ReasonContext): MatchReason[] {
  const weighed: { weight: number; reason: MatchReason }[] = [];
  const interests = signals.sharedInterests;
  if (interests.length > 0) weighed.push({ weight: MATCH_WEIGHTS.perSharedInterest * interests.length, reason: { kind: "interests", tags: interests } });
  if (signals.distanceKm !== null) {
    if (signals.distanceKm <= NEARBY_KM) {
      weighed.push({ weight: MATCH_WEIGHTS.nearest / (1 + signals.distanceKm / DISTANCE_HALF_KM), reason: { kind: "distance", km: signals.distanceKm } });
    }
  } else if (signals.sameRegion && region) {
    weighed.push({ weight: MATCH_WEIGHTS.sameRegion, reason: { kind: "region", country, region } });
  } else if (signals.sameCountry && severalCountries) {
    weighed.push({ weight: MATCH_WEIGHTS.sameCountry, reason: { kind: "country", country } });
  }
  if (agePreference) {
    const fit = MATCH_WEIGHTS.sameAge * Math.max(0, 1 - signals.ageGap / AGE_GAP_TOLERATED);
    weighed.push({ weight: fit, reason: { kind: "age", ...agePreference } });
  }
  const strongest = weighed
    .filter(({ weight }) => weight > 0)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_REASONS)
    .map(({ reason }) => reason);
  // Everyone suggested fits the member's search; when nothing more stands out, that is the reason.
  if (strongest.length > 0) return strongest;
  return [agePreference ? { kind: "age", ...agePreference } : { kind: "search" }];
}

/** The reasons as one short line in the member's language. */
export function describeReasons(reasons: MatchReason[], { t, language, countryName }: { t: TFunction; language: string; countryName: (code: string) => string }): string {
  const list = new Intl.ListFormat(language, { type: "unit", style: "short" });
  return reasons
    .map((reason) => {
      switch (reason.kind) {
        case "interests": {
          const named = reason.tags.slice(0, NAMED_INTERESTS).map((tag) => t(`members:interest.${tag}`, { defaultValue: tag.replaceAll("_", " ") }));
          return t("matchfinder:reason.interests", { count: reason.tags.length, list: list.format(named) });
        }
        case "distance":
          return t("matchfinder:reason.distance", { km: Math.max(1, Math.round(reason.km)) });
        case "region":
          return t("matchfinder:reason.region", { place: regionName(reason.country, reason.region) ?? reason.region });
        case "country":
          return t("matchfinder:reason.country", { place: countryName(reason.country) });
        case "age":
          return t("matchfinder:reason.age", { min: reason.min, max: reason.max });
        case "search":
          return t("matchfinder:reason.search");
      }
    })
    .join(" · ");
}
