import { describe, expect, it } from "vitest";
import { readEnv } from "../../server/env";

const publicKey = "B".repeat(87);
const privateKey = "p".repeat(43);

describe("VAPID keys in the environment", () => {
  it("are taken as a pair", () => {
    expect(readEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey })).toMatchObject({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey });
    expect(() => readEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both keys of the pair, or neither/);
  });

  it("name a malformed key", () => {
    expect(() => readEnv({ VAPID_PUBLIC_KEY: "short", VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY: must be a VAPID public key/);
    expect(() => readEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: "x+y" })).toThrow(/VAPID_PRIVATE_KEY: must be a VAPID private key/);
  });
});
