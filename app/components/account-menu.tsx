import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as styles from "./top-nav.css";

/**
 * The member's account dropdown (§2): my profile, transactions, settings, logout. A details element, so it opens
 * without JavaScript; logging out is a POST.
 */
export function AccountMenu({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <details className={styles.menu}>
      <summary className={styles.menuButton}>
        <span className={styles.menuName}>{name}</span>
      </summary>
      <ul className={styles.menuList}>
        <li>
          <Link to="/profile" className={styles.menuItem}>
            {t("nav.myProfile")}
          </Link>
        </li>
        <li>
          <Link to="/transactions" className={styles.menuItem}>
            {t("nav.transactions")}
          </Link>
        </li>
        <li>
          <Link to="/settings" className={styles.menuItem}>
            {t("nav.settings")}
          </Link>
        </li>
        <li>
          <Form method="post" action="/api/logout.php" reloadDocument>
            <button type="submit" className={styles.menuItem}>
              {t("nav.logout")}
            </button>
          </Form>
        </li>
      </ul>
    </details>
  );
}
