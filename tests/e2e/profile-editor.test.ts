import path from "node:path";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addPhoto } from "../../server/photos/photos";
import { createMember } from "../support/accounts";
import { DESKTOP, hydrated, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

type Brand = { id: string; language: string; country: string; gender: "male" | "female"; sexuality: "hetero" | "gay" };

const FLIRT: Brand = { id: "flirt-nl", language: "nl", country: "NL", gender: "female", sexuality: "hetero" };
const GAY: Brand = { id: "gay-uk", language: "en", country: "GB", gender: "male", sexuality: "gay" };
const BBW: Brand = { id: "bbw-us", language: "en", country: "US", gender: "female", sexuality: "hetero" };

const suite = browserSuite();

/** Room for a page that reloads its data on a busy machine. */
const POLL = { timeout: 20_000 };
/** Each test walks several pages and uploads: on a busy machine that takes more than the default minute. */
const SLOW = 150_000;

async function asMember(brand: Brand, member: { accountId: number }, pathname: string, viewport = DESKTOP): Promise<Page> {
  const page = await openPage(suite, { siteId: brand.id, pathname, member, viewport, country: brand.country });
  await hydrated(page);
  return page;
}

/** A member of the brand's niche, so that other members of the brand may open the profile. */
async function nicheMember(brand: Brand, name: string, { paid = false } = {}) {
  const member = await createMember(suite.server, { siteId: brand.id, name });
  await suite.server.store.db.updateTable("profiles").set({ gender: brand.gender, sexuality: brand.sexuality }).where("id", "=", member.profileId).execute();
  if (paid) await suite.server.store.db.updateTable("accounts").set({ paid_user: true }).where("id", "=", member.accountId).execute();
  return member;
}

const image = (hue: number) => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } }).jpeg().toBuffer();

/** Photos added the way an upload adds them; answers their ids, oldest first. */
async function withPhotos(brand: Brand, member: { accountId: number; profileId: number }, count: number): Promise<number[]> {
  const site = suite.server.sites.byId(brand.id)!;
  const ids = [];
  for (let i = 0; i < count; i += 1) {
    const added = await addPhoto({ db: suite.server.store.db, storage: suite.server.services.photos, site, profileId: member.profileId, accountId: member.accountId, bytes: await image(70 * i) });
    if (!added.ok) throw new Error(added.error);
    ids.push(added.photo.id);
  }
  return ids;
}

/** The random part of a photo's storage key, which both of its files' addresses carry. */
async function keyOf(photoId: number): Promise<string> {
  const row = await suite.server.store.db.selectFrom("photos").select("filename").where("id", "=", photoId).executeTakeFirstOrThrow();
  return path.basename(row.filename, ".webp");
}

/** The photos' storage keys in the order the page's images show them. */
const shownKeys = (images: Locator) =>
  images.evaluateAll((images: HTMLImageElement[]) => images.map((img) => (img.getAttribute("src") ?? "").split("/").pop()!.replace(/(-thumb)?\.webp$/, "")));

const order = async (profileId: number) =>
  (await suite.server.store.db.selectFrom("photos").select("id").where("profile_id", "=", profileId).where("status", "<>", "deleted").orderBy("position").orderBy("id").execute()).map((row) => row.id);

const mainPhoto = async (profileId: number) =>
  (await suite.server.store.db.selectFrom("profiles").select("main_photo_id").where("id", "=", profileId).executeTakeFirstOrThrow()).main_photo_id;

