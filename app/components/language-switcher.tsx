import { Form, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "../root";
import * as styles from "./language-switcher.css";

/**
 * Shown only when the visitor may choose between languages (§2). A plain form, so it works
 * without JavaScript; with it, choosing submits at once. The page reloads whole in the new language.
 */
export function LanguageSwitcher() {
  const data = useRootData();
  const location = useLocation();
  const { t } = useTranslation();
  const select = useRef<HTMLSelectElement>(null);
  // A language picked while the page was still loading (before this script ran) counts too.
  useEffect(() => {
    const offered = data?.languages.some((language) => language.code === data.language);
    if (offered && select.current && select.current.value !== data?.language) select.current.form?.requestSubmit();
  }, [data]);
  if (!data || data.languages.length < 2) return null;
  return (
    <Form method="post" action="/lang-config" reloadDocument className={styles.form}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select" className={styles.label}>
        {t("language.label")}
      </label>
      <select
        ref={select}
        id="language-select"
        name="language"
        defaultValue={data.language}
        className={styles.select}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
      >
        {data.languages.map((language) => (
          // Codes keep the bar narrow on phones; /lang-config lists the full names.
          <option key={language.code} value={language.code} lang={language.code} title={language.name}>
            {language.code.toUpperCase()}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit">{t("language.apply")}</button>
      </noscript>
    </Form>
  );
}
