import { useEffect } from "react";

/**
 * Tells the server when a signed-in tab goes out of sight (§7 POST /api/page-hidden.php, `{}` as
 * JSON), so a member who left is mailed about new messages instead of being taken for online.
 * sendBeacon, because it survives the page closing.
 */
export function usePageHiddenBeacon(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    const send = () => document.visibilityState === "hidden" && navigator.sendBeacon("/api/page-hidden.php", new Blob(["{}"], { type: "application/json" }));
    document.addEventListener("visibilitychange", send);
    return () => document.removeEventListener("visibilitychange", send);
  }, [signedIn]);
}
