import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as settings from "../../routes/settings.css";
import * as styles from "../form.css";

type LanguageChoice = { code: string; name: string };

/**
 * The language the member reads the site and our e-mails in, among those the brand shows them.
 * The form reloads the whole page, which then comes in the chosen language (as the switcher does).
 */
export function LanguageSettings({ current, languages, saved, error }: { current: string; languages: LanguageChoice[]; saved: boolean; error: string | undefined }) {
  const { t } = useTranslation("settings");
  const only = languages.length < 2 ? languages.find((language) => language.code === current) ?? languages[0] : undefined;
  return (
    <section id="language" aria-labelledby="language-title" className={settings.card}>
      <h2 id="language-title" className={settings.cardTitle}>
        {t("language.title")}
      </h2>
      <p className={settings.cardLead}>{t("language.lead")}</p>
      <div role="status" className={settings.status}>{saved ? <p className={styles.success}>{t("language.saved")}</p> : null}</div>
      {only ? (
        <p className={settings.text}>{t("language.only", { language: only.name })}</p>
      ) : (
        <Form method="post" reloadDocument className={styles.form}>
          <input type="hidden" name="intent" value="language" />
          <fieldset className={settings.choices} aria-describedby={error ? "language-error" : undefined}>
            <legend className={styles.label}>{t("language.choose")}</legend>
            {languages.map((language) => (
              <label key={language.code} className={settings.choice} lang={language.code}>
                <input type="radio" name="language" value={language.code} defaultChecked={language.code === current} className={settings.control} />
                {language.name}
              </label>
            ))}
          </fieldset>
          {error ? (
            <p id="language-error" className={styles.errors}>
              {t(error, { ns: "common" })}
            </p>
          ) : null}
          <div className={settings.actions}>
            <button type="submit" className={styles.button}>
              {t("language.submit")}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
