import type { Gender } from "../db/schema";
import type { NicheName } from "../sites/schema";

/*
 * Free of store code: the swipe game's page reads the search state's module for its constants, so
 * what this imports reaches the browser.
 */

/** A choice of the search's "looking for": a gender, or everyone (no gender filter). */
export type LookingFor = Gender | "everyone";

/**
 * What a member may look for on a brand of each niche, its default first. A brand that features
 * women offers women and, for the women among its members, the men who look for them; never
 * everyone, which would mix both sides of its market. A gay brand offers men only, so its search
 * shows no choice at all. Niches without a side (none, bdsm) offer all three.
 */
const LOOKING_FOR: Record<NicheName, readonly [LookingFor, ...LookingFor[]]> = {
  none: ["everyone", "female", "male"],
  she: ["female", "male"],
  bdsm: ["everyone", "female", "male"],
  bbw: ["female", "male"],
  gilf: ["female", "male"],
  milf: ["female", "male"],
  gay: ["male"],
};

export function lookingForChoices(niche: NicheName): readonly [LookingFor, ...LookingFor[]] {
  return LOOKING_FOR[niche];
}