describe("the profile editor's photo slots", () => {
  const t = (key: string, values?: Record<string, string | number>) => text(FLIRT.language, key, values);

  it("adds a photo through a slot: the preview and the upload's progress show, then the photo takes its place", async () => {
    const member = await createMember(suite.server, { siteId: FLIRT.id, name: "Slotter" });
    const page = await asMember(FLIRT, member, "/profile", PHONE);
    // The upload waits here until the test has seen it in progress.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/photos", async (route) => {
      await held;
      await route.continue();
    });

    await page.getByLabel(t("members:edit.addPhoto")).setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await image(200) });
    const preview = page.getByRole("img", { name: t("photos:slots.preview") });
    await preview.waitFor();
    expect(await preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByRole("button", { name: t("members:edit.upload") }).click();
    const progress = page.getByRole("progressbar", { name: t("photos:slots.uploading") });
    await progress.waitFor();
    await expectAccessible(page);
    release();

    const photo = page.getByRole("img", { name: t("photos:slots.photo", { position: 1, count: 1 }) });
    await photo.waitFor({ timeout: 15_000 });
    await page.getByText(t("photos:added.active")).waitFor();
    expect(await progress.count()).toBe(0);
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.getByText(t("members:edit.photoCount", { count: 1, limit: 3 })).waitFor();
    expect(await mainPhoto(member.profileId)).not.toBeNull();
    await expectFitsPhone(page);
  }, SLOW);

  it("moves a photo left and makes one the main photo; the order holds after a reload and on the member's page", async () => {
    const owner = await nicheMember(GAY, "Ordered", { paid: true });
    const [first, second, third] = await withPhotos(GAY, owner, 3);
    const keys = { [first!]: await keyOf(first!), [second!]: await keyOf(second!), [third!]: await keyOf(third!) };
    const tEn = (key: string, values?: Record<string, string | number>) => text(GAY.language, key, values);
    const page = await asMember(GAY, owner, "/profile");

    await page.getByRole("button", { name: tEn("photos:slots.moveLeft", { position: 3 }) }).click();
    await expect.poll(() => order(owner.profileId), POLL).toEqual([first, third, second]);
    await expect.poll(() => shownKeys(page.locator("main ol img")), POLL).toEqual([keys[first!], keys[third!], keys[second!]]);
    // The keyboard stays with the photo that moved.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-photo"))).toBe(String(third));

    await page.getByRole("button", { name: tEn("photos:slots.makeMain", { position: 2 }) }).click();
    await page.getByText(tEn("photos:done.main")).waitFor();
    expect(await order(owner.profileId)).toEqual([third, first, second]);
    expect(await mainPhoto(owner.profileId)).toBe(third);

    await page.reload();
    await hydrated(page);
    expect(await shownKeys(page.locator("main ol img"))).toEqual([keys[third!], keys[first!], keys[second!]]);
    await page.getByRole("img", { name: tEn("photos:slots.photo", { position: 1, count: 3 }) }).waitFor();

    // Another (premium) member sees the main photo first, then the owner's order.
    const viewer = await nicheMember(GAY, "Viewer", { paid: true });
    const profile = await asMember(GAY, viewer, `/members/${owner.profileId}`);
    await expect.poll(() => shownKeys(profile.getByRole("img", { name: tEn("members:profile.photoOf", { name: "Ordered" }) })), POLL).toEqual([keys[third!], keys[first!], keys[second!]]);
  }, SLOW);

  it("asks before deleting a photo, and keeps it when the member changes their mind", async () => {
    const member = await createMember(suite.server, { siteId: FLIRT.id, name: "Deleter" });
    const [kept, removed] = await withPhotos(FLIRT, member, 2);
    const page = await asMember(FLIRT, member, "/profile", PHONE);

    await page.getByRole("link", { name: t("photos:slots.delete", { position: 2 }) }).click();
    const dialog = page.getByRole("dialog", { name: t("photos:delete.title", { position: 2 }) });
    await dialog.waitFor();
    await expectAccessible(page);
    await dialog.getByRole("link", { name: t("photos:delete.keep") }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await order(member.profileId)).toEqual([kept, removed]);

    await page.getByRole("link", { name: t("photos:slots.delete", { position: 2 }) }).click();
    await dialog.getByRole("button", { name: t("photos:delete.confirm") }).click();
    await page.getByText(t("photos:done.deleted")).waitFor();
    await page.getByText(t("members:edit.photoCount", { count: 1, limit: 3 })).waitFor();
    expect(await order(member.profileId)).toEqual([kept]);
  }, SLOW);

  for (const viewport of [PHONE, DESKTOP]) {
    it(`is accessible with photos at ${viewport.width} px`, async () => {
      const member = await createMember(suite.server, { siteId: FLIRT.id, name: "Checked" });
      await withPhotos(FLIRT, member, 2);
      const page = await asMember(FLIRT, member, "/profile", viewport);
      await page.getByRole("img", { name: t("photos:slots.photo", { position: 2, count: 2 }) }).waitFor();
      await expectAccessible(page);
      if (viewport === PHONE) await expectFitsPhone(page);
    }, SLOW);
  }
});

