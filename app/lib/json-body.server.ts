import type { AppLoadContext } from "@remix-run/node";

/** True for `application/json` with or without parameters (`; charset=utf-8`), nothing else. */
export function isJsonContentType(contentType: string | null): boolean {
  return contentType?.split(";", 1)[0]?.trim().toLowerCase() === "application/json";
}

/**
 * The one way a route reads a JSON body: only when it is sent as `application/json`, a type no
 * page of another site can send without the browser asking first (a `text/plain` form or a
 * sandboxed frame's fetch can). Anything else is answered 415 in the visitor's language; a body that
 * is not valid JSON reads as undefined, for the route's own schema to refuse.
 */
export async function readJson(request: Request, context: AppLoadContext): Promise<unknown> {
  if (!isJsonContentType(request.headers.get("content-type"))) {
    throw Response.json(
      { error: "unsupported_media_type", message: context.t("requestRefused.jsonOnly") },
      { status: 415, headers: { "Cache-Control": "no-store", Accept: "application/json" } },
    );
  }
  return request.json().catch(() => undefined);
}
