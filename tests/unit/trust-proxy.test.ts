import { describe, expect, it } from "vitest";
import { readEnv } from "../../server/env";
import { compileTrust, isLoopbackAddress, parseTrustProxy } from "../../server/http/trust-proxy";

describe("TRUST_PROXY", () => {
  it("trusts no proxy unless set", () => {
    expect(readEnv({}).TRUST_PROXY).toBe(false);
    expect(parseTrustProxy("")).toBe(false);
    for (const none of ["0", "false", "None"]) expect(parseTrustProxy(none)).toBe(false);
  });

  it("takes a hop count, or addresses, CIDR ranges and express's names", () => {
    expect(readEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(readEnv({ TRUST_PROXY: " loopback, 10.0.0.0/8 ,2001:db8::/32, 192.168.1.7" }).TRUST_PROXY).toEqual(["loopback", "10.0.0.0/8", "2001:db8::/32", "192.168.1.7"]);
    expect(parseTrustProxy("linklocal,uniquelocal")).toEqual(["linklocal", "uniquelocal"]);
  });

  it("names what is wrong with a bad value", () => {
    expect(() => readEnv({ TRUST_PROXY: "proxy.example" })).toThrow(/TRUST_PROXY: must be a hop count such as 1, or a comma-separated list .*invalid IP address: proxy\.example/);
    expect(() => readEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY: .*invalid range on address: 10\.0\.0\.0\/33/);
    expect(() => readEnv({ TRUST_PROXY: "loopback,,10.0.0.1" })).toThrow(/TRUST_PROXY: .*an entry is empty/);
    expect(() => readEnv({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY: must be a hop count/);
  });

  it("refuses to trust everyone, which would let any client choose its address", () => {
    for (const value of ["true", "TRUE", "*", "yes", "all"]) expect(() => readEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: .*any client choose its own/);
  });

  it("believes only the listed proxies", () => {
    const trust = compileTrust(parseTrustProxy("10.0.0.0/8"));
    expect(trust("10.1.2.3", 0)).toBe(true);
    expect(trust("127.0.0.1", 0)).toBe(false);
    expect(compileTrust(false)("127.0.0.1", 0)).toBe(false);
    const hops = compileTrust(parseTrustProxy("1"));
    expect([hops("203.0.113.9", 0), hops("203.0.113.9", 1)]).toEqual([true, false]);
  });
});

describe("loopback addresses", () => {
  it("are 127.0.0.0/8 and ::1, also IPv4-mapped", () => {
    for (const address of ["127.0.0.1", "127.3.2.1", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "192.168.1.2", "fe80::1", "0.0.0.0", "localhost", "", undefined]) expect(isLoopbackAddress(address)).toBe(false);
  });
});
