import type { Gender } from "../db/schema";
import { featuredGender, type NicheName } from "../sites/niche-sides";

/*
 * Free of store code: the swipe game's page reads the search state's module for its constants, so
 * what this imports reaches the browser.
 */

/** A choice of the search's "looking for": a gender, or everyone (no gender filter). */
export type LookingFor = Gender | "everyone";

/**
 * What a member may look for on a brand, its default first, from the side the niche features. A
 * brand that features women offers women and, for the women among its members, the men who look
 * for them; never everyone, which would mix both sides of its market. A brand that features men
 * (gay) offers men only, so its search shows no choice at all. Niches without a side offer all three.
 */
export function lookingForChoices(niche: NicheName): readonly [LookingFor, ...LookingFor[]] {
  const featured = featuredGender(niche);
  if (featured === undefined) return ["everyone", "female", "male"];
  return featured === "male" ? ["male"] : ["female", "male"];
}
