import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { container } from "../styles/grid.css";
import { useRootData } from "../root";
import { BackButton } from "./back-button";
import { LanguageSwitcher } from "./language-switcher";
import { AccountMenu, MemberNav } from "./member/lazy-member-parts";
import { SignupLink } from "./signup/signup-modal";
import { Logo } from "./logo";
import * as styles from "./top-nav.css";

/**
 * The top navigation (§2): logo and language switcher; signup and login buttons for visitors, the
 * member links and the account menu for members.
 */
export function TopNav({ showLanguageSwitcher = true }: { showLanguageSwitcher?: boolean }) {
  const { t } = useTranslation();
  const member = useRootData()?.member;
  return (
    <header className={styles.bar}>
      <a href="#main" className={styles.skip}>
        {t("nav.skipToContent")}
      </a>
      <nav className={`${container} ${styles.inner}`} aria-label={t("nav.label")}>
        <div className={styles.brand}>
          <BackButton />
          <Logo />
        </div>
        {member ? <MemberNav /> : null}
        <div className={styles.actions}>
          {showLanguageSwitcher ? <LanguageSwitcher /> : null}
          {member ? (
            <AccountMenu name={member.name} />
          ) : (
            <>
              <SignupLink className={styles.signup}>{t("nav.signup")}</SignupLink>
              <Link to="/login" className={styles.login}>
                {t("nav.login")}
              </Link>
            </>
          )}
        </div>
      </nav>
    </header>
  );
}
