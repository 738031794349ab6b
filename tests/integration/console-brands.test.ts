import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkDomain } from "../../server/support/brand-inspection";
import { createStaff, staffCookie } from "../support/staff";
import { CONSOLE_HOST, requestAs, startTestServer, type TestServer } from "../support/test-server";
import { waitUntil } from "../support/wait";

/**
 * Issue 17 §3: a brand manager's edit that the registry refuses shows its problems to support, in
 * the inspection and on the check page, until a later good edit applies and clears them.
 */
describe("brand files as the support console sees them", () => {
  let server: TestServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startTestServer();
    const support = await createStaff(server, { role: "support" });
    cookie = (await staffCookie(server, { staffId: support.id })).header;
  });

  afterAll(async () => {
    await server?.stop();
  });

  const file = (id: string) => path.join(server.sitesDir, `${id}.json`);
  const checkPage = (domain: string) => requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, `/brands/check?domain=${encodeURIComponent(domain)}`, { cookie });

  it("shows a refused edit's problems until a good edit applies, and when that edit was loaded", async () => {
    const original = JSON.parse(await readFile(file("gay-uk"), "utf8")) as Record<string, unknown>;
    const before = checkDomain(server.sites, "gay-uk.localhost");
    if (!before.found) throw new Error("gay-uk does not answer");
    expect(before.refusedEdit).toBeUndefined();
    const firstLoad = before.site.loadedAt!;

    await writeFile(file("gay-uk"), JSON.stringify({ ...original, name: "Broken", message_credits: -1, colour: "red" }, null, 2));
    await waitUntil(async () => server.sites.refusedEdit("gay-uk"), (edit) => edit !== undefined);
    const refused = checkDomain(server.sites, "GAY-UK.localhost:80");
    if (!refused.found) throw new Error("gay-uk does not answer");
    expect(refused.refusedEdit?.problems.map((problem) => [problem.path, problem.message]).sort()).toEqual([
      ["", 'unknown setting "colour": check the spelling'],
      ["message_credits", "cannot be negative"],
    ]);
    // The last good version keeps serving.
    expect(refused.settings.find((row) => row.path === "name")?.value).toBe(original.name);
    expect(refused.site.loadedAt).toEqual(firstLoad);

    const page = await checkPage("gay-uk.localhost");
    expect(page.status).toBe(200);
    expect(page.body).toContain("The last edit of this brand&#x27;s file was refused");
    expect(page.body).toContain("cannot be negative");

    await writeFile(file("gay-uk"), JSON.stringify({ ...original, name: "HimMatch Edited", message_credits: 7 }, null, 2));
    await waitUntil(async () => server.sites.resolveHost("gay-uk.localhost")?.name, (name) => name === "HimMatch Edited");
    const fixed = checkDomain(server.sites, "gay-uk.localhost");
    if (!fixed.found) throw new Error("gay-uk does not answer");
    expect(fixed.refusedEdit).toBeUndefined();
    expect(fixed.site.loadedAt!.getTime()).toBeGreaterThan(firstLoad.getTime());
    expect(fixed.settings.find((row) => row.path === "message_credits")).toEqual({ path: "message_credits", value: 7, fromDefault: false });
    const after = await checkPage("gay-uk.localhost");
    expect(after.body).not.toContain("was refused");
    expect(after.body).toContain("HimMatch Edited");
  });

  it("answers a domain no brand has with a clear message, and refuses the brand pages to visitors without a session", async () => {
    const page = await checkPage("nobody.example");
    expect(page.status).toBe(200);
    expect(page.body).toContain("No brand answers nobody.example");
    const anonymous = await requestAs(server.port, `${CONSOLE_HOST}:${server.port}`, "/brands");
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.location).toMatch(/^\/login/);
  });
});
