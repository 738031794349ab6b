import { describe, expect, it } from "vitest";
import { exposedDevelopmentWarning, isDevelopmentClient, isLoopbackHost } from "../../server/http/development";

describe("the developer at this machine", () => {
  const developer = { production: false, remoteAddress: "127.0.0.1", host: "flirt-nl.localhost:3000" };

  it("is a loopback client on a *.localhost host outside production", () => {
    expect(isDevelopmentClient(developer)).toBe(true);
    expect(isDevelopmentClient({ ...developer, remoteAddress: "::1", host: "FLIRT-NL.LOCALHOST" })).toBe(true);
    expect(isDevelopmentClient({ ...developer, remoteAddress: "::ffff:127.0.0.1", host: "support.localhost:" })).toBe(true);
  });

  it("is nobody in production", () => {
    expect(isDevelopmentClient({ ...developer, production: true })).toBe(false);
  });

  it("is not a client on another machine, whatever host it names", () => {
    for (const remoteAddress of ["192.168.1.20", "10.0.0.5", "::ffff:192.168.1.20", "fe80::1", undefined]) {
      expect(isDevelopmentClient({ ...developer, remoteAddress })).toBe(false);
    }
  });

  it("is not a loopback client on another host (a page that rebinds its name to 127.0.0.1)", () => {
    for (const host of ["flirtnl.example", "localhost:3000", "127.0.0.1:3000", "evil.example", "localhost.evil.example", "flirt-nl.localhost.evil.example", undefined]) {
      expect(isDevelopmentClient({ ...developer, host })).toBe(false);
    }
  });
});

describe("the start-up warning", () => {
  it("is given outside production when listening beyond this machine", () => {
    for (const host of ["0.0.0.0", "::", "192.168.1.20", "myhost.example"]) {
      expect(exposedDevelopmentWarning({ nodeEnv: "development", host })).toMatch(/NODE_ENV is development, not production.*other machines can reach it.*NODE_ENV=production.*HOST=127\.0\.0\.1/);
    }
    expect(exposedDevelopmentWarning({ nodeEnv: "test", host: "0.0.0.0" })).toContain("NODE_ENV is test");
  });

  it("is given loudly when the demo listens beyond this machine", () => {
    const warning = exposedDevelopmentWarning({ nodeEnv: "production", demo: "on", host: "0.0.0.0" });
    expect(warning).toMatch(/DEMO is on.*other machines can reach it.*test payment provider.*Never run a deployment with DEMO=on/);
    expect(exposedDevelopmentWarning({ nodeEnv: "production", demo: "on", host: "127.0.0.1" })).toBeUndefined();
  });

  it("is not given in production or on loopback", () => {
    expect(exposedDevelopmentWarning({ nodeEnv: "production", host: "0.0.0.0" })).toBeUndefined();
    for (const host of ["127.0.0.1", "::1", "[::1]", "localhost", "127.0.0.2"]) expect(exposedDevelopmentWarning({ nodeEnv: "development", host })).toBeUndefined();
  });

  it("knows the loopback host names", () => {
    expect(["localhost", "app.localhost", "127.0.0.1", "::1"].every(isLoopbackHost)).toBe(true);
    expect(["0.0.0.0", "::", "example.com"].some(isLoopbackHost)).toBe(false);
  });
});
