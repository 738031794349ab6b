import { useCallback, useEffect, useState } from "react";
import { apiFetch } from "../../lib/api";
import type { PushState } from "../../lib/banners";
import { useMemberStatus } from "../member/member-status";
import { useHydrated } from "../../lib/use-hydrated";

type Permission = PushState["permission"];
export type SubscribeOutcome = "subscribed" | "denied" | "dismissed" | "failed";

const pushCapable = () => "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;

/** The VAPID public key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string) {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** POST /api/user.php?push=1 (§7): the server keeps the subscription for the signed-in member. */
async function storeSubscription(subscription: PushSubscription): Promise<boolean> {
  const response = await apiFetch("/api/user.php?push=1", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ subscription: subscription.toJSON() }),
  });
  return response.ok;
}

/**
 * The browser's push state for the banners (§3 Push: isCapable, isSubscribed, subscription) and
 * the subscribe step of the push alert. Unknown until hydrated, so the server renders no push alert.
 * One caller per page stores an existing subscription again (the banners); others pass storeExisting false.
 */
export function usePush(publicKey: string | null, { storeExisting = true }: { storeExisting?: boolean } = {}) {
  const { pushSubscribed, setPushSubscribed, refresh } = useMemberStatus();
  const capable = useHydrated() && pushCapable();
  // The answer to our own prompt; before it, what the browser says now.
  const [answered, setAnswered] = useState<Permission>();
  const permission: Permission = answered ?? (capable ? Notification.permission : "default");

  useEffect(() => {
    if (!storeExisting || !pushCapable() || Notification.permission !== "granted" || !publicKey) return;
    // A subscription from an earlier visit is sent again: another account may have used this browser since.
    void navigator.serviceWorker
      .getRegistration("/")
      .then((registration) => registration?.pushManager.getSubscription())
      .then(async (subscription) => {
        if (subscription && (await storeSubscription(subscription))) setPushSubscribed(true);
      })
      .catch(() => undefined);
  }, [storeExisting, publicKey, setPushSubscribed]);

  useEffect(() => {
    // Only a full ServiceWorkerContainer carries messages (embedded browsers may offer a partial one).
    if (!storeExisting || typeof navigator.serviceWorker?.addEventListener !== "function") return;
    // The service worker tells open tabs of every push it shows (§7 "new push message"): counts refresh at once.
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: unknown } | null)?.type === "push-message") void refresh();
    };
    navigator.serviceWorker.addEventListener("message", onMessage);
    return () => navigator.serviceWorker.removeEventListener("message", onMessage);
  }, [storeExisting, refresh]);

  const subscribe = useCallback(async (): Promise<SubscribeOutcome> => {
    if (!publicKey) return "failed";
    try {
      // Asked first, while the click still counts as the member's own gesture.
      const answer = await Notification.requestPermission();
      setAnswered(answer);
      if (answer === "denied") return "denied";
      if (answer !== "granted") return "dismissed";
      await navigator.serviceWorker.register("/sw.js", { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
      if (!(await storeSubscription(subscription))) return "failed";
      setPushSubscribed(true);
      return "subscribed";
    } catch {
      return "failed";
    }
  }, [publicKey, setPushSubscribed]);

  const state: PushState = { capable, permission, subscribed: pushSubscribed, hasKey: Boolean(publicKey) };
  return { state, subscribe };
}
