/**
 * The enumerated profile labels of §3. The database keeps these keys; screens translate them
 * ("members:label.<field>.<key>"), so a profile reads in each visitor's own language. They live
 * apart from the form's schema (labels.ts) so that the profile page renders without loading zod.
 */
export const PROFILE_CHOICES = {
  gender: ["male", "female"],
  sexuality: ["hetero", "gay", "lesbian", "bi"],
  reason: ["friendship", "dating", "relationship", "casual", "chat"],
  tattoos: ["none", "one", "some", "many"],
  hair_colour: ["blonde", "brown", "black", "red", "grey", "bald"],
  eye_colour: ["blue", "green", "brown", "grey", "hazel"],
  body_type: ["slim", "athletic", "average", "curvy", "full_figured"],
  relationship_status: ["single", "relationship", "married", "divorced", "widowed", "open"],
} as const;

export type ChoiceField = keyof typeof PROFILE_CHOICES;
export const CHOICE_FIELDS = Object.keys(PROFILE_CHOICES) as ChoiceField[];

export const CITY_MAX = 60;
export const ABOUT_ME_MAX = 2000;

