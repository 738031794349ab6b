import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { signupSchema, type SignupForm } from "../../server/accounts/forms";
import { consume } from "../../server/accounts/limits";
import { forgetSearchCookie } from "../../server/http/cookies";
import { createAccount, emailStanding, signupsOpen, type EmailStanding } from "../../server/accounts/signup";
import { consentAsShown } from "../../server/privacy/consent";
import { loadProfileOf } from "../../server/profiles/profile";
import { nicheName } from "../../server/sites/schema";
import { completeSignupPath } from "../components/signup/signup-form";
import { signIn } from "./auth.server";
import { safeRedirect } from "./safe-redirect";

const STANDING_ERROR: Record<Exclude<EmailStanding, "free">, string> = {
  taken: "account:signup.emailExists",
  deleted: "account:signup.emailDeleted",
};

export const signupFormSchema = (context: AppLoadContext) =>
  signupSchema({ minAge: context.site.min_age, today: context.today, brandName: context.site.name, niche: nicheName(context.site.niche) });

type Checked = { ok: true; form: SignupForm } | { ok: false; result: SubmissionResult<string[]>; tooMany?: true };

/**
 * Step one of §4, "check data": the form's rules, the site's signup policy, and whether the address
 * is free. That last answer tells whether an address has an account, so it is rate-limited per IP.
 */
export async function checkSignup(context: AppLoadContext, formData: FormData): Promise<Checked> {
  const submission = parseWithZod(formData, { schema: signupFormSchema(context) });
  const hidden = { hideFields: ["password"] };
  if (submission.status !== "success") return { ok: false, result: submission.reply(hidden) };
  if (!signupsOpen(context.site, context.tracking)) return { ok: false, result: submission.reply({ ...hidden, formErrors: ["account:signup.inviteOnly"] }) };
  if (!(await consume(context.services.limits.signupCheckIp, context.ip)).allowed) {
    return { ok: false, tooMany: true, result: submission.reply({ ...hidden, formErrors: ["account:signupCheck.tooMany"] }) };
  }
  const standing = await emailStanding(context.services.store.db, { siteId: context.site.id, email: submission.value.email });
  if (standing !== "free") return { ok: false, result: submission.reply({ ...hidden, fieldErrors: { email: [STANDING_ERROR[standing]] } }) };
  return { ok: true, form: submission.value };
}

/**
 * Step two, "create account": checks again (the first check may be stale), creates the account
 * with its activation mail queued, and signs the new member in. The search the visitor made
 * before goes: the member's search starts from whom they said they look for.
 */
export async function createSignup(context: AppLoadContext, formData: FormData) {
  const checked = await checkSignup(context, formData);
  if (!checked.ok) return checked;
  const retry = () => parseWithZod(formData, { schema: signupFormSchema(context) });
  if (!(await consume(context.services.limits.signupIp, context.ip)).allowed) {
    return { ok: false as const, result: retry().reply({ hideFields: ["password"], formErrors: ["account:signup.tooMany"] }) };
  }
  // The member whose page this signup came from, if visitors may find them here: their chat opens after activation.
  const forProfileId = Number(formData.get("for_profile"));
  const forProfile =
    Number.isSafeInteger(forProfileId) && forProfileId > 0
      ? await loadProfileOf(context.services.store.db, { site: context.site, profileId: forProfileId, today: context.today })
      : undefined;
  const created = await createAccount(context.services.store.db, {
    form: checked.form,
    language: context.language,
    country: context.country,
    tracking: context.tracking,
    lander: context.lander,
    signupProfileId: forProfile?.id,
    outgoing: { site: context.site, origin: context.origin, t: context.t, language: context.language },
    // The schema required the box; what it said is recorded with the account.
    consent: consentAsShown(context),
  });
  if (created.status !== "created") {
    return { ok: false as const, result: retry().reply({ hideFields: ["password"], fieldErrors: { email: [STANDING_ERROR[created.status]] } }) };
  }
  const headers = await signIn(context, created.accountId);
  headers.append("Set-Cookie", forgetSearchCookie());
  return { ok: true as const, profileId: created.profileId, accountId: created.accountId, headers };
}

/** The way back after signup, when the form or query names one on this site. */
export const returnPath = (value: FormDataEntryValue | string | null) => safeRedirect(value, "") || undefined;

/**
 * The signup form posted without JavaScript (the signup page, a member's signup page): all four
 * steps in one request, the mail sent right after, then the mailbox page.
 */
export async function signupFormAction(request: Request, context: AppLoadContext) {
  const formData = await request.formData();
  const created = await createSignup(context, formData);
  if (!created.ok) return data({ result: created.result }, { status: "tooMany" in created && created.tooMany ? 429 : 200 });
  context.services.mailer.kick();
  return redirect(completeSignupPath(returnPath(formData.get("redirectTo"))), { headers: created.headers });
}
