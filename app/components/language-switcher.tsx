import { Form, useLocation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useDismissableDetails } from "../lib/use-dismissable-details";
import { useRootData } from "../root";
import * as styles from "./language-switcher.css";

/**
 * Shown only when the visitor may choose between languages (§2): a globe that opens the list of
 * languages by their own names. A <details> with a form of buttons, so it works without
 * JavaScript; the page reloads whole in the chosen language. On phones the button is the globe
 * alone, so the brand name beside it always has its room.
 */
export function LanguageSwitcher() {
  const data = useRootData();
  const location = useLocation();
  const { t } = useTranslation();
  const menu = useRef<HTMLDetailsElement>(null);
  useDismissableDetails(menu);
  if (!data || data.languages.length < 2) return null;
  const current = data.languages.find((language) => language.code === data.language);
  return (
    <details ref={menu} id="language-menu" className={styles.menu} data-dismissable="">
      <summary className={styles.trigger} aria-label={`${t("language.label")}: ${current?.name ?? data.language}`}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={styles.globe}>
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span className={styles.code} aria-hidden="true">
          {data.language.toUpperCase()}
        </span>
      </summary>
      <Form method="post" action="/lang-config" reloadDocument className={styles.panel}>
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        <ul className={styles.list} aria-label={t("language.title")}>
          {data.languages.map((language) => (
            <li key={language.code}>
              <button
                type="submit"
                name="language"
                value={language.code}
                lang={language.code}
                aria-current={language.code === data.language ? "true" : undefined}
                className={styles.choice}
              >
                {language.name}
              </button>
            </li>
          ))}
        </ul>
      </Form>
    </details>
  );
}
