import { describe, expect, it } from "vitest";
import { cacheControlFor, mayUseCache } from "../../server/http/page-cache";

const request = (url: string, { method = "GET", cookie }: { method?: string; cookie?: string } = {}) => ({
  method,
  originalUrl: url,
  path: url.split("?")[0]!,
  get: (name: string) => (name.toLowerCase() === "cookie" ? cookie : undefined) as never,
});
const visitor = { member: undefined };

describe("who may be served from the page cache", () => {
  it("takes a plain GET or HEAD of a visitor without an auth cookie", () => {
    expect(mayUseCache(request("/"), visitor)).toBe(true);
    expect(mayUseCache(request("/pages/terms", { method: "HEAD" }), visitor)).toBe(true);
    expect(mayUseCache(request("/", { cookie: "locale=nl; site_entry_skipped=1; xauth=1; author=2" }), visitor)).toBe(true);
  });

  it("leaves out members, any auth cookie, queries, data requests and writes", () => {
    expect(mayUseCache(request("/"), { member: {} as never })).toBe(false);
    for (const cookie of ["auth=x", "locale=nl; auth=x", "locale=nl;auth=", "a=1;  auth=forged"]) expect(mayUseCache(request("/", { cookie }), visitor)).toBe(false);
    for (const url of ["/?network=x", "/?", "/pages/terms?_data=root", "/__manifest?p=/"]) expect(mayUseCache(request(url), visitor)).toBe(false);
    expect(mayUseCache(request("/_root.data"), visitor)).toBe(false);
    for (const method of ["POST", "PUT", "DELETE", "OPTIONS"]) expect(mayUseCache(request("/", { method }), visitor)).toBe(false);
  });
});

describe("what a CDN may keep", () => {
  it("keeps only what a visitor without cookies gets", () => {
    expect(cacheControlFor(undefined)).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    expect(cacheControlFor("  ")).toMatch(/^public/);
    expect(cacheControlFor("locale=en")).toBe("private, no-cache");
    expect(cacheControlFor("site_entry_skipped=1700000000000")).toBe("private, no-cache");
  });
});
