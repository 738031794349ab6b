import type { RequestContext } from "../server/http/request-context";

declare module "@remix-run/node" {
  // Loaders and actions receive the request context built once per request (server/http).
  interface AppLoadContext extends RequestContext {}
}
