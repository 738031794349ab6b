import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EXPORT_PATH } from "../../../server/privacy/export-link";
import * as settings from "../../routes/settings.css";
import * as styles from "../form.css";

type PrivacySettingsProps = {
  invisible: boolean;
  /** The invisible mode as just saved, if it was. */
  saved: boolean | undefined;
  busy: (intent: string) => boolean;
  /** The day the consent to special-category data was given (formatted); null without one. */
  consentGivenOn: string | null;
  /** The consent was withdrawn by the post just made. */
  withdrawn: boolean;
  /** Minutes until another export, after the member used them up. */
  exportWait: number | undefined;
};

/**
 * The privacy section: invisible mode (§4), the consent to process sexuality and sexual interests
 * (GDPR art. 9), withdrawn here, and the download of the member's own data (issue 19 items 7, 8).
 */
export function PrivacySettings({ invisible, saved, busy, consentGivenOn, withdrawn, exportWait }: PrivacySettingsProps) {
  const { t } = useTranslation(["settings", "privacy"]);
  return (
    <section id="privacy" aria-labelledby="privacy-title" className={settings.card}>
      <h2 id="privacy-title" className={settings.cardTitle}>
        {t("privacy.title")}
      </h2>
      <div role="status" className={settings.status}>
        {saved === undefined ? null : <p className={styles.success}>{saved ? t("privacy.nowInvisible") : t("privacy.nowVisible")}</p>}
        {withdrawn ? <p className={styles.success}>{t("privacy:consent.withdrawn")}</p> : null}
      </div>
      <Form method="post" className={styles.form}>
        <input type="hidden" name="intent" value="privacy" />
        {/* Keyed by the stored state, so the box follows it after a save (in this tab or another). */}
        <label key={String(invisible)} className={settings.toggle}>
          <input type="checkbox" name="invisible" defaultChecked={invisible} className={settings.control} />
          <span className={settings.toggleText}>
            <span className={settings.toggleTitle}>{t("privacy.invisible")}</span>
            <span className={settings.toggleHint}>{t("privacy.invisibleHint")}</span>
          </span>
        </label>
        <div className={settings.actions}>
          <button type="submit" className={styles.button} disabled={busy("privacy")}>
            {t("privacy.submit")}
          </button>
        </div>
      </Form>

      <div className={settings.block}>
        <h3 className={settings.subTitle}>{t("privacy:consent.title")}</h3>
        {consentGivenOn ? (
          <>
            <p className={settings.text}>{t("privacy:consent.given", { date: consentGivenOn })}</p>
            <Form method="post" className={settings.actions}>
              <input type="hidden" name="intent" value="withdraw-consent" />
              <button type="submit" className={styles.secondaryButton} disabled={busy("withdraw-consent")}>
                {t("privacy:consent.withdraw")}
              </button>
            </Form>
          </>
        ) : (
          <p className={settings.text}>{t("privacy:consent.none")}</p>
        )}
      </div>

      <div className={settings.block}>
        <h3 className={settings.subTitle}>{t("privacy:export.title")}</h3>
        <p className={settings.text}>{t("privacy:export.text")}</p>
        <div role="alert">{exportWait ? <p className={styles.alert}>{t("privacy:export.tooMany", { count: exportWait })}</p> : null}</div>
        <div className={settings.actions}>
          {/* A download, not a page: the browser keeps this page and saves the zip. */}
          <a href={EXPORT_PATH} download className={styles.secondaryButton}>
            {t("privacy:export.download")}
          </a>
        </div>
      </div>
    </section>
  );
}
