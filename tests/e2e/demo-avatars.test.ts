import { beforeAll, describe, expect, it } from "vitest";
import { avatarTarget, subjectOfKey } from "../../server/profiles/demo-avatars";
import { seedDemoMembers } from "../../server/profiles/demo-members";
import { DESKTOP, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { requestAs } from "../support/test-server";

const suite = browserSuite();

beforeAll(async () => {
  await seedDemoMembers({ db: suite.server.store.db, sites: suite.server.sites.all(), count: 160, ...avatarTarget(suite.server.services.photos, suite.server.dataDir) });
});

describe("demo members' portraits", () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`show on the curvy brand's search at ${viewport.width} px: each card its own drawing of that member, served from the shared folder`, async () => {
      const origin = suite.server.origin("bbw-us");
      const context = await returningVisitor(suite.browser, origin, { viewport });
      const page = await context.newPage();
      const portraits: Promise<Record<string, string>>[] = [];
      page.on("response", (response) => {
        if (new URL(response.url()).pathname.startsWith("/media/")) portraits.push(response.allHeaders());
      });
      await page.goto(`${origin}/members`);
      const cards = page.locator("main li img");
      await expect.poll(() => cards.count()).toBeGreaterThan(8);
      // Every portrait is drawn once scrolled to (an image that failed to load has no natural width).
      for (const card of await cards.all()) await card.scrollIntoViewIfNeeded();
      await expect
        .poll(() => cards.evaluateAll((images) => (images as HTMLImageElement[]).filter((image) => !image.complete || image.naturalWidth === 0).length), { timeout: 20_000 })
        .toBe(0);
      const sources = await cards.evaluateAll((images) => images.map((image) => new URL((image as HTMLImageElement).src).pathname));
      for (const source of sources) expect(subjectOfKey(source.replace(/^\/media\//, ""))).toMatchObject({ gender: "female" });
      expect(new Set(sources).size).toBeGreaterThanOrEqual(sources.length * 0.9);
      await expect.poll(() => portraits.length).toBeGreaterThan(0);
      for (const headers of await Promise.all(portraits)) {
        expect(headers).toMatchObject({ "content-type": "image/svg+xml", "content-security-policy": "default-src 'none'; sandbox" });
      }

      // The same file on another brand's host: the demo folder is shared by every pool.
      const other = new URL(suite.server.origin("gay-uk"));
      const answer = await requestAs(Number(other.port), other.host, sources[0]!);
      expect([answer.status, answer.headers["content-type"]]).toEqual([200, "image/svg+xml"]);
      expect(answer.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 400"/);
      await context.close();
    }, 150_000);
  }
});
