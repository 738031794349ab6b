import { z } from "zod";
import { CONSENT_FIELD, CONSENT_REQUIRED_KEY } from "../privacy/consent-field";
import type { NicheName } from "../sites/schema";
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, SIGNUP_MESSAGE_MAX } from "./form-limits";
import { GENDERS, isAllowed, NICHE_CHOICES, SEEKING, type LookingFor } from "./looking-for";

/**
 * The account forms, one schema each, shared by the server (actions) and the browser (live
 * validation). Messages are translation keys, rendered in the visitor's language next to the field;
 * a bare key lives in the common namespace, "account:" keys in the account screens' namespace.
 */

const OLDEST_AGE = 120;

/** An e-mail field: left empty it asks to be filled in; filled in wrongly it says so. */
const email = (invalid: string, required = "validation.emailRequired") =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, { error: required })
    .pipe(z.email({ error: invalid }).max(254, { error: invalid }));

const newPassword = z
  .string({ error: "account:password.tooShort" })
  .min(PASSWORD_MIN, { error: "account:password.tooShort" })
  .max(PASSWORD_MAX, { error: "account:password.tooLong" });

const requiredPassword = z.string({ error: "account:password.required" }).max(PASSWORD_MAX, { error: "account:password.tooLong" });

/** Bots fill every field; people never see this one. */
const honeypot = z.string().max(0, { error: "errors.generic" }).optional();

/** Whole years between a 'YYYY-MM-DD' birth date and today ('YYYY-MM-DD'), or NaN for no such date. */
export function ageOn(dateOfBirth: string, today: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  if (!match) return Number.NaN;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return Number.NaN;
  const [todayYear, todayMonth, todayDay] = today.split("-").map(Number) as [number, number, number];
  const hadBirthday = todayMonth > month || (todayMonth === month && todayDay >= day);
  return todayYear - year - (hadBirthday ? 0 : 1);
}

/** A profile name's own rules (§5); what it may not be equal to is nameClash's, which needs more than the name. */
export const profileName = z
  .string({ error: "account:signup.nameRequired" })
  .trim()
  .min(2, { error: "account:signup.nameRequired" })
  .max(NAME_MAX, { error: "account:signup.nameTooLong" })
  .refine((name) => !name.startsWith("@"), { error: "account:signup.nameStartsWithAt" });

/** What a profile name may not be (§5): the member's own e-mail address, or the brand's name. */
export type NameNotEqualTo = { email?: string; brandName: string };

/** Letters and digits only, so "Reife-Liebe" and "reife liebe" are both the brand "Reife Liebe". */
const comparable = (text: string) => text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * The one rule of §5 that compares a profile name with something else, used at signup and on
 * every edit: the message key when the name is the member's e-mail address or the brand's name.
 */
export function nameClash(name: string, { email, brandName }: NameNotEqualTo): string | undefined {
  if (email && name.trim().toLowerCase() === email.trim().toLowerCase()) return "validation.nameIsEmail";
  const typed = comparable(name);
  if (typed && typed === comparable(brandName)) return "validation.nameIsBrand";
  return undefined;
}

/**
 * Adds nameClash to a form's schema, as an issue on its name field. Checked even while other
 * fields are wrong, so the message shows as soon as the name is typed.
 */
export function refineNameClash<T extends z.ZodType<object>>(schema: T, notEqualTo: (form: Record<string, unknown>) => NameNotEqualTo) {
  const clash = (form: unknown) => {
    const fields = form as Record<string, unknown>;
    return typeof fields.name === "string" ? nameClash(fields.name, notEqualTo(fields)) : undefined;
  };
  return schema.refine((form) => clash(form) === undefined, {
    path: ["name"],
    error: (issue) => clash(issue.input),
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });
}

/** A birth date of someone at least minAge today (§5). */
export function birthDate({ minAge, today }: { minAge: number; today: string }) {
  return z.string({ error: "validation.birthDateRequired" }).superRefine((value, ctx) => {
    const age = ageOn(value, today);
    if (Number.isNaN(age) || age < 0 || age > OLDEST_AGE) ctx.addIssue({ code: "custom", message: "validation.birthDateInvalid" });
    else if (age < minAge) ctx.addIssue({ code: "custom", message: "validation.birthDateRequired" });
  });
}

/**
 * "I am a … looking for a …" (decision 027): both answered, and a pair the brand's niche is for.
 * Checked even while other fields are wrong, so a refused pair shows at once.
 */
function refineLookingFor<T extends z.ZodType<object>>(schema: T, niche: NicheName) {
  const refused = (form: unknown) => {
    const { gender, looking_for: seeking } = form as Record<string, unknown>;
    const pair = { gender, seeking } as LookingFor;
    return GENDERS.includes(pair.gender) && SEEKING.includes(pair.seeking) && !isAllowed(niche, pair);
  };
  return schema.refine((form) => !refused(form), {
    path: ["looking_for"],
    error: `account:signup.lookingForNotHere.${NICHE_CHOICES[niche].refusal ?? "women"}`,
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });
}

export function signupSchema({ minAge, today, brandName, niche }: { minAge: number; today: string; brandName: string; niche: NicheName }) {
  const form = z.object({
    gender: z.enum(GENDERS, { error: "account:signup.genderRequired" }),
    looking_for: z.enum(SEEKING, { error: "account:signup.lookingForRequired" }),
    email: email("validation.emailInvalid"),
    name: profileName,
    date_of_birth: birthDate({ minAge, today }),
    signup_message: z.string().trim().max(SIGNUP_MESSAGE_MAX, { error: "account:signup.messageTooLong" }).optional(),
    password: newPassword,
    // The answer above is stored as a sexuality, special-category data: the visitor's explicit
    // consent (an unticked box they tick) is required for it (GDPR art. 9, server/privacy/consent.ts).
    [CONSENT_FIELD]: z.literal("on", { error: CONSENT_REQUIRED_KEY }),
    website: honeypot,
  });
  return refineLookingFor(refineNameClash(form, (fields) => ({ email: typeof fields.email === "string" ? fields.email : undefined, brandName })), niche);
}

export type SignupForm = z.output<ReturnType<typeof signupSchema>>;

export const loginSchema = z.object({
  email: email("validation.emailInvalid"),
  password: requiredPassword,
  redirectTo: z.string().optional(),
});

export const resetRequestSchema = z.object({
  email: email("validation.emailInvalid"),
  website: honeypot,
});

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "errors.linkExpired" }),
    password: newPassword,
    password_repeat: z.string({ error: "validation.passwordsDiffer" }),
  })
  .refine((form) => form.password === form.password_repeat, { path: ["password_repeat"], error: "validation.passwordsDiffer" });

export const emailChangeSchema = z.object({
  old_password: requiredPassword,
  new_email: email("validation.newEmailInvalid", "validation.newEmailRequired"),
});

export const passwordChangeSchema = z.object({
  old_password: requiredPassword,
  new_password: newPassword,
});
