import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { requestEmailChange } from "../../server/accounts/email-change";
import { emailChangeSchema, passwordChangeSchema } from "../../server/accounts/forms";
import type { Member } from "../../server/accounts/member";
import { setMemberLanguage } from "../../server/accounts/member";
import { changePassword } from "../../server/accounts/password-change";
import { enableEmailNotifications } from "../../server/banners/notifications";
import { localeCookie } from "../../server/http/cookies";
import type { Language } from "../../server/i18n/languages";
import { withdrawConsent } from "../../server/privacy/consent";
import { setInvisible } from "../../server/profiles/profile";
import { sendNewActivationLink } from "./activation.server";

/**
 * The saves of the settings page, one per section, each named by the form's `intent`. Every save
 * is one statement or one transaction and sets a value rather than toggling one, so a retried post
 * leaves the account as the first did. The origin check and the body limits of server/http apply
 * to these posts as to every other.
 */

/** The query parameter that tells the page, reloaded in the new language, that the language was saved. */
export const LANGUAGE_SAVED = "saved";

const EMAIL_ERROR: Record<"wrong_password" | "taken" | "too_many", Record<string, string[]>> = {
  wrong_password: { old_password: ["validation.oldPasswordWrong"] },
  taken: { new_email: ["validation.emailTaken"] },
  too_many: { new_email: ["account:activation.tooMany"] },
};

/** Passwords never travel back into the page. */
const HIDE_PASSWORDS = { hideFields: ["old_password", "new_password"] };

async function changeEmail(context: AppLoadContext, member: Member, formData: FormData) {
  const submission = parseWithZod(formData, { schema: emailChangeSchema });
  if (submission.status !== "success") return { section: "email" as const, result: submission.reply(HIDE_PASSWORDS) };
  const outcome = await requestEmailChange(context.services.store.db, context.services.limits, {
    member,
    oldPassword: submission.value.old_password,
    newEmail: submission.value.new_email,
    outgoing: { site: context.site, origin: context.origin, t: context.t, language: context.language },
  });
  if (outcome.status === "sent") {
    context.services.mailer.kick();
    return { section: "email" as const, result: submission.reply({ resetForm: true }), sentTo: submission.value.new_email };
  }
  if (outcome.status === "locked") {
    return { section: "email" as const, result: submission.reply({ ...HIDE_PASSWORDS, formErrors: ["errors.tooManyAttempts"] }), values: { minutes: outcome.minutes } };
  }
  return { section: "email" as const, result: submission.reply({ ...HIDE_PASSWORDS, fieldErrors: EMAIL_ERROR[outcome.status] }) };
}

async function changeMemberPassword(context: AppLoadContext, member: Member, formData: FormData) {
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  if (submission.status !== "success") return { section: "password" as const, result: submission.reply(HIDE_PASSWORDS) };
  const outcome = await changePassword(context.services.store.db, context.services.limits, {
    member,
    sessionId: context.sessionId,
    oldPassword: submission.value.old_password,
    newPassword: submission.value.new_password,
  });
  if (outcome.status === "changed") return { section: "password" as const, result: submission.reply({ resetForm: true }), signedOut: outcome.signedOut };
  if (outcome.status === "locked") {
    return { section: "password" as const, result: submission.reply({ ...HIDE_PASSWORDS, formErrors: ["errors.tooManyAttempts"] }), values: { minutes: outcome.minutes } };
  }
  return { section: "password" as const, result: submission.reply({ ...HIDE_PASSWORDS, fieldErrors: { old_password: ["validation.oldPasswordWrong"] } }) };
}

/**
 * Stores the language on the account (its e-mails follow it) and in the locale cookie, then loads
 * the page again, which the cookie now renders in that language.
 */
async function changeLanguage(context: AppLoadContext, member: Member, formData: FormData) {
  const language = formData.get("language");
  if (!context.visibleLanguages.includes(language as Language)) return { section: "language" as const, error: "language.unavailable" };
  await setMemberLanguage(context.services.store.db, { member, language: language as Language });
  throw redirect(`/settings?${LANGUAGE_SAVED}=language#language`, { headers: { "Set-Cookie": localeCookie(language as Language) } });
}

async function changePrivacy(context: AppLoadContext, member: Member, formData: FormData) {
  const invisible = formData.get("invisible") === "on";
  await setInvisible(context.services.store.db, { siteId: member.siteId, profileId: member.profileId, invisible });
  return { section: "privacy" as const, invisible };
}

async function turnEmailsOn(context: AppLoadContext, member: Member) {
  await enableEmailNotifications(context.services.store.db, { siteId: member.siteId, accountId: member.accountId });
  return { section: "notifications" as const, emailsOn: true };
}

/** Withdraws the consent to special-category data: the sexuality and interests go with it. */
async function withdrawSpecialConsent(context: AppLoadContext, member: Member) {
  await withdrawConsent(context.services.store.db, { siteId: member.siteId, accountId: member.accountId, profileId: member.profileId });
  return { section: "consent" as const, withdrawn: true };
}

/** The save a settings form asks for; an unknown intent changes nothing and says so. */
export async function saveSettings(context: AppLoadContext, member: Member, formData: FormData) {
  switch (formData.get("intent")) {
    case "activation":
      return { section: "activation" as const, activation: await sendNewActivationLink(context, member) };
    case "email":
      return changeEmail(context, member, formData);
    case "password":
      return changeMemberPassword(context, member, formData);
    case "language":
      return changeLanguage(context, member, formData);
    case "privacy":
      return changePrivacy(context, member, formData);
    case "email-notifications":
      return turnEmailsOn(context, member);
    case "withdraw-consent":
      return withdrawSpecialConsent(context, member);
    default:
      throw new Response(context.t("errors.generic"), { status: 400, headers: { "Cache-Control": "no-store" } });
  }
}
