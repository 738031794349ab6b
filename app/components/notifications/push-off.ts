import { useCallback } from "react";
import { apiFetch } from "../../lib/api";
import type { PushState } from "../../lib/banners";
import { useMemberStatus } from "../member/member-status";

/**
 * Turning push off on this browser, and naming its push state: only the notification settings do
 * either, so they stay out of the banners' code that every member's page loads.
 */

/** The push states of §4, as /notifications names them: unknown until the page runs. */
type PushStateName = "unsupported" | "unknown" | "prompt" | "granted" | "denied";

export function pushStateName(state: PushState, hydrated: boolean): PushStateName {
  if (!hydrated) return "unknown";
  if (!state.capable || !state.hasKey) return "unsupported";
  if (state.permission === "default") return "prompt";
  return state.permission;
}

/** DELETE /api/user.php?push=1: the server forgets this browser's subscription. */
async function forgetSubscription(endpoint: string): Promise<boolean> {
  const response = await apiFetch("/api/user.php?push=1", {
    method: "DELETE",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ endpoint }),
  });
  return response.ok;
}

/** The server forgets this browser first, then the browser drops the subscription; answers whether both happened. */
export function usePushUnsubscribe(): () => Promise<boolean> {
  const { setPushSubscribed } = useMemberStatus();
  return useCallback(async () => {
    try {
      const registration = await navigator.serviceWorker.getRegistration("/");
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        if (!(await forgetSubscription(subscription.endpoint))) return false;
        await subscription.unsubscribe();
      }
      setPushSubscribed(false);
      return true;
    } catch {
      return false;
    }
  }, [setPushSubscribed]);
}
