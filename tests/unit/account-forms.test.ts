import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ageOn, emailChangeSchema, loginSchema, passwordChangeSchema, resetPasswordSchema, resetRequestSchema, signupSchema } from "../../server/accounts/forms";
import { defaultSeeking, gendersOn, NICHE_CHOICES, seekingOn, startToMeet, toProfileLabels } from "../../server/accounts/looking-for";

const schema = signupSchema({ minAge: 18, today: "2026-11-22", brandName: "Reife Liebe", niche: "milf" });
const valid = { gender: "male", looking_for: "women", email: " Jan@Example.com ", name: "Jan", date_of_birth: "1990-05-01", password: "long enough", signup_message: "", special_consent: "on" };

function messages(input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("the signup form (§3, §5)", () => {
  it("accepts a valid form, with the address trimmed and lower-cased", () => {
    expect(schema.parse(valid)).toMatchObject({ email: "jan@example.com", name: "Jan" });
  });

  it("gives the spec's message for each rule", () => {
    expect(messages({ ...valid, email: "jan@" })).toEqual({ email: "validation.emailInvalid" });
    expect(messages({ ...valid, name: "JAN@example.com" })).toEqual({ name: "validation.nameIsEmail" });
    expect(messages({ ...valid, name: "@jan" })).toEqual({ name: "account:signup.nameStartsWithAt" });
    expect(messages({ ...valid, date_of_birth: undefined })).toEqual({ date_of_birth: "validation.birthDateRequired" });
    expect(messages({ ...valid, date_of_birth: "2008-11-23" })).toEqual({ date_of_birth: "validation.birthDateRequired" });
    expect(messages({ ...valid, date_of_birth: "1990-02-30" })).toEqual({ date_of_birth: "validation.birthDateInvalid" });
    expect(messages({ ...valid, date_of_birth: "1800-01-01" })).toEqual({ date_of_birth: "validation.birthDateInvalid" });
    expect(messages({ ...valid, password: "1234567" })).toEqual({ password: "account:password.tooShort" });
    expect(messages({ ...valid, website: "http://spam" })).toEqual({ website: "errors.generic" });
  });

  it("refuses the brand's name however it is spelled", () => {
    for (const name of ["Reife Liebe", "reife-liebe", " REIFELIEBE "]) expect(messages({ ...valid, name })).toEqual({ name: "validation.nameIsBrand" });
    expect(messages({ ...valid, name: "Reife Lieke" })).toEqual({});
  });

  it("reports the name that is the e-mail even while other fields are wrong", () => {
    expect(messages({ ...valid, name: "jan@example.com", password: "" })).toMatchObject({ name: "validation.nameIsEmail" });
  });

  it("lets someone sign up on their 18th birthday, not the day before", () => {
    expect(messages({ ...valid, date_of_birth: "2008-11-22" })).toEqual({});
    expect(ageOn("2008-11-22", "2026-11-21")).toBe(17);
    expect(ageOn("2000-02-29", "2026-02-28")).toBe(25);
    expect(ageOn("2000-02-29", "2026-03-01")).toBe(26);
  });
});

describe("I am a … looking for a … (decision 027)", () => {
  it("asks both, with a message for each", () => {
    expect(messages({ ...valid, gender: undefined })).toEqual({ gender: "account:signup.genderRequired" });
    expect(messages({ ...valid, looking_for: "aliens" })).toEqual({ looking_for: "account:signup.lookingForRequired" });
  });

  it("refuses a pair the brand's niche is not for, even while other fields are wrong", () => {
    expect(messages({ ...valid, looking_for: "men" })).toEqual({ looking_for: "account:signup.lookingForNotHere.women" });
    expect(messages({ ...valid, looking_for: "men", password: "" })).toMatchObject({ looking_for: "account:signup.lookingForNotHere.women" });
    expect(messages({ ...valid, gender: "female", looking_for: "men" })).toEqual({});
    const gay = signupSchema({ minAge: 18, today: "2026-11-22", brandName: "HimMatch", niche: "gay" });
    const refused = (input: Record<string, unknown>) => gay.safeParse({ ...valid, ...input }).error?.issues.map((issue) => issue.message);
    expect(refused({ gender: "male", looking_for: "men" })).toBeUndefined();
    expect(refused({ gender: "male", looking_for: "women" })).toEqual(["account:signup.lookingForNotHere.men"]);
    expect(refused({ gender: "female", looking_for: "men" })).toEqual(["account:signup.lookingForNotHere.men"]);
  });

  it("starts from the visitor the niche is made for, and stores the pair as gender and sexuality", () => {
    expect(NICHE_CHOICES.gay.default).toEqual({ gender: "male", seeking: "men" });
    expect(NICHE_CHOICES.milf.default).toEqual({ gender: "male", seeking: "women" });
    expect(NICHE_CHOICES.none.default).toEqual({ gender: "male", seeking: "women" });
    expect(gendersOn("gay")).toEqual(["male"]);
    expect(seekingOn("gay")).toEqual(["men", "both"]);
    expect(defaultSeeking("bbw", "female")).toBe("men");
    expect(toProfileLabels({ gender: "male", seeking: "women" })).toEqual({ gender: "male", sexuality: "hetero" });
    expect(toProfileLabels({ gender: "male", seeking: "men" })).toEqual({ gender: "male", sexuality: "gay" });
    expect(toProfileLabels({ gender: "female", seeking: "women" })).toEqual({ gender: "female", sexuality: "lesbian" });
    expect(toProfileLabels({ gender: "female", seeking: "both" })).toEqual({ gender: "female", sexuality: "bi" });
  });
});

describe("the signup of a visitor who came to meet a member", () => {
  it("starts looking for that member's gender, as the niche's own visitor where it has one, else as the other gender", () => {
    expect(startToMeet("none", "male")).toEqual({ gender: "female", seeking: "men" });
    expect(startToMeet("none", "female")).toEqual({ gender: "male", seeking: "women" });
    expect(startToMeet("gay", "male")).toEqual({ gender: "male", seeking: "men" });
    expect(startToMeet("bbw", "male")).toEqual({ gender: "female", seeking: "men" });
    expect(startToMeet("milf", "female")).toEqual({ gender: "male", seeking: "women" });
    expect(startToMeet("none", undefined)).toEqual(NICHE_CHOICES.none.default);
  });
});

describe("the reset and e-mail change forms (§5)", () => {
  it("needs two equal passwords", () => {
    const result = resetPasswordSchema.safeParse({ token: "t", password: "long enough", password_repeat: "long enougH" });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["password_repeat", "validation.passwordsDiffer"],
    ]);
  });

  it("says the new address is invalid", () => {
    const result = emailChangeSchema.safeParse({ old_password: "x", new_email: "not an address" });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toEqual(["validation.newEmailInvalid"]);
  });
});

