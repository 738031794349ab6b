/**
 * The push service worker served at /sw.js (§7 "push service worker messages"). Plain JavaScript
 * that browsers run as is, outside the app bundle:
 * - push: shows the payload's notification and tells open tabs ("new push message");
 * - notificationclick: goes to data.checkUrl when the member is still signed in (the user call
 *   answers 200), else opens data.openUrl ("new push click"). Only paths of this site are followed.
 */
export const SERVICE_WORKER_SOURCE = `"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function sameSite(url) {
  try {
    const target = new URL(url || "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + "/";
  } catch (error) {
    return self.location.origin + "/";
  }
}

function readPayload(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch (error) {
    return { body: event.data.text() };
  }
}

async function windows() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true });
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event);
  const data = payload.data || {};
  event.waitUntil(
    (async () => {
      for (const client of await windows()) client.postMessage({ type: "push-message", payload });
      await self.registration.showNotification(payload.title || self.location.hostname, {
        body: payload.body || "",
        icon: payload.icon || "/logo.png",
        badge: payload.badge,
        tag: payload.tag,
        data: { checkUrl: sameSite(data.checkUrl), openUrl: sameSite(data.openUrl || data.checkUrl) },
      });
    })(),
  );
});

async function signedIn() {
  try {
    const response = await fetch("/api/user.php", { credentials: "same-origin", headers: { "X-Request-Type": "client" } });
    return response.ok;
  } catch (error) {
    return false;
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  event.waitUntil(
    (async () => {
      const url = (await signedIn()) ? data.checkUrl : data.openUrl;
      for (const client of await windows()) {
        if (!("focus" in client)) continue;
        client.postMessage({ type: "push-click", url });
        await client.focus();
        if ("navigate" in client) return client.navigate(url).catch(() => self.clients.openWindow(url));
        return undefined;
      }
      return self.clients.openWindow(url);
    })(),
  );
});
`;
