import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as settings from "../../routes/settings.css";
import * as styles from "../form.css";

/**
 * Deleting the account, apart from everything else. Customer service deletes it on request: the
 * member's own flow (reasons, retention offers, the 14 days of §4) is not built yet, and a button
 * that seems to delete but does not would be worse than this honest way.
 */
export function DeleteAccount({ siteName, supportEmail, email }: { siteName: string; supportEmail: string; email: string }) {
  const { t } = useTranslation("settings");
  const mail = `mailto:${supportEmail}?${new URLSearchParams({ subject: t("delete.subject", { name: siteName }) }).toString().replaceAll("+", "%20")}`;
  return (
    <section id="delete" aria-labelledby="delete-title" className={settings.dangerCard}>
      <h2 id="delete-title" className={settings.dangerTitle}>
        {t("delete.title")}
      </h2>
      <p className={settings.text}>{t("delete.text", { email })}</p>
      <div className={settings.actions}>
        <a href={mail} className={styles.secondaryButton}>
          {t("delete.mail")}
        </a>
        <Link to="/pages/service" className={styles.link}>
          {t("delete.service")}
        </Link>
      </div>
    </section>
  );
}
