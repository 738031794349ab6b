import { Link, NavLink, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as styles from "./search-tabs.css";

/**
 * Search's orders for members: newest first (/members), recently online (/members?order=online, the
 * remembered filters still apply) and best matches (the match finder).
 */
export function SearchTabs() {
  const { t } = useTranslation("members");
  const { pathname, search } = useLocation();
  const online = new URLSearchParams(search).get("order") === "online";
  const current = (order: "newest" | "online") => (pathname === "/members" && online === (order === "online") ? "page" : undefined);
  return (
    <nav className={styles.tabs} aria-label={t("search.views")}>
      <Link to="/members" className={styles.tab} prefetch="intent" aria-current={current("newest")}>
        {t("search.newest")}
      </Link>
      <Link to="/members?order=online" className={styles.tab} prefetch="intent" aria-current={current("online")}>
        {t("common:presence.order")}
      </Link>
      <NavLink to="/match-finder" end className={styles.tab} prefetch="intent">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false">
          <path d="M12 2l2.2 6.3L20.5 10l-6.3 2.2L12 18.5l-2.2-6.3L3.5 10l6.3-1.7Z" />
        </svg>
        {t("search.bestMatches")}
      </NavLink>
    </nav>
  );
}
