import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addPhoto } from "../../server/photos/photos";
import { createMember, sessionCookie } from "../support/accounts";
import { DESKTOP, hydrated, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { text } from "../support/catalog";

type Brand = { id: string; name: string; language: string; country: string; gender: "male" | "female"; sexuality: string };

/** A straight Dutch brand and a gay English one: each shows only its niche's members. */
const BRANDS: Brand[] = [
  { id: "flirt-nl", name: "FlirtNL", language: "nl", country: "NL", gender: "female", sexuality: "hetero" },
  { id: "gay-uk", name: "HimMatch", language: "en", country: "GB", gender: "male", sexuality: "gay" },
];

const suite = browserSuite();

type Visit = { viewport?: typeof PHONE; geolocation?: { latitude: number; longitude: number } };

/** A page of a member signed in by a session made directly (signing in has its own tests). */
async function asMember(brand: Brand, member: { accountId: number }, pathname: string, options: Visit = {}): Promise<Page> {
  const origin = suite.server.origin(brand.id);
  const context = await returningVisitor(suite.browser, origin, { viewport: options.viewport ?? DESKTOP, country: brand.country, geolocation: options.geolocation });
  const cookie = await sessionCookie(suite.server, { siteId: brand.id, accountId: member.accountId });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  const page = await context.newPage();
  await page.goto(origin + pathname);
  await hydrated(page);
  return page;
}

/** A member of the brand's niche, so its search shows them. */
async function nicheMember(brand: Brand, name: string) {
  const member = await createMember(suite.server, { siteId: brand.id, name });
  await suite.server.store.db.updateTable("profiles").set({ gender: brand.gender, sexuality: brand.sexuality as "gay" }).where("id", "=", member.profileId).execute();
  return member;
}

const image = (hue: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } }).jpeg().toBuffer();

const shown = (page: Page, words: string) => page.getByText(words, { exact: false }).first().waitFor({ state: "visible", timeout: 10_000 });

describe.each(BRANDS)("profiles on $id ($language)", (brand) => {
  const t = (key: string, values?: Record<string, string | number>) => text(brand.language, key, values);

  it("edits a profile, and another member finds it in search and reads it", async () => {
    const owner = await createMember(suite.server, { siteId: brand.id, name: "Editor" });
    const page = await asMember(brand, owner, "/profile");
    await page.getByLabel(t("members:labels.name"), { exact: true }).fill(`Robin${brand.language}`);
    await page.getByLabel(t("members:labels.gender"), { exact: true }).selectOption(brand.gender);
    await page.getByLabel(t("members:labels.sexuality"), { exact: true }).selectOption(brand.sexuality);
    await page.getByLabel(t("members:labels.hair_colour"), { exact: true }).selectOption("red");
    await page.getByLabel(t("members:labels.about_me")).fill("Loves long walks and good coffee.");
    await page.getByLabel(t("members:labels.city"), { exact: true }).fill("Haarlem");
    await page.getByText(t("members:interest.sushi"), { exact: true }).click();
    // A first sexuality and interests need the member's explicit consent (GDPR art. 9).
    await page.getByLabel(t("account:consent.specialCategory", { name: brand.name })).check();
    await page.getByRole("button", { name: t("members:edit.save") }).click();
    await shown(page, t("members:edit.saved"));

    // Someone else finds the profile and reads its labels in their own language.
    const viewer = await createMember(suite.server, { siteId: brand.id, name: "Seeker" });
    const search = await asMember(brand, viewer, `/members?gender=${brand.gender}&min_age=30`);
    await search.getByRole("link", { name: new RegExp(`Robin${brand.language}`) }).click();
    await shown(search, "Loves long walks and good coffee.");
    await shown(search, t(`members:label.hair_colour.red`));
    await shown(search, t("members:interest.sushi"));
    await shown(search, "Haarlem");
    await expectAccessible(search);

    // The filters are remembered for the next visit.
    await search.goto(`${suite.server.origin(brand.id)}/members`);
    expect(await search.getByLabel(t("members:search.minAge")).inputValue()).toBe("30");
  });

  it("uploads photos up to the free limit, then shows the limit message; a bad file gets a clear message", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Uploader" });
    const page = await asMember(brand, member, "/profile", { viewport: PHONE });
    const input = page.locator('input[type="file"][name="photo"]');
    await input.setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("this is not a picture") });
    await page.getByRole("button", { name: t("members:edit.upload") }).click();
    await shown(page, t("photos:error.not_image"));
    for (let i = 0; i < 3; i += 1) {
      await page.locator('input[type="file"][name="photo"]').setInputFiles({ name: `me-${i}.jpg`, mimeType: "image/jpeg", buffer: await image(40 * i) });
      await page.getByRole("button", { name: t("members:edit.upload") }).click();
      await page.getByText(t("members:edit.photoCount", { count: i + 1, limit: 3 })).waitFor();
    }
    await shown(page, t("photos:error.limit_reached"));
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    await expectAccessible(page);
    await expectFitsPhone(page);
    const rows = await suite.server.store.db.selectFrom("photos").select("status").where("profile_id", "=", member.profileId).execute();
    expect(rows.map((row) => row.status)).toEqual(["active", "active", "active"]);
  });

  it("shows a free viewer the first photo and the premium prompt; a premium viewer sees all", async () => {
    const owner = await nicheMember(brand, "Pictured");
    const site = suite.server.sites.byId(brand.id)!;
    for (let i = 0; i < 3; i += 1) {
      const added = await addPhoto({ db: suite.server.store.db, storage: suite.server.services.photos, site, profileId: owner.profileId, accountId: owner.accountId, bytes: await image(60 * i) });
      expect(added.ok).toBe(true);
    }
    const viewer = await createMember(suite.server, { siteId: brand.id, name: "Free" });
    const page = await asMember(brand, viewer, `/members/${owner.profileId}`, { viewport: PHONE });
    await shown(page, t("members:profile.premiumPhotos_other", { count: 2 }));
    await shown(page, t("members:profile.photoCount_other", { count: 3 }));
    expect(await page.locator("main img").count()).toBe(1);
    expect(await page.locator("main img").first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expectAccessible(page);
    await expectFitsPhone(page);

    // The likes list opens the same screen (§2 likes-m-id).
    await page.goto(`${suite.server.origin(brand.id)}/likes/m/${owner.profileId}`);
    await shown(page, t("members:profile.premiumPhotos_other", { count: 2 }));

    await suite.server.store.db.updateTable("accounts").set({ paid_user: true }).where("id", "=", viewer.accountId).execute();
    await page.reload();
    await page.locator("main img").nth(2).waitFor();
    expect(await page.getByText(t("members:profile.premiumPhotos_other", { count: 2 })).count()).toBe(0);
  });

  it("blocking hides both members from each other everywhere, until unblocked", async () => {
    const blocker = await nicheMember(brand, `Blocker${brand.language}`);
    const blocked = await nicheMember(brand, `Blocked${brand.language}`);
    const page = await asMember(brand, blocker, `/members/${blocked.profileId}`);
    await page.getByRole("button", { name: t("members:profile.block") }).click();
    await shown(page, t("members:blocked.byYou"));

    const other = await asMember(brand, blocked, `/members?gender=${brand.gender}`);
    expect(await other.getByRole("link", { name: new RegExp(`Blocker${brand.language}`) }).count()).toBe(0);
    await other.goto(`${suite.server.origin(brand.id)}/members/${blocker.profileId}`);
    await shown(other, t("members:blocked.byThem"));
    expect(await other.getByRole("link", { name: t("members:profile.message") }).count()).toBe(0);
    await expectAccessible(other);

    await page.goto(`${suite.server.origin(brand.id)}/members?gender=${brand.gender}`);
    expect(await page.getByRole("link", { name: new RegExp(`Blocked${brand.language}`) }).count()).toBe(0);

    // The blocker's profile page lists the block and lifts it.
    await page.goto(`${suite.server.origin(brand.id)}/profile`);
    await page.getByRole("button", { name: t("members:profile.unblock") }).click();
    await page.getByRole("button", { name: t("members:profile.unblock") }).waitFor({ state: "detached" });
    await page.goto(`${suite.server.origin(brand.id)}/members?gender=${brand.gender}`);
    await page.getByRole("link", { name: new RegExp(`Blocked${brand.language}`) }).first().waitFor();
  });
});

