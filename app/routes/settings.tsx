import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Member } from "../../server/accounts/member";
import { formatDate } from "../../server/i18n/dates";
import { LANGUAGE_NAMES } from "../../server/i18n/languages";
import { consentInForce } from "../../server/privacy/consent";
import { EXPORT_LIMITED } from "../../server/privacy/export-link";
import { isInvisible } from "../../server/profiles/profile";
import { DeleteAccount } from "../components/settings/delete-account";
import { EmailSettings } from "../components/settings/email-settings";
import { LanguageSettings } from "../components/settings/language-settings";
import { NotificationSettings } from "../components/settings/notification-settings";
import { PasswordSettings } from "../components/settings/password-settings";
import { PrivacySettings } from "../components/settings/privacy-settings";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { LANGUAGE_SAVED, saveSettings } from "../lib/settings.server";
import * as styles from "./settings.css";

export const handle = { i18n: ["settings", "account", "deletion", "privacy", "notifications"] };
export const meta = accountMeta;

/** The day the member's consent to special-category data was given, in their words; null without one. */
async function consentGivenOn(context: AppLoadContext, member: Member): Promise<string | null> {
  const consent = await consentInForce(context.services.store.db, { siteId: member.siteId, accountId: member.accountId });
  return consent ? formatDate(consent.given_at, context.language, context.timeZone) : null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const query = new URL(request.url).searchParams;
  const [invisible, consentDate] = await Promise.all([
    isInvisible(context.services.store.db, { siteId: member.siteId, profileId: member.profileId }),
    consentGivenOn(context, member),
  ]);
  return {
    title: context.t("settings:title"),
    email: member.email,
    confirmed: member.status === "confirmed",
    language: context.language,
    languages: context.visibleLanguages.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    languageSaved: query.get(LANGUAGE_SAVED) === "language",
    invisible,
    notificationsDisabled: member.notificationsDisabled,
    consentGivenOn: consentDate,
    /** Minutes until another data export, after the member used them up. */
    exportWait: Number(query.get(EXPORT_LIMITED)) || undefined,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  return saveSettings(context, member, await request.formData());
}

/** The sections of the page, in order, for the list beside them on wide screens. */
const SECTIONS = ["email", "password", "language", "privacy", "notifications"] as const;

/**
 * Account settings (§2 /settings): each section its own form with its own save and confirmation,
 * so saving one never sends, or loses, what is typed in another.
 */
export default function Settings() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("settings");
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;

  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.heading}>{data.title}</h1>
        <p className={styles.lead}>{t("lead")}</p>
      </header>
      <div className={styles.layout}>
        <nav aria-label={t("sectionsLabel")} className={styles.toc}>
          <ul className={styles.tocList}>
            {SECTIONS.map((section) => (
              <li key={section}>
                <a href={`#${section}`} className={styles.tocLink}>
                  {t(`${section}.title`)}
                </a>
              </li>
            ))}
            <li>
              <a href="#delete" className={styles.tocDanger}>
                {t("delete.title")}
              </a>
            </li>
          </ul>
        </nav>
        <div className={styles.sections}>
          <EmailSettings
            email={data.email}
            confirmed={data.confirmed}
            answer={answer?.section === "email" ? answer : undefined}
            activation={answer?.section === "activation" ? answer.activation : undefined}
            busy={busy}
          />
          <PasswordSettings answer={answer?.section === "password" ? answer : undefined} busy={busy("password")} />
          <LanguageSettings
            current={data.language}
            languages={data.languages}
            saved={data.languageSaved}
            error={answer?.section === "language" ? answer.error : undefined}
          />
          <PrivacySettings
            invisible={data.invisible}
            saved={answer?.section === "privacy" ? answer.invisible : undefined}
            busy={busy}
            consentGivenOn={data.consentGivenOn}
            withdrawn={answer?.section === "consent"}
            exportWait={data.exportWait}
          />
          <NotificationSettings
            email={data.email}
            notificationsDisabled={data.notificationsDisabled}
            emailsTurnedOn={answer?.section === "notifications"}
            busy={busy("email-notifications")}
          />
          <DeleteAccount />
        </div>
      </div>
    </main>
  );
}
