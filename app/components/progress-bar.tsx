import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import * as styles from "./progress-bar.css";

/** §9: a page load shows progress only when it takes longer than this… */
export const PROGRESS_THROTTLE_MS = 200;
/** …and the finished bar fades out over this. */
export const PROGRESS_HIDE_MS = 500;

/**
 * The thin bar at the top while a page loads. Background refreshes (user, likes, chats) never
 * show it: only navigations and form submissions do, and only slow ones.
 */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<"hidden" | "running" | "done">("hidden");

  useEffect(() => {
    if (busy) {
      const timer = window.setTimeout(() => setPhase("running"), PROGRESS_THROTTLE_MS);
      return () => window.clearTimeout(timer);
    }
    const finish = window.setTimeout(() => setPhase((current) => (current === "running" ? "done" : current)), 0);
    const hide = window.setTimeout(() => setPhase("hidden"), PROGRESS_HIDE_MS);
    return () => {
      window.clearTimeout(finish);
      window.clearTimeout(hide);
    };
  }, [busy]);

  if (phase === "hidden") return null;
  return <div className={phase === "done" ? `${styles.bar} ${styles.done}` : styles.bar} role="presentation" />;
}
