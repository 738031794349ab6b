import type { Gender } from "../db/schema";

/** A brand's niche (§1), by the number its file gives: 1 is none, 7 gay. */
export const NICHES = ["none", "she", "bdsm", "bbw", "gilf", "milf", "gay"] as const;
export type NicheName = (typeof NICHES)[number];

/**
 * The gender a niche features, where it features one: the side of the market the brand shows
 * (decision 014). Search, signup's "looking for" and the search's choices all follow from it.
 * Free of store and zod code, so browser-side modules may read it.
 */
const FEATURED_GENDER: Record<NicheName, Gender | undefined> = {
  none: undefined,
  she: "female",
  bdsm: undefined,
  bbw: "female",
  gilf: "female",
  milf: "female",
  gay: "male",
};

export function featuredGender(niche: NicheName): Gender | undefined {
  return FEATURED_GENDER[niche];
}