describe.each([FLIRT, GAY])("interests on $id ($language)", (brand) => {
  it("come in groups, each sorted by its names in the visitor's language", async () => {
    const t = (key: string) => text(brand.language, key);
    const member = await createMember(suite.server, { siteId: brand.id, name: "Curious" });
    const page = await asMember(brand, member, "/profile");
    const groups = page.getByRole("group", { name: t("members:labels.interests") }).getByRole("group");
    expect(await groups.evaluateAll((nodes) => nodes.map((node) => node.querySelector("h3")?.textContent))).toEqual([
      t("members:edit.interestGroup.lifestyle"),
      t("members:edit.interestGroup.erotic"),
    ]);
    const collator = new Intl.Collator(brand.language, { sensitivity: "base" });
    const names = async (group: string) => groups.filter({ has: page.getByRole("heading", { name: t(`members:edit.interestGroup.${group}`) }) }).locator("label").allTextContents();
    const lifestyle = await names("lifestyle");
    const erotic = await names("erotic");
    expect(lifestyle).toContain(t("members:interest.sushi"));
    expect(lifestyle).not.toContain(t("members:interest.bondage"));
    expect(erotic).toContain(t("members:interest.bondage"));
    expect(lifestyle).toEqual([...lifestyle].sort(collator.compare));
    expect(erotic).toEqual([...erotic].sort(collator.compare));
  }, SLOW);
});

describe("location and completeness", () => {
  it("sets the region that the chosen city lies in, and saves both", async () => {
    const t = (key: string, values?: Record<string, string | number>) => text(FLIRT.language, key, values);
    const member = await createMember(suite.server, { siteId: FLIRT.id, name: "Mover" });
    const page = await asMember(FLIRT, member, "/profile", PHONE);
    const region = page.getByLabel(t("members:region_label.province"), { exact: true });
    await page.getByLabel(t("members:labels.city"), { exact: true }).fill("Maastricht");
    await page.getByText(t("members:edit.regionFromCity", { city: "Maastricht", region: "Limburg" })).waitFor();
    expect(await region.inputValue()).toBe("LI");
    expect(await region.isDisabled()).toBe(true);
    await page.getByRole("button", { name: t("members:edit.save") }).click();
    await page.getByText(t("members:edit.saved")).waitFor();
    expect(await suite.server.store.db.selectFrom("profiles").select(["city", "region"]).where("id", "=", member.profileId).executeTakeFirstOrThrow()).toEqual({
      city: "Maastricht",
      region: "LI",
    });
  }, SLOW);

  it("offers only the states that have a town of the name: no Miami, Alaska", async () => {
    const t = (key: string) => text(BBW.language, key);
    const member = await createMember(suite.server, { siteId: BBW.id, name: "Floridian" });
    const page = await asMember(BBW, member, "/profile");
    const region = page.getByLabel(t("members:region_label.state"), { exact: true });
    await page.getByLabel(t("members:labels.city"), { exact: true }).fill("Miami");
    await expect.poll(() => region.locator("option").evaluateAll((options: HTMLOptionElement[]) => options.map((option) => option.value)), POLL).toEqual(["", "AZ", "FL", "OK", "TX"]);
    await region.selectOption("FL");
    await page.getByRole("button", { name: t("members:edit.save") }).click();
    await page.getByText(t("members:edit.saved")).waitFor();
    expect(await suite.server.store.db.selectFrom("profiles").select("region").where("id", "=", member.profileId).executeTakeFirstOrThrow()).toEqual({ region: "FL" });
  }, SLOW);

  it("the completeness meter goes up when an about-me text is added, and names the next step", async () => {
    const t = (key: string, values?: Record<string, string | number>) => text(FLIRT.language, key, values);
    const member = await createMember(suite.server, { siteId: FLIRT.id, name: "Writer" });
    await withPhotos(FLIRT, member, 1);
    const page = await asMember(FLIRT, member, "/profile", PHONE);
    const meter = page.getByRole("progressbar", { name: /%/ });
    const before = Number(await meter.getAttribute("aria-valuenow"));
    await page.getByText(t("members:edit.completeness.next.about_me")).waitFor();

    await page.getByLabel(t("members:labels.about_me")).fill("Early riser, dog person, makes a mean risotto.");
    await page.getByRole("button", { name: t("members:edit.save") }).click();
    await page.getByText(t("members:edit.saved")).waitFor();
    await expect.poll(async () => Number(await meter.getAttribute("aria-valuenow")), POLL).toBeGreaterThan(before);
    const after = Number(await meter.getAttribute("aria-valuenow"));
    await page.getByRole("heading", { name: t("members:edit.completeness.title", { percent: after }) }).waitFor();
    await page.getByText(t("members:edit.completeness.next.interests")).waitFor();
  }, SLOW);
});
