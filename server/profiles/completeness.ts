/**
 * How complete a profile is, and what to add next: the profile editor's meter. Each step weighs
 * what it does for being found and answered (a photo most), counts only the fields the site
 * shows, and is worth its share of filled fields. Computed on the server from the stored profile.
 */

/** The steps in the order the meter suggests them. */
export const COMPLETENESS_STEPS = ["photo", "about_me", "interests", "location", "basics", "looks", "relationship"] as const;
export type CompletenessStep = (typeof COMPLETENESS_STEPS)[number];

/** Interests it takes for the step to count: a single tag says little about anyone. */
export const INTERESTS_WANTED = 3;

type StepRule = { weight: number; fields: readonly string[] };

const RULES: Record<CompletenessStep, StepRule> = {
  photo: { weight: 30, fields: [] },
  about_me: { weight: 20, fields: ["about_me"] },
  interests: { weight: 15, fields: ["interests"] },
  location: { weight: 10, fields: ["city"] },
  basics: { weight: 10, fields: ["gender", "sexuality", "reason"] },
  looks: { weight: 10, fields: ["hair_colour", "eye_colour", "body_type", "tattoos"] },
  relationship: { weight: 5, fields: ["relationship_status"] },
};

export type CompletenessProfile = {
  about_me: string | null;
  interests: readonly string[];
  city: string | null;
  gender: string | null;
  sexuality: string | null;
  reason: string | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  tattoos: string | null;
  relationship_status: string | null;
};

export type Completeness = {
  percent: number;
  /** The first step not yet done, in the order of COMPLETENESS_STEPS; none when all are done. */
  next: CompletenessStep | null;
  steps: { step: CompletenessStep; done: boolean }[];
};

function filled(profile: CompletenessProfile, field: string): boolean {
  if (field === "interests") return profile.interests.length >= INTERESTS_WANTED;
  const value = profile[field as keyof CompletenessProfile];
  return typeof value === "string" && value.trim() !== "";
}

/** `photos` counts the member's photos, those in review too: the member did add them. */
export function profileCompleteness(profile: CompletenessProfile, { photos, visibleFields }: { photos: number; visibleFields: readonly string[] }): Completeness {
  let earned = 0;
  let possible = 0;
  const steps: Completeness["steps"] = [];
  for (const step of COMPLETENESS_STEPS) {
    const { weight, fields } = RULES[step];
    const shown = fields.filter((field) => visibleFields.includes(field));
    // A step whose every field the site hides is not asked for (the photo step has none to hide).
    if (fields.length > 0 && shown.length === 0) continue;
    const share = step === "photo" ? (photos > 0 ? 1 : 0) : shown.filter((field) => filled(profile, field)).length / shown.length;
    earned += weight * share;
    possible += weight;
    steps.push({ step, done: share === 1 });
  }
  const percent = possible === 0 ? 100 : Math.round((100 * earned) / possible);
  return { percent, next: steps.find((entry) => !entry.done)?.step ?? null, steps };
}
