import { SERVICE_WORKER_SOURCE } from "../../server/push/service-worker-source";

/** GET /sw.js: the push service worker, for the whole site, always checked for updates. */
export function loader() {
  return new Response(SERVICE_WORKER_SOURCE, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Service-Worker-Allowed": "/",
      "Cache-Control": "no-cache",
    },
  });
}
