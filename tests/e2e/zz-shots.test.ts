import { afterAll, beforeAll, it } from "vitest";
import type { Browser } from "playwright-core";
import { avatarTarget } from "../../server/profiles/demo-avatars";
import { seedDemoMembers } from "../../server/profiles/demo-members";
import { likeProfile } from "../../server/likes/likes";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, launchChromium, PHONE, returningVisitor } from "../support/browser";
import { startTestServer, type TestServer } from "../support/test-server";

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchChromium();
  await seedDemoMembers({ db: server.store.db, sites: server.sites.all(), count: 200, ...avatarTarget(server.services.photos, server.dataDir) });
}, 120_000);
afterAll(async () => { await browser?.close(); await server?.stop(); });

it("shoots", async () => {
  for (const [site, country, gender, sexuality] of [["flirt-nl", "NL", "male", "hetero"], ["gay-uk", "GB", "male", "gay"]] as const) {
    const me = await createMember(server, { siteId: site, name: "Sam" });
    await server.store.db.updateTable("profiles").set({ gender, sexuality }).where("id", "=", me.profileId).execute();
    const site_ = server.sites.all().find((s) => s.id === site)!;
    const others = await server.store.db.selectFrom("profiles").select("id").where("pool", "=", site_.pool).where("account_id", "is", null).where("gender", "=", sexuality === "gay" ? "male" : "female").limit(5).execute();
    for (const [i, o] of others.entries()) {
      await likeProfile(server.store.db, { pool: site_.pool, likerId: o.id, likedId: me.profileId });
      if (i < 2) await likeProfile(server.store.db, { pool: site_.pool, likerId: me.profileId, likedId: o.id });
    }
    const origin = server.origin(site);
    for (const [label, viewport] of [["phone", PHONE], ["desk", DESKTOP]] as const) {
      const context = await returningVisitor(browser, origin, { viewport, country });
      const cookie = await sessionCookie(server, { siteId: site, accountId: me.accountId });
      await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
      const page = await context.newPage();
      await page.goto(origin + "/likes");
      await page.screenshot({ path: `/tmp/shots/${site}-likes-${label}.png`, fullPage: label === "phone" });
      await page.goto(origin + "/members");
      await page.screenshot({ path: `/tmp/shots/${site}-members-${label}.png` });
      const card = page.getByRole("main").getByRole("listitem").last();
      await page.goto(origin + `/likes/m/${others[4]!.id}`);
      await page.getByRole("button", { name: /like|Like/ }).first().click();
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/shots/${site}-match-${label}.png` });
      void card;
      await context.close();
    }
  }
}, 120_000);
