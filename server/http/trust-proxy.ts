import express from "express";

/**
 * Which proxies may speak for the client (X-Forwarded-For, X-Forwarded-Proto, the country header):
 * false for none, a hop count, or addresses, CIDR ranges and express's names (loopback,
 * linklocal, uniquelocal). Handed to express's `trust proxy` setting as it is.
 */
export type TrustProxy = false | number | string[];

/** Tells whether the hop at `address`, `hop` proxies away from the server (0 = the socket's peer), may be believed. */
export type TrustFunction = (address: string, hop: number) => boolean;

/** Compiles a setting with express's own parser (proxy-addr); it throws on a bad address or range. */
export function compileTrust(setting: TrustProxy): TrustFunction {
  return express().set("trust proxy", setting).get("trust proxy fn") as TrustFunction;
}

const USAGE = "must be a hop count such as 1, or a comma-separated list of addresses, CIDR ranges or loopback, linklocal, uniquelocal";

/** Reads the TRUST_PROXY variable; unset, empty, 0 or false trusts no proxy. Throws with the reason when it cannot be read. */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? "";
  if (value === "") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : hops;
  }
  if (/^(false|no|none)$/i.test(value)) return false;
  // express takes `true` as "trust everyone", which lets any client choose its own address.
  if (/^(true|yes|all|\*)$/i.test(value)) throw new Error(`${USAGE}; trusting every address would let any client choose its own`);
  const entries = value.split(",").map((entry) => entry.trim());
  if (entries.some((entry) => entry === "")) throw new Error(`${USAGE}; an entry is empty`);
  try {
    compileTrust(entries);
  } catch (error) {
    throw new Error(`${USAGE}; ${(error as Error).message}`);
  }
  return entries;
}

const loopback = compileTrust(["loopback"]);

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && loopback(address, 0);
}
