import type { Gender, Sexuality } from "../db/schema";
import { featuredGender, NICHES, type NicheName } from "../sites/niche-sides";

/**
 * "I am a … looking for a …", the first question of signup, and how it is stored: as the profile's
 * gender and sexuality (§3), which already say whom a member looks for (decision 027). Pure and
 * free of zod, so the signup form carries it to the browser at almost no cost.
 */

export const GENDERS = ["male", "female"] as const satisfies readonly Gender[];
export const SEEKING = ["men", "women", "both"] as const;
export type Seeking = (typeof SEEKING)[number];
export type LookingFor = { gender: Gender; seeking: Seeking };

type NicheChoices = {
  /** Whom a member of each gender may look for here; a gender missing from it cannot sign up here. */
  allowed: Partial<Record<Gender, readonly Seeking[]>>;
  /** What the form starts with: the visitor the brand is made for. */
  default: LookingFor;
  /** Why a choice outside `allowed` is refused (a key under account:signup.lookingForNotHere). */
  refusal?: "women" | "men";
};

const EVERYONE: NicheChoices = { allowed: { male: SEEKING, female: SEEKING }, default: { gender: "male", seeking: "women" } };

/**
 * A brand that features women (she, bbw, gilf, milf) is where men meet those women, and where the
 * women meet whom they like; a man looking for men has no one to meet there.
 */
const FEATURING_WOMEN: NicheChoices = {
  allowed: { male: ["women", "both"], female: SEEKING },
  default: { gender: "male", seeking: "women" },
  refusal: "women",
};

/** A brand that features men (gay) is for men looking for men, and bi men. */
const FEATURING_MEN: NicheChoices = { allowed: { male: ["men", "both"] }, default: { gender: "male", seeking: "men" }, refusal: "men" };

/** The choices of each niche, from the side it features (niche-sides.ts). */
export const NICHE_CHOICES = Object.fromEntries(
  NICHES.map((niche) => {
    const featured = featuredGender(niche);
    return [niche, featured === undefined ? EVERYONE : featured === "female" ? FEATURING_WOMEN : FEATURING_MEN];
  }),
) as Record<NicheName, NicheChoices>;

/** The genders that may sign up on a niche, in the form's order. */
export function gendersOn(niche: NicheName): Gender[] {
  return GENDERS.filter((gender) => NICHE_CHOICES[niche].allowed[gender] !== undefined);
}

/** Everyone a member of any gender may look for on a niche, in the form's order. */
export function seekingOn(niche: NicheName): Seeking[] {
  const allowed = Object.values(NICHE_CHOICES[niche].allowed).flat();
  return SEEKING.filter((seeking) => allowed.includes(seeking));
}

export function isAllowed(niche: NicheName, { gender, seeking }: LookingFor): boolean {
  return NICHE_CHOICES[niche].allowed[gender]?.includes(seeking) ?? false;
}

/**
 * What a member of this gender most likely looks for here: the niche's default when it is theirs,
 * else the other gender, else the first choice the niche allows them.
 */
export function defaultSeeking(niche: NicheName, gender: Gender): Seeking {
  const choices = NICHE_CHOICES[niche];
  if (choices.default.gender === gender) return choices.default.seeking;
  const allowed = choices.allowed[gender] ?? SEEKING;
  const otherGender: Seeking = gender === "male" ? "women" : "men";
  return allowed.includes(otherGender) ? otherGender : (allowed[0] ?? otherGender);
}

/** The profile labels that say the same: both is bi, one's own gender gay or lesbian, the other hetero. */
export function toProfileLabels({ gender, seeking }: LookingFor): { gender: Gender; sexuality: Sexuality } {
  if (seeking === "both") return { gender, sexuality: "bi" };
  const same = (seeking === "men") === (gender === "male");
  if (!same) return { gender, sexuality: "hetero" };
  return { gender, sexuality: gender === "male" ? "gay" : "lesbian" };
}

/**
 * Where the form starts for a visitor who came to meet a member of this gender (their landing and
 * signup pages): looking for that gender, as the visitor the niche is made for where it has one,
 * else most likely as the other gender (on a brand for everyone, a man's picture draws women).
 */
export function startToMeet(niche: NicheName, toMeet: Gender | undefined): LookingFor {
  const usual = NICHE_CHOICES[niche].default;
  if (!toMeet) return usual;
  const seeking: Seeking = toMeet === "male" ? "men" : "women";
  const other: Gender = toMeet === "male" ? "female" : "male";
  const candidates = featuredGender(niche) === undefined ? [other, toMeet] : [usual.gender, other, toMeet];
  const gender = candidates.find((candidate) => isAllowed(niche, { gender: candidate, seeking }));
  return gender ? { gender, seeking } : usual;
}
