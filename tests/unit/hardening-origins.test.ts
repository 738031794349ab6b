import { describe, expect, it } from "vitest";
import { safeRedirect } from "../../app/lib/safe-redirect";
import { isJsonContentType } from "../../app/lib/json-body.server";
import { mayWrite } from "../../server/http/cross-site";
import { cacheControlFor } from "../../server/http/private-caching";

describe("safeRedirect", () => {
  it.each([
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "//evil.example/x",
    " //evil.example",
    "\u0000//evil.example",
    "/.//evil.example",
    "/%2F%2Fevil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/%09/evil.example",
    "/%252F%252Fevil.example",
    "/%25252F%25252Fevil.example",
    "https://evil.example",
    "http:/\\evil.example",
    "javascript:alert(1)",
    "  javascript:alert(1)",
    "data:text/html,x",
    "/%E0%A4%A",
  ])("refuses %j", (target) => {
    expect(safeRedirect(target, "/members")).toBe("/members");
  });

  it("keeps paths on the site with their query and fragment, in the form a browser reads them", () => {
    expect(safeRedirect("/members?page=2")).toBe("/members?page=2");
    expect(safeRedirect("/login?redirectTo=%2Fmembers%2F%2Fx")).toBe("/login?redirectTo=%2Fmembers%2F%2Fx");
    expect(safeRedirect("/chats/12#last")).toBe("/chats/12#last");
    expect(safeRedirect("/members/%C3%A9")).toBe("/members/%C3%A9");
    expect(safeRedirect("/\tevil.example")).toBe("/evil.example");
    expect(safeRedirect("/a\r\nSet-Cookie: x=1")).toBe("/aSet-Cookie:%20x=1");
  });

  it("falls back for what is no string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
    expect(safeRedirect("", "/x")).toBe("/x");
  });
});

describe("mayWrite", () => {
  const host = "flirt-nl.localhost:3000";
  const post = (headers: { origin?: string; secFetchSite?: string }) => mayWrite({ method: "POST", host, origin: headers.origin, secFetchSite: headers.secFetchSite });

  it("lets reads through whatever they carry", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) expect(mayWrite({ method, host, origin: "null", secFetchSite: "cross-site" })).toBe(true);
  });

  it("lets the site's own Origin, or without one a same-origin or typed request, or neither header, write", () => {
    expect(post({ origin: "http://flirt-nl.localhost:3000" })).toBe(true);
    expect(post({ origin: "http://FLIRT-NL.localhost:3000" })).toBe(true);
    expect(post({ secFetchSite: "same-origin" })).toBe(true);
    expect(post({ secFetchSite: "none" })).toBe(true);
    expect(post({})).toBe(true);
  });

  it("refuses null, foreign and unreadable Origins, and cross-site or same-site fetches", () => {
    for (const origin of ["null", "https://evil.example", "http://milf-de.localhost:3000", "http://flirt-nl.localhost:3001", "http://flirt-nl.localhost:3000.evil.example", "garbage"]) {
      expect(post({ origin }), origin).toBe(false);
    }
    expect(post({ origin: "null", secFetchSite: "same-origin" })).toBe(false);
    for (const secFetchSite of ["cross-site", "same-site", "bogus"]) expect(post({ secFetchSite }), secFetchSite).toBe(false);
    expect(mayWrite({ method: "DELETE", host: undefined, origin: "http://flirt-nl.localhost:3000", secFetchSite: undefined })).toBe(false);
  });
});

describe("cacheControlFor", () => {
  it("makes a member's responses private, no-store unless the route chose", () => {
    expect(cacheControlFor({ signedIn: true, chosen: undefined, setCookie: undefined })).toBe("private, no-store");
    expect(cacheControlFor({ signedIn: true, chosen: "private, max-age=3600", setCookie: undefined })).toBe("private, max-age=3600");
    expect(cacheControlFor({ signedIn: false, chosen: undefined, setCookie: "locale=nl; Path=/" })).toBeUndefined();
    expect(cacheControlFor({ signedIn: false, chosen: "public, max-age=300", setCookie: undefined })).toBe("public, max-age=300");
  });

  it("never lets a response that sets or clears the session cookie be kept", () => {
    expect(cacheControlFor({ signedIn: false, chosen: undefined, setCookie: ["locale=nl", "auth=abc; Path=/"] })).toBe("private, no-store");
    expect(cacheControlFor({ signedIn: true, chosen: "public, max-age=60", setCookie: "auth=; Max-Age=0" })).toBe("private, no-store");
  });
});

describe("isJsonContentType", () => {
  it("accepts application/json with parameters only", () => {
    expect(isJsonContentType("application/json")).toBe(true);
    expect(isJsonContentType("Application/JSON; charset=utf-8")).toBe(true);
    for (const type of [null, "text/plain", "application/jsonp", "application/x-www-form-urlencoded", "text/plain; application/json"]) expect(isJsonContentType(type)).toBe(false);
  });
});
