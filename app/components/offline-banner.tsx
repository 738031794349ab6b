import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import * as styles from "./offline-banner.css";

function subscribe(changed: () => void) {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
}

/**
 * Follows the browser's online state (§4): while it is offline a bar says so, and that what waits
 * (a chat message being sent, the next refresh) goes on once it is back. The server draws it online.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  // The live region is always there, so a screen reader hears the bar when it comes.
  return <div role="status">{online ? null : <p className={styles.banner}>{t("offline.text")}</p>}</div>;
}
