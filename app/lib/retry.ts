/** Requests retry up to 5 times with exponential delay (§7; §9 "Retries 5"). */
export const RETRIES = 5;
const FIRST_DELAY_MS = 500;

/** How long to wait before retry number `attempt` (0 first): 0.5, 1, 2, 4, 8 seconds. */
export function retryDelay(attempt: number): number {
  return FIRST_DELAY_MS * 2 ** attempt;
}

export type Wait = (ms: number) => Promise<void>;
const sleep: Wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves at once while the browser is online, else when it is back (§4: offline/online follows the browser). */
export function whenOnline(): Promise<void> {
  // Not `navigator` alone: Node 21 and later have one, without onLine and without a window.
  if (typeof window === "undefined" || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

export type RetryOptions = {
  retries?: number;
  wait?: Wait;
  /** Awaited before each retry: a send made offline waits for the connection (whenOnline). */
  online?: () => Promise<void>;
};

/**
 * Makes a request until it answers below 500. A network failure or a 5xx is tried again, up to
 * `retries` times, each after twice the delay of the one before; the last 5xx is answered, the last
 * network failure thrown. A request its caller aborted is never tried again.
 */
export async function retrying(request: () => Promise<Response>, { retries = RETRIES, wait = sleep, online }: RetryOptions = {}): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response | undefined;
    try {
      response = await request();
    } catch (error) {
      if (attempt >= retries || (error as Error | undefined)?.name === "AbortError") throw error;
    }
    if (response && (response.status < 500 || attempt >= retries)) return response;
    await wait(retryDelay(attempt));
    await online?.();
  }
}
