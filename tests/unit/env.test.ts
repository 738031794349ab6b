import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "../../server/env";

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
});
