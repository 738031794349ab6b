import type { AppLoadContext } from "@remix-run/node";
import { photosOf } from "../../server/photos/photos";
import { photoUrls } from "../../server/photos/urls";
import { presenceOf } from "../../server/presence/presence";
import { regionName } from "../../server/profiles/places";
import { loadProfileOf } from "../../server/profiles/profile";
import { localized } from "../../server/sites/settings";
import { countryNamer } from "./profiles.server";

/**
 * The member an ad showed, as their landing and signup pages present them to a visitor: photo, age,
 * where they live, their own words and whether they are online, with the words to show them in (so
 * the page carries no catalogue). Only a member visitors may find on this brand (active, visible,
 * in its pool); any other id is none, and the page goes on without one.
 */
export async function landingMember(context: AppLoadContext, idParam: string | undefined) {
  const profileId = Number(idParam);
  if (!Number.isSafeInteger(profileId) || profileId < 1) return undefined;
  const { site, language, today, t } = context;
  const db = context.services.store.db;
  const profile = await loadProfileOf(db, { site, profileId, today });
  if (!profile) return undefined;
  const [photo] = await photosOf({ db, profileId, viewer: "other" });
  const visible = new Set<string>(site.visible_profile_fields);
  const countryName = countryNamer(language);
  const region = visible.has("region") && profile.region ? regionName(profile.country, profile.region) : undefined;
  const town = visible.has("city") && profile.city ? profile.city : region;
  // Not from any cache: this page is rendered for each visit, so "online now" is now.
  const presence = presenceOf(profile.last_seen_at, profile.invisible, new Date());
  return {
    id: profile.id,
    name: profile.name,
    nameAge: visible.has("age") ? t("members:card.nameAge", { name: profile.name, age: profile.age }) : profile.name,
    place: [town, visible.has("country") ? countryName(profile.country) : undefined].filter(Boolean).join(", "),
    aboutMe: visible.has("about_me") ? profile.about_me : null,
    presence,
    // "She is online now": the pronoun from the profile's gender (i18next's context), none without one.
    presenceLabel: presence ? t(`members:landing.${presence}`, { context: profile.gender ?? undefined }) : undefined,
    gender: profile.gender ?? undefined,
    photo: photo ? photoUrls(site, photo) : undefined,
    photoAlt: t("members:profile.photoOf", { name: profile.name }),
    fictional: profile.fictional,
    fictionalWarning: profile.fictional && site.fictional_warning ? localized(site.fictional_warning.singular, language) : undefined,
  };
}

export type LandingMember = NonNullable<Awaited<ReturnType<typeof landingMember>>>;
