import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createMember, uniqueEmail } from "../support/accounts";
import { DESKTOP, hydrated, PERSONS_BROWSER, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { waitUntil } from "../support/wait";

/** A brand that features no one (flirt-nl, Dutch) and the gay brand (gay-uk, English). */
const FLIRT = { id: "flirt-nl", name: "FlirtNL", language: "nl", country: "NL" };
const GAY = { id: "gay-uk", name: "HimMatch", language: "en", country: "GB" };
type Brand = typeof FLIRT;

const suite = browserSuite();

/** Each test walks several pages with axe checks: room for a busy 2-core machine. */
const ROOM = 180_000;

async function visit(
  brand: Brand,
  pathname: string,
  { viewport = PHONE, signedInAs, userAgent }: { viewport?: typeof PHONE; signedInAs?: { accountId: number }; userAgent?: string } = {},
): Promise<Page> {
  const page = await openPage(suite, { siteId: brand.id, pathname, member: signedInAs, viewport, country: brand.country, userAgent });
  await hydrated(page);
  return page;
}

const radio = (page: Page, brand: Brand, key: string) => page.getByRole("radio", { name: text(brand.language, key), exact: true });

/** Fills what a signup needs besides "I am / looking for". */
async function fillDetails(page: Page, brand: Brand, name: string): Promise<string> {
  const t = (key: string, values?: Record<string, string | number>) => text(brand.language, key, values);
  const email = uniqueEmail(name.toLowerCase());
  await page.getByLabel(t("account:fields.email"), { exact: true }).fill(email);
  await page.getByLabel(t("account:fields.name"), { exact: true }).fill(name);
  await page.getByLabel(t("account:fields.dateOfBirth", { min_age: 18 }), { exact: true }).fill("1986-04-12");
  await page.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
  await page.getByLabel(t("account:consent.specialCategory", { name: brand.name })).check();
  return email;
}

const profileOf = (email: string) =>
  suite.server.store.db
    .selectFrom("profiles")
    .innerJoin("accounts", "accounts.id", "profiles.account_id")
    .select(["profiles.gender", "profiles.sexuality"])
    .where("accounts.email", "=", email)
    .executeTakeFirstOrThrow();

/** A findable member of a brand, as visitors see them in search and on their profile. */
async function someone(brand: Brand, name: string) {
  const member = await createMember(suite.server, { siteId: brand.id, name });
  await suite.server.store.db.updateTable("profiles").set({ gender: "male", sexuality: "gay" }).where("id", "=", member.profileId).execute();
  return member;
}

describe("signup asks who you are and whom you look for", () => {
  it("stores the choice, shows one mailbox message with one resend button, and search starts from it", async () => {
    const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
    // As a visitor she looked at men first; the search remembers that.
    const page = await visit(FLIRT, "/members?gender=male");
    await page.goto(`${suite.server.origin(FLIRT.id)}/signup`);
    await hydrated(page);
    // A brand for everyone starts from a man looking for women.
    expect(await radio(page, FLIRT, "account:signup.gender.male").isChecked()).toBe(true);
    expect(await radio(page, FLIRT, "account:signup.seeking.women").isChecked()).toBe(true);
    await expectAccessible(page);
    await expectFitsPhone(page);

    // A woman's choice of gender picks men, until she picks herself.
    await radio(page, FLIRT, "account:signup.gender.female").check();
    await expect.poll(() => radio(page, FLIRT, "account:signup.seeking.men").isChecked()).toBe(true);
    await radio(page, FLIRT, "account:signup.seeking.women").check();
    const email = await fillDetails(page, FLIRT, "Lotte");
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await page.waitForURL("**/complete-signup");
    expect(await profileOf(email)).toEqual({ gender: "female", sexuality: "lesbian" });

    // One "check your mailbox" message with one resend button; no reminder banner, no push offer beside it.
    await page.getByText(t("account:complete.checkMail", { email })).waitFor();
    await page.locator("main h1").waitFor();
    expect(await page.getByText(t("banners:activation.text", { email })).count()).toBe(0);
    expect(await page.getByRole("button", { name: t("account:activation.resend") }).count()).toBe(1);
    expect(await page.getByRole("button", { name: t("banners:activation.resend") }).count()).toBe(0);
    expect(await page.getByText(t("banners:push.title")).count()).toBe(0);
    expect(await page.getByRole("button", { name: t("banners:push.action") }).count()).toBe(0);
    await expectAccessible(page);

    // Search starts with whom she looks for, even after a visitor's search of men before signup.
    await page.goto(`${suite.server.origin(FLIRT.id)}/members`);
    await expect.poll(() => page.locator('input[name="gender"]:checked').inputValue()).toBe("female");
    await page.context().close();
  }, ROOM);

  it("counts the lander a visitor landed on from an ad, and keeps it and the ad's source on the account they sign up with", async () => {
    const db = suite.server.store.db;
    // Crawlers and headless browsers are not counted: this is a person's phone.
    const page = await visit(FLIRT, "/landers/collagelanding/nl?network=adnet&sub1=spring", { userAgent: PERSONS_BROWSER });
    const counted = await waitUntil(
      async () => {
        await suite.server.services.landerVisits.flush();
        return db.selectFrom("lander_visits").select("visits").where("site_id", "=", FLIRT.id).where("design", "=", "collagelanding").where("network", "=", "adnet").execute();
      },
      (rows) => rows.length > 0,
    );
    expect(counted).toEqual([{ visits: 1 }]);
    await page.goto(`${suite.server.origin(FLIRT.id)}/signup`);
    await hydrated(page);
    const email = await fillDetails(page, FLIRT, "Iris");
    await page.getByRole("button", { name: text("nl", "account:signup.submit") }).click();
    await page.waitForURL("**/complete-signup");
    const account = await db.selectFrom("accounts").select(["lander_design", "lander_slug", "tracking"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(account).toEqual({ lander_design: "collagelanding", lander_slug: "nl", tracking: { network: "adnet", sub1: "spring" } });
    await page.context().close();
  }, ROOM);

  it("starts from the brand's niche: a man looking for men on the gay brand, and refuses what the brand is not for", async () => {
    const gay = await visit(GAY, "/signup");
    expect(await radio(gay, GAY, "account:signup.gender.male").isChecked()).toBe(true);
    expect(await radio(gay, GAY, "account:signup.seeking.men").isChecked()).toBe(true);
    // No "woman" and no "women" on a brand for men looking for men.
    expect(await radio(gay, GAY, "account:signup.gender.female").count()).toBe(0);
    expect(await radio(gay, GAY, "account:signup.seeking.women").count()).toBe(0);
    await expectAccessible(gay);
    const email = await fillDetails(gay, GAY, "Oliver");
    await gay.getByRole("button", { name: text("en", "account:signup.submit") }).click();
    await gay.waitForURL("**/complete-signup");
    expect(await profileOf(email)).toEqual({ gender: "male", sexuality: "gay" });
    await gay.context().close();

    // On a brand that features women, a man cannot look for men only: greyed out, and the server says why.
    const milf = { id: "milf-de", name: "Reife Liebe", language: "de", country: "DE" };
    const page = await visit(milf, "/signup");
    expect(await radio(page, milf, "account:signup.gender.male").isChecked()).toBe(true);
    expect(await radio(page, milf, "account:signup.seeking.women").isChecked()).toBe(true);
    expect(await radio(page, milf, "account:signup.seeking.men").isDisabled()).toBe(true);
    await radio(page, milf, "account:signup.gender.female").check();
    expect(await radio(page, milf, "account:signup.seeking.men").isDisabled()).toBe(false);
    await page.context().close();
  }, ROOM);

  it("asks a visitor who taps like to sign up for it, and leads back to the profile after", async () => {
    const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
    const kees = await someone(FLIRT, "Kees");
    const page = await visit(FLIRT, `/members/${kees.profileId}`);
    await page.locator("main").getByRole("link", { name: t("members:profile.like"), exact: true }).click();
    await page.waitForURL(/\/signup\?/);
    await page.getByRole("heading", { level: 1, name: t("account:signup.reason.like", { name: "Kees" }) }).waitFor();
    await expectAccessible(page);
    await fillDetails(page, FLIRT, "Joost");
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await page.waitForURL(/\/complete-signup\?/);
    await page.getByRole("link", { name: t("account:complete.continueBack") }).click();
    await page.waitForURL(`**/members/${kees.profileId}`);
    // Signed in now: the like is a like.
    await page.getByRole("button", { name: t("members:profile.like"), exact: true }).click();
    await page.getByRole("button", { name: t("members:profile.unlike"), exact: true }).waitFor();
    await page.context().close();
  }, ROOM);

  it("opens the desktop modal with the reason from a card's like and from a profile's message", async () => {
    const kees = await someone(GAY, "Keith");
    const page = await visit(GAY, `/members`, { viewport: DESKTOP });
    await page.getByRole("link", { name: text("en", "account:signup.reason.like", { name: "Keith" }) }).first().click();
    const liking = page.getByRole("dialog", { name: text("en", "account:signup.reason.like", { name: "Keith" }) });
    await liking.waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await liking.waitFor({ state: "detached" });

    await page.goto(`${suite.server.origin(GAY.id)}/members/${kees.profileId}`);
    await hydrated(page);
    await page.locator("main").getByRole("link", { name: text("en", "members:profile.message"), exact: true }).click();
    await page.getByRole("dialog", { name: text("en", "account:signup.reason.message", { name: "Keith" }) }).waitFor();
    // The chat itself sends a visitor to the same signup, not to the login page.
    await page.goto(`${suite.server.origin(GAY.id)}/members/${kees.profileId}/chat`);
    await page.waitForURL(/\/signup\?to=message/);
    await page.getByRole("heading", { level: 1, name: text("en", "account:signup.reason.message", { name: "Keith" }) }).waitFor();
    await page.context().close();
  }, ROOM);

  it("puts the photo first after activation, then premium", async () => {
    const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
    const member = await createMember(suite.server, { siteId: FLIRT.id, name: "Fenna" });
    const page = await visit(FLIRT, "/activate/done", { signedInAs: member });
    const steps = page.locator("main ol > li h2");
    expect(await steps.allTextContents()).toEqual([t("account:activated.photoTitle"), t("account:activated.premiumTitle")]);
    await expectAccessible(page);
    await expectFitsPhone(page);
    const photo = await sharp({ create: { width: 640, height: 800, channels: 3, background: { r: 200, g: 120, b: 90 } } }).jpeg().toBuffer();
    await page.locator('input[type="file"][name="photo"]').setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    await page.getByRole("button", { name: t("account:activated.photoUpload") }).click();
    await page.getByText(t("account:activated.photoDone")).waitFor();
    // Premium is the step to take now.
    await page.getByRole("link", { name: t("account:activated.premiumAction") }).waitFor();
    await page.context().close();

    const wide = await visit(FLIRT, "/activate/done", { viewport: DESKTOP, signedInAs: member });
    await wide.getByText(t("account:activated.photoDone")).waitFor();
    await expectAccessible(wide);
    await wide.context().close();
  }, ROOM);

  it.each([FLIRT, GAY])("shows Join next to Log in on a 360 px phone on $id, the brand name whole", async (brand) => {
    const page = await visit(brand, "/");
    const header = page.locator("header");
    const join = header.getByRole("link", { name: text(brand.language, "nav.signup"), exact: true });
    await join.waitFor();
    await header.getByRole("link", { name: text(brand.language, "nav.login"), exact: true }).waitFor();
    const name = header.getByText(brand.name, { exact: true });
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await expectFitsPhone(page);
    await expectAccessible(page);
    await join.click();
    await page.waitForURL("**/signup");
    await page.context().close();
  }, ROOM);
});
