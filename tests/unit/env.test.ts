import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, PRODUCTION_REQUIRED_VARIABLES, productionRules, readEnv } from "../../server/env";

/** The rest of what production requires, well-formed: the push key pair. */
const pushKeys = { VAPID_PUBLIC_KEY: "B".repeat(87), VAPID_PRIVATE_KEY: "p".repeat(43) };

describe("environment", () => {
  it("has defaults for a fresh machine", () => {
    const env = readEnv({});
    expect(env).toMatchObject({ NODE_ENV: "development", PORT: 3000, COUNTRY_HEADER: "cf-ipcountry" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe(path.resolve("data"));
  });

  it("names each bad variable with what is wrong", () => {
    const read = () => readEnv({ PORT: "eighty", DATABASE_URL: "mysql://x", REDIS_URL: "localhost:6379", COUNTRY_HEADER: "cf ipcountry" });
    expect(read).toThrow(EnvError);
    expect(read).toThrow(/PORT: must be a port number/);
    expect(read).toThrow(/DATABASE_URL: must be a URL such as postgres:/);
    expect(read).toThrow(/REDIS_URL: must be a URL such as redis:/);
    expect(read).toThrow(/COUNTRY_HEADER: must be an HTTP header name/);
  });

  it("reads the country header name case-insensitively", () => {
    expect(readEnv({ COUNTRY_HEADER: "X-Country-Code" }).COUNTRY_HEADER).toBe("x-country-code");
  });

  it("needs session secrets of 32 characters or more in production, as a rotation list", () => {
    expect(() => readEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRETS: is required in production/);
    expect(() => readEnv({ SESSION_SECRETS: "short" })).toThrow(/SESSION_SECRETS: must be one or more comma-separated secrets/);
    const secrets = ["a".repeat(32), "b".repeat(40)];
    expect(readEnv({ NODE_ENV: "production", SESSION_SECRETS: ` ${secrets.join(" , ")} `, ...pushKeys }).SESSION_SECRETS).toEqual(secrets);
  });

  it("names every variable production requires that is missing, and needs none of them outside production", () => {
    const read = () => readEnv({ NODE_ENV: "production", SESSION_SECRETS: "s".repeat(32) });
    expect(read).toThrow(/VAPID_PUBLIC_KEY: is required in production.*\n {2}VAPID_PRIVATE_KEY: is required in production/);
    for (const name of PRODUCTION_REQUIRED_VARIABLES) {
      expect(() => readEnv({ NODE_ENV: "production", SESSION_SECRETS: "s".repeat(32), ...pushKeys, [name]: "" })).toThrow(`${name}: is required in production`);
    }
    expect(readEnv({ NODE_ENV: "test" }).NODE_ENV).toBe("test");
  });

  it("gives a stopping instance a notice period under production's rules only, shorter than its grace period", () => {
    const secrets = { SESSION_SECRETS: "s".repeat(32), ...pushKeys };
    expect(readEnv({ NODE_ENV: "production", ...secrets })).toMatchObject({ SHUTDOWN_NOTICE_MS: 3_000, SHUTDOWN_GRACE_MS: 8_000 });
    expect(readEnv({ NODE_ENV: "production", DEMO: "on" })).toMatchObject({ SHUTDOWN_NOTICE_MS: 0, SHUTDOWN_GRACE_MS: 8_000 });
    expect(readEnv({ NODE_ENV: "test" }).SHUTDOWN_NOTICE_MS).toBe(0);
    expect(readEnv({ NODE_ENV: "production", ...secrets, SHUTDOWN_NOTICE_MS: "1000", SHUTDOWN_GRACE_MS: "25000" })).toMatchObject({ SHUTDOWN_NOTICE_MS: 1_000, SHUTDOWN_GRACE_MS: 25_000 });
    expect(() => readEnv({ NODE_ENV: "production", ...secrets, SHUTDOWN_GRACE_MS: "3000" })).toThrow(/SHUTDOWN_NOTICE_MS: must be shorter than SHUTDOWN_GRACE_MS/);
    expect(() => readEnv({ SHUTDOWN_GRACE_MS: "-1" })).toThrow(/SHUTDOWN_GRACE_MS: cannot be negative/);
  });

  it("takes an SMTP URL for mail", () => {
    expect(readEnv({ SMTP_URL: "smtps://user:pass@smtp.example.com:465" }).SMTP_URL).toBe("smtps://user:pass@smtp.example.com:465");
    expect(() => readEnv({ SMTP_URL: "http://smtp.example.com" })).toThrow(/SMTP_URL: must be a URL such as smtps:/);
  });

  describe("the demo (DEMO=on)", () => {
    it("relaxes production's rules only where asked: production alone is strict, development and tests never are", () => {
      expect(productionRules(readEnv({ NODE_ENV: "production", SESSION_SECRETS: "s".repeat(32), ...pushKeys }))).toBe(true);
      expect(productionRules(readEnv({ NODE_ENV: "production", DEMO: "on" }))).toBe(false);
      expect(productionRules(readEnv({ NODE_ENV: "development" }))).toBe(false);
      expect(productionRules(readEnv({ NODE_ENV: "test", DEMO: "off" }))).toBe(false);
    });

    it("starts in production without secrets, with demo members, and on this machine unless HOST says otherwise", () => {
      const demo = readEnv({ NODE_ENV: "production", DEMO: "on" });
      expect(demo).toMatchObject({ DEMO: "on", HOST: "127.0.0.1", DEMO_MEMBERS: 400 });
      expect(demo.SESSION_SECRETS).toBeUndefined();
      expect(readEnv({ NODE_ENV: "production", DEMO: "on", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
      expect(readEnv({ NODE_ENV: "production", DEMO: "on", DEMO_MEMBERS: "0" }).DEMO_MEMBERS).toBe(0);
    });

    it("leaves a real deployment as strict as before: secrets required, no demo members, every interface", () => {
      expect(() => readEnv({ NODE_ENV: "production", DEMO: "off" })).toThrow(/SESSION_SECRETS: is required in production/);
      const strict = readEnv({ NODE_ENV: "production", SESSION_SECRETS: "s".repeat(32), ...pushKeys });
      expect(strict).toMatchObject({ DEMO: "off", HOST: "0.0.0.0", DEMO_MEMBERS: 0 });
    });

    it("takes on or off only, as COMPRESSION does", () => {
      expect(() => readEnv({ DEMO: "yes" })).toThrow(/DEMO: must be on or off/);
      expect(() => readEnv({ COMPRESSION: "false" })).toThrow(/COMPRESSION: must be on or off/);
      expect(readEnv({}).COMPRESSION).toBe("on");
      expect(readEnv({ COMPRESSION: "off" }).COMPRESSION).toBe("off");
    });
  });
});