describe("location and reports on flirt-nl", () => {
  const brand = BRANDS[0]!;
  const t = (key: string, values?: Record<string, string | number>) => text(brand.language, key, values);

  it("fills country, region and city from the browser's position", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Locator" });
    const page = await asMember(brand, member, "/profile", { viewport: PHONE, geolocation: { latitude: 52.3731, longitude: 4.8922 } });
    await page.getByRole("button", { name: t("members:geolocation.button") }).click();
    await shown(page, t("members:geolocation.found"));
    expect(await page.getByLabel(t("members:labels.city"), { exact: true }).inputValue()).toBe("Amsterdam");
    expect(await page.getByLabel(t("members:region_label.province"), { exact: true }).inputValue()).toBe("NH");
    const stored = await suite.server.store.db.selectFrom("profiles").select(["geolocation", "city", "region"]).where("id", "=", member.profileId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ city: "Amsterdam", region: "NH", geolocation: { lat: 52.373, lon: 4.892 } });
  });

  it("stores a failed location as false and says so", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Nowhere" });
    const page = await asMember(brand, member, "/profile");
    await page.getByRole("button", { name: t("members:geolocation.button") }).click();
    await shown(page, t("members:geolocation.denied"));
    await expect.poll(async () => (await suite.server.store.db.selectFrom("profiles").select("geolocation").where("id", "=", member.profileId).executeTakeFirstOrThrow()).geolocation).toBe(false);
  });

  it("reports a profile from its page; the complaint is stored for support", async () => {
    const reported = await nicheMember(brand, "Reported");
    const reporter = await createMember(suite.server, { siteId: brand.id, name: "Reporter" });
    const page = await asMember(brand, reporter, `/members/${reported.profileId}`, { viewport: PHONE });
    await page.getByRole("link", { name: t("members:profile.report") }).click();
    await page.waitForURL(/\/complaints\?profile=/);
    await shown(page, "Reported");
    await expectAccessible(page);
    await expectFitsPhone(page);
    await page.locator("select[name=reason]").selectOption("fake_profile");
    await page.locator("textarea[name=message]").fill("These photos belong to a model, not to this member.");
    await page.locator("form button[type=submit]").last().click();
    await expect.poll(async () => suite.server.store.db.selectFrom("complaints").select(["reason", "profile_id"]).where("profile_id", "=", reported.profileId).execute()).toEqual([
      { reason: "fake_profile", profile_id: reported.profileId },
    ]);
  });

  it("search is accessible and fits a phone", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Phone" });
    const page = await asMember(brand, member, "/members", { viewport: PHONE });
    await shown(page, t("members:search.title"));
    await expectAccessible(page);
    await expectFitsPhone(page);
  });
});
