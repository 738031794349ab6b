import { z } from "zod";
import { birthDate, profileName, refineNameClash } from "../accounts/forms";
import { ABOUT_ME_MAX, CITY_MAX, PROFILE_CHOICES } from "./choices";

// The body limits (server/http/body-limits.ts) read the longest text here.
export { ABOUT_ME_MAX } from "./choices";

/** An optional choice: the empty option of a select means "not said". */
const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.enum(values, { error: "members:edit.invalidChoice" }).optional());

/**
 * The profile form (/profile). Name and birth date follow the signup rules, the name is neither
 * the member's e-mail address nor the brand's name; country and region must be the site's,
 * checked by the caller against its own lists.
 */
export function profileSchema({
  countries,
  interests,
  minAge,
  today,
  email,
  brandName,
}: {
  countries: readonly string[];
  interests: readonly string[];
  minAge: number;
  today: string;
  email: string;
  brandName: string;
}) {
  const form = z.object({
    name: profileName,
    date_of_birth: birthDate({ minAge, today }),
    gender: choice(PROFILE_CHOICES.gender),
    sexuality: choice(PROFILE_CHOICES.sexuality),
    reason: choice(PROFILE_CHOICES.reason),
    tattoos: choice(PROFILE_CHOICES.tattoos),
    hair_colour: choice(PROFILE_CHOICES.hair_colour),
    eye_colour: choice(PROFILE_CHOICES.eye_colour),
    body_type: choice(PROFILE_CHOICES.body_type),
    relationship_status: choice(PROFILE_CHOICES.relationship_status),
    country: z.string({ error: "members:edit.countryRequired" }).refine((value) => countries.includes(value), { error: "members:edit.countryRequired" }),
    region: z.string().trim().max(10).optional(),
    city: z.string().trim().max(CITY_MAX, { error: "members:edit.cityTooLong" }).optional(),
    about_me: z.string().trim().max(ABOUT_ME_MAX, { error: "members:edit.aboutTooLong" }).optional(),
    // Toggles send one value per chosen tag; unknown tags are dropped rather than refused.
    interests: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) => [...new Set([value ?? []].flat())].filter((tag) => interests.includes(tag))),
  });
  return refineNameClash(form, () => ({ email, brandName }));
}

export type ProfileForm = z.output<ReturnType<typeof profileSchema>>;