describe("an empty e-mail field", () => {
  const emailMessage = (form: z.ZodType, input: object, field: string) =>
    form.safeParse(input).error?.issues.find((issue) => issue.path.join(".") === field)?.message;

  it("asks to be filled in on every form, also when it holds only spaces", () => {
    // Conform sends an empty field as a missing one.
    for (const email of [undefined, "", "   "]) {
      expect(emailMessage(schema, { ...valid, email }, "email")).toBe("validation.emailRequired");
      expect(emailMessage(loginSchema, { email, password: "x" }, "email")).toBe("validation.emailRequired");
      expect(emailMessage(resetRequestSchema, { email }, "email")).toBe("validation.emailRequired");
      expect(emailMessage(emailChangeSchema, { old_password: "x", new_email: email }, "new_email")).toBe("validation.newEmailRequired");
    }
    expect(emailMessage(loginSchema, { email: "jan@", password: "x" }, "email")).toBe("validation.emailInvalid");
  });
});

describe("the password change form", () => {
  it("needs the current password and a new one of at least 8 characters", () => {
    const result = passwordChangeSchema.safeParse({ new_password: "short" });
    expect(result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["old_password", "account:password.required"],
      ["new_password", "account:password.tooShort"],
    ]);
    expect(passwordChangeSchema.safeParse({ old_password: "x", new_password: "long enough" }).success).toBe(true);
  });
});
