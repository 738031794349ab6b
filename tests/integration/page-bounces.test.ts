import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const HOST = "flirt-nl.localhost";
const SITE = "flirt-nl";
const JSON_TYPE = { "content-type": "application/json" };

/** POST /api/page-bounce, the beacon of §4's page-bounce logging (issue 20), through HTTP. */
describe("page-bounce logging", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const beacon = (query: string, body: string, headers: Record<string, string> = {}) =>
    requestAs(server.port, HOST, `/api/page-bounce${query}`, { ...JSON_TYPE, "x-forwarded-for": visitorIp(), ...headers }, { method: "POST", body });
  const stored = (path: string) =>
    server.store.db.selectFrom("page_bounces").select(["site_id", "path", "network", "ref", "ms_on_page", "went_on"]).where("path", "=", path).execute();

  it("stores a page view's time and whether the visitor went on, with the source the page's address names", async () => {
    const left = await beacon("?lb=1&network=adnet&ref=spring&sub1=x", JSON.stringify({ path: "/landers/gallery/eng", ms: 4_200, wentOn: false }));
    expect(left.status).toBe(204);
    expect(await stored("/landers/gallery/eng")).toEqual([{ site_id: SITE, path: "/landers/gallery/eng", network: "adnet", ref: "spring", ms_on_page: 4_200, went_on: false }]);

    // A tab left open for days counts as a day.
    expect((await beacon("?lb", JSON.stringify({ path: "/landers/video/nl", ms: 9 * 86_400_000, wentOn: true }))).status).toBe(204);
    expect(await stored("/landers/video/nl")).toEqual([{ site_id: SITE, path: "/landers/video/nl", network: null, ref: null, ms_on_page: 86_400_000, went_on: true }]);
  });

  it("refuses what is not a page view's beacon, and stores nothing of it", async () => {
    for (const body of [
      JSON.stringify({ path: "/landers/gallery?x=1", ms: 10, wentOn: false }),
      JSON.stringify({ path: "https://evil.example/", ms: 10, wentOn: false }),
      JSON.stringify({ path: "//evil.example/x", ms: 10, wentOn: false }),
      JSON.stringify({ path: "/bad-ms", ms: -1, wentOn: false }),
      JSON.stringify({ path: "/no-went-on", ms: 10 }),
      JSON.stringify({ path: `/${"a".repeat(400)}`, ms: 10, wentOn: false }),
      "not json",
    ]) {
      expect((await beacon("?lb", body)).status, body).toBe(400);
    }
    expect((await beacon("?lb", "path=/x", { "content-type": "text/plain" })).status).toBe(415);
    const foreign = await beacon("?lb", JSON.stringify({ path: "/foreign", ms: 10, wentOn: false }), { origin: "https://attacker.example" });
    expect(foreign.status).toBe(403);
    const tooBig = await beacon("?lb", JSON.stringify({ path: "/too-big", ms: 10, wentOn: false, padding: "a".repeat(2 * 1024 * 1024) }));
    expect(tooBig.status).toBe(413);
    const rows = await server.store.db.selectFrom("page_bounces").select("path").where("path", "in", ["/foreign", "/too-big", "/bad-ms", "/no-went-on"]).execute();
    expect(rows).toEqual([]);
  });

  it("takes a few beacons a minute from one address, not a flood", async () => {
    const ip = visitorIp();
    const statuses: number[] = [];
    for (let view = 0; view < 31; view += 1) {
      statuses.push((await beacon("?lb", JSON.stringify({ path: "/flood", ms: view, wentOn: false }), { "x-forwarded-for": ip })).status);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
    expect(await stored("/flood")).toHaveLength(30);
  });
});
