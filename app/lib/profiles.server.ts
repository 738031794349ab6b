import type { AppLoadContext } from "@remix-run/node";
import { consume, minutesFrom } from "../../server/accounts/limits";
import { regionName } from "../../server/profiles/places";
import type { SearchCard } from "../../server/search/search";
import { localized } from "../../server/sites/settings";
import type { ProfileCardData } from "../components/profile-card";

const namers = new Map<string, (code: string) => string>();

/** A country's name in the visitor's language; one namer per language, kept for the process. */
export function countryNamer(language: string): (code: string) => string {
  let namer = namers.get(language);
  if (!namer) {
    const names = new Intl.DisplayNames([language], { type: "region" });
    namer = (code) => names.of(code) ?? code;
    namers.set(language, namer);
  }
  return namer;
}

/** Where a member lives, as precisely as they said: city, else region, then the country. */
export function placeOf(profile: { city: string | null; region: string | null; country: string }, countryName: (code: string) => string): string {
  const local = profile.city || (profile.region ? regionName(profile.country, profile.region) : undefined);
  return [local, countryName(profile.country)].filter(Boolean).join(", ");
}

/** Profiles as the cards show them, in the visitor's language; members get a like button. */
export function toCards(context: AppLoadContext, results: (Omit<SearchCard, "liked"> & { liked?: boolean })[]): ProfileCardData[] {
  const countryName = countryNamer(context.language);
  const signedIn = Boolean(context.member);
  return results.map(({ id, name, age, fictional, image, liked, presence, ...where }) => ({
    id,
    name,
    age,
    fictional,
    image,
    place: placeOf(where, countryName),
    liked: signedIn ? Boolean(liked) : undefined,
    // Members only: a visitor's pages may come from the page cache, where "online now" would go stale.
    presence: signedIn ? (presence ?? null) : null,
  }));
}

/** The brand's plural fictional warning, for a list that shows at least one fictional profile. */
export function listFictionalWarning({ site, language }: Pick<AppLoadContext, "site" | "language">, listed: { fictional: boolean }[]): string | undefined {
  return listed.some((card) => card.fictional) && site.fictional_warning ? localized(site.fictional_warning.plural, language) : undefined;
}

/**
 * Counts a visitor's profile view against their address's limit, and past it answers 429 with the
 * reason in their language. Members are not limited: they are known and accountable.
 */
export async function limitVisitorProfileViews(context: AppLoadContext): Promise<void> {
  if (context.member) return;
  const state = await consume(context.services.limits.visitorProfileViewsIp, context.ip);
  if (state.allowed) return;
  throw new Response(context.t("members:limits.profileViews", { minutes: minutesFrom(state.msBeforeNext) }), {
    status: 429,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
