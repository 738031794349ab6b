import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { container } from "../styles/grid.css";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import * as styles from "./top-nav.css";

/** The visitor's top navigation (§2): logo, language switcher, login button. */
export function TopNav({ showLanguageSwitcher = true }: { showLanguageSwitcher?: boolean }) {
  const { t } = useTranslation();
  return (
    <header className={styles.bar}>
      <a href="#main" className={styles.skip}>
        {t("nav.skipToContent")}
      </a>
      <nav className={`${container} ${styles.inner}`} aria-label={t("nav.label")}>
        <Logo />
        <div className={styles.actions}>
          {showLanguageSwitcher ? <LanguageSwitcher /> : null}
          <Link to="/login" className={styles.login}>
            {t("nav.login")}
          </Link>
        </div>
      </nav>
    </header>
  );
}
