import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useInstalledApp } from "../lib/use-installed-app";
import { useRootData } from "../root";
import * as styles from "./site-entry-modal.css";

/** Where "Leave" takes a visitor who is not of age or did not mean to come: a neutral page, told nothing of this site. */
const LEAVE_URL = "https://www.google.com/";

/**
 * The site-entry warning of §2: once for logged-out visitors, not in installed-app mode. Confirming
 * posts the skipped time to a cookie and comes back to this page, so it works without JavaScript and
 * never shows again. "Leave" is a plain link off the site that sends no referrer.
 */
export function SiteEntryModal() {
  const data = useRootData();
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const button = useRef<HTMLButtonElement>(null);
  const installedApp = useInstalledApp();
  const { pathname, search } = useLocation();

  useEffect(() => button.current?.focus(), []);

  if (!data?.showSiteEntryPopup || installedApp || fetcher.state !== "idle" || fetcher.data) return null;
  return (
    <div className={styles.backdrop}>
      <div role="dialog" aria-modal="true" aria-labelledby="site-entry-title" aria-describedby="site-entry-text" className={styles.dialog}>
        <h2 id="site-entry-title">{t("siteEntry.title", { name: data.site.name })}</h2>
        <p id="site-entry-text">{t("siteEntry.text")}</p>
        <fetcher.Form method="post" action="/site-entry" className={styles.choices}>
          <input type="hidden" name="redirectTo" value={pathname + search} />
          <button ref={button} type="submit" className={styles.confirm}>
            {t("siteEntry.confirm")}
          </button>
          <a href={LEAVE_URL} rel="noreferrer" className={styles.leave}>
            {t("siteEntry.leave")}
          </a>
        </fetcher.Form>
      </div>
    </div>
  );
}
