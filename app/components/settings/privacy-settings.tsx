import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as settings from "../../routes/settings.css";
import * as styles from "../form.css";

/** Invisible mode (§4): out of search, the swipe game, the match finder and others' lists while on. */
export function PrivacySettings({ invisible, saved, busy }: { invisible: boolean; saved: boolean | undefined; busy: boolean }) {
  const { t } = useTranslation("settings");
  return (
    <section id="privacy" aria-labelledby="privacy-title" className={settings.card}>
      <h2 id="privacy-title" className={settings.cardTitle}>
        {t("privacy.title")}
      </h2>
      <div role="status" className={settings.status}>
        {saved === undefined ? null : <p className={styles.success}>{saved ? t("privacy.nowInvisible") : t("privacy.nowVisible")}</p>}
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
          <button type="submit" className={styles.button} disabled={busy}>
            {t("privacy.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
