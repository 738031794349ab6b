import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { SERVICE_WORKER_SOURCE } from "../../server/push/service-worker-source";

const ORIGIN = "https://flirt.example";

type Listener = (event: unknown) => void;
type Shown = { title: string; options: { body: string; data: { checkUrl: string; openUrl: string } } };

/** A window the worker can reach, recording what the worker does with it. */
function windowClient() {
  const client = {
    messages: [] as unknown[],
    focused: false,
    navigatedTo: undefined as string | undefined,
    postMessage: (message: unknown) => void client.messages.push(message),
    focus: async () => {
      client.focused = true;
      return client;
    },
    navigate: async (url: string) => {
      client.navigatedTo = url;
      return client;
    },
  };
  return client;
}

/**
 * The worker's source run as a browser runs it, in a scope of its own with the worker globals it uses.
 * A browser's own notification click cannot be made in headless Chromium, so the click is judged here;
 * the push itself is delivered to the real worker in tests/e2e/notifications.test.ts.
 */
function workerScope({ windows = [windowClient()], signedIn = true } = {}) {
  const listeners = new Map<string, Listener>();
  const shown: Shown[] = [];
  const opened: string[] = [];
  const scope = {
    URL,
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: Listener) => void listeners.set(type, listener),
    skipWaiting: () => undefined,
    registration: { showNotification: async (title: string, options: Shown["options"]) => void shown.push({ title, options }) },
    clients: {
      claim: async () => undefined,
      matchAll: async () => windows,
      openWindow: async (url: string) => void opened.push(url),
    },
    fetch: async (url: string) => ({ ok: signedIn && url === "/api/user.php" }),
  };
  runInNewContext(SERVICE_WORKER_SOURCE, Object.assign(scope, { self: scope }));

  /** Fires an event at the worker and waits for what it handed to waitUntil. */
  async function fire(type: string, fields: Record<string, unknown>) {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...fields, waitUntil: (promise: Promise<unknown>) => void pending.push(promise) });
    await Promise.all(pending);
  }
  return { fire, shown, opened, windows };
}

const pushData = (payload: unknown) => ({ data: { json: () => payload, text: () => JSON.stringify(payload) } });
const notification = (data: { checkUrl: string; openUrl: string }) => ({ notification: { data, close: () => undefined } });

describe("the push service worker", () => {
  it("shows a push and tells every open tab of it, following only this site's addresses", async () => {
    const worker = workerScope({ windows: [windowClient(), windowClient()] });
    const payload = { title: "Bram vindt je leuk", body: "Open FlirtNL om te zien wie het is.", data: { checkUrl: "/likes", openUrl: "https://evil.example/login" } };
    await worker.fire("push", pushData(payload));
    expect(worker.shown).toEqual([
      { title: payload.title, options: expect.objectContaining({ body: payload.body, data: { checkUrl: `${ORIGIN}/likes`, openUrl: `${ORIGIN}/` } }) },
    ]);
    for (const client of worker.windows) expect(client.messages).toEqual([{ type: "push-message", payload }]);
  });

  it("opens checkUrl in the open tab for a signed-in member", async () => {
    const worker = workerScope({ signedIn: true });
    await worker.fire("notificationclick", notification({ checkUrl: `${ORIGIN}/chats`, openUrl: `${ORIGIN}/login` }));
    const [tab] = worker.windows;
    expect(tab).toMatchObject({ focused: true, navigatedTo: `${ORIGIN}/chats`, messages: [{ type: "push-click", url: `${ORIGIN}/chats` }] });
    expect(worker.opened).toEqual([]);
  });

  it("opens openUrl once the member is signed out, in a new window when no tab is open", async () => {
    const signedOut = workerScope({ signedIn: false });
    await signedOut.fire("notificationclick", notification({ checkUrl: `${ORIGIN}/chats`, openUrl: `${ORIGIN}/login` }));
    expect(signedOut.windows[0]?.navigatedTo).toBe(`${ORIGIN}/login`);

    const noTab = workerScope({ windows: [], signedIn: false });
    await noTab.fire("notificationclick", notification({ checkUrl: `${ORIGIN}/chats`, openUrl: `${ORIGIN}/login` }));
    expect(noTab.opened).toEqual([`${ORIGIN}/login`]);
  });
});
