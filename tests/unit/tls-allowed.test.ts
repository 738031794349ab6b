import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { tlsAllowed } from "../../server/http/tls-allowed";
import { compileTrust } from "../../server/http/trust-proxy";
import type { SiteRegistry } from "../../server/sites/registry";

const sites = { ownsDomain: (domain: string) => domain === "flirtnl.example", resolveHost: () => undefined } as unknown as SiteRegistry;

/** The status the question gets from a peer at `remoteAddress`. */
function statusFor(remoteAddress: string, trusted: Parameters<typeof compileTrust>[0]): number {
  let status = 0;
  const req = { socket: { remoteAddress }, headers: { host: "10.0.0.5:3000" }, query: { domain: "flirtnl.example" } } as unknown as Request;
  const res = {
    status(code: number) {
      status = code;
      return this;
    },
    type() {
      return this;
    },
    send() {
      return this;
    },
  } as unknown as Response;
  tlsAllowed({ sites, supportHost: undefined, trustProxy: compileTrust(trusted) })(req, res, () => {});
  return status;
}

describe("who may ask whether a domain gets a certificate", () => {
  it("answers the machine itself and the proxies TRUST_PROXY names, nobody else", () => {
    expect(statusFor("127.0.0.1", false)).toBe(200);
    expect(statusFor("::ffff:127.0.0.1", false)).toBe(200);
    expect(statusFor("10.0.0.9", ["10.0.0.0/8"])).toBe(200);
    expect(statusFor("203.0.113.7", false)).toBe(404);
    expect(statusFor("203.0.113.7", ["10.0.0.0/8"])).toBe(404);
  });
});
