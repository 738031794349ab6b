import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { HSTS_HEADERS, securityHeaders } from "../../server/http/security-headers";
import { HSTS_CHOICES, type HstsChoice } from "../../server/sites/schema";

/** The headers the middleware sets for a brand with this choice. */
function headersFor(hsts: HstsChoice, production: boolean): Record<string, string> {
  const set: Record<string, string> = {};
  const res = {
    locals: { site: { hsts } },
    set: (nameOrHeaders: string | Record<string, string>, value?: string) => {
      if (typeof nameOrHeaders === "string") set[nameOrHeaders] = value!;
      else Object.assign(set, nameOrHeaders);
      return res;
    },
  };
  let passedOn = false;
  securityHeaders(production)({} as Request, res as unknown as Response, () => void (passedOn = true));
  expect(passedOn).toBe(true);
  return set;
}

describe("the security headers of a brand's answers", () => {
  it("tell browsers to keep to HTTPS only for a brand that opted in, as far as it chose", () => {
    expect(headersFor("off", true)["Strict-Transport-Security"]).toBeUndefined();
    expect(headersFor("on", true)["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(headersFor("include_subdomains", true)["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    // hstspreload.org asks for at least a year, subdomains and the preload token.
    expect(headersFor("preload", true)["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains; preload");
    expect(Object.keys(HSTS_HEADERS).sort()).toEqual([...HSTS_CHOICES].sort());
  });

  it("never send HSTS outside production (the demo is plain http), and always the others", () => {
    for (const choice of HSTS_CHOICES) {
      const headers = headersFor(choice, false);
      expect(headers["Strict-Transport-Security"]).toBeUndefined();
      expect(headers["X-Frame-Options"]).toBe("DENY");
      expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    }
  });
});
