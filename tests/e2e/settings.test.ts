import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createMember, PASSWORD } from "../support/accounts";
import { DESKTOP, hydrated, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

type Brand = { id: string; language: string; country: string };

const FLIRT: Brand = { id: "flirt-nl", language: "nl", country: "NL" };
const BBW: Brand = { id: "bbw-us", language: "en", country: "US" };
const GAY: Brand = { id: "gay-uk", language: "en", country: "GB" };

const NEW_PASSWORD = "my new secret words";
/** Room for flows of several pages, password hashing and reloads on a busy machine. */
const FLOW_TIMEOUT = 240_000;

const suite = browserSuite();

/** A page of a visitor, or of a member signed in by a session made directly (signing in has its own tests). */
async function visit(brand: Brand, pathname: string, { viewport = PHONE, member }: { viewport?: typeof PHONE; member?: { accountId: number } } = {}): Promise<Page> {
  const page = await openPage(suite, { siteId: brand.id, pathname, member, viewport, country: brand.country });
  await hydrated(page);
  return page;
}

const shown = (page: Page | Locator, words: string) => page.getByText(words, { exact: false }).first().waitFor({ state: "visible", timeout: 15_000 });
const section = (page: Page, brand: Brand, name: string) => page.getByRole("region", { name: text(brand.language, `settings:${name}.title`) });

async function logIn(page: Page, brand: Brand, email: string, password: string) {
  const t = (key: string) => text(brand.language, key);
  await page.goto(`${suite.server.origin(brand.id)}/login`);
  await hydrated(page);
  await page.getByLabel(t("account:fields.email"), { exact: true }).fill(email);
  await page.getByLabel(t("account:fields.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: t("account:login.submit") }).click();
}

describe("settings", () => {
  it("changes the password only with the right current one, signs the other device out, and the new one logs in", async () => {
    const t = (key: string, values?: Record<string, string | number>) => text(FLIRT.language, key, values);
    const member = await createMember(suite.server, { siteId: FLIRT.id, name: "Noor" });
    const otherDevice = await visit(FLIRT, "/settings", { member, viewport: DESKTOP });
    const page = await visit(FLIRT, "/settings", { member });
    const password = section(page, FLIRT, "password");
    const current = password.getByLabel(t("account:fields.oldPassword"), { exact: true });
    const fresh = password.getByLabel(t("account:fields.newPassword"), { exact: true });
    const submit = password.getByRole("button", { name: t("settings:password.submit") });

    await current.fill("not my password");
    await fresh.fill(NEW_PASSWORD);
    await submit.click();
    await shown(password, t("validation.oldPasswordWrong"));
    await current.fill(PASSWORD);
    await fresh.fill("short");
    await submit.click();
    await shown(password, t("account:password.tooShort"));
    await expectAccessible(page);
    await expectFitsPhone(page);

    await fresh.fill(NEW_PASSWORD);
    await submit.click();
    await shown(password, t("settings:password.changed"));
    await shown(password, t("settings:password.signedOut_one", { count: 1 }));
    // The form is empty again: no password stays in the page.
    expect(await current.inputValue()).toBe("");

    // The other device is signed out; this one is not. A new tab of that device asks the server (its
    // open tab may be reloading itself already, on the live sign-out, which would abort a reload here).
    const otherTab = await otherDevice.context().newPage();
    await otherTab.goto(`${suite.server.origin(FLIRT.id)}/settings`);
    await otherTab.waitForURL("**/login?redirectTo=%2Fsettings");
    await page.reload();
    await section(page, FLIRT, "password").waitFor();

    const login = await visit(FLIRT, "/login");
    await logIn(login, FLIRT, member.email, PASSWORD);
    await shown(login, t("errors.loginFailed"));
    await logIn(login, FLIRT, member.email, NEW_PASSWORD);
    await login.waitForURL("**/members");
    for (const opened of [page, otherDevice, login]) await opened.context().close();
  }, FLOW_TIMEOUT);

  it("switches the page to the language saved, and keeps it on the account", async () => {
    const member = await createMember(suite.server, { siteId: BBW.id, name: "Lupe" });
    const page = await visit(BBW, "/settings", { member, viewport: DESKTOP });
    const language = section(page, BBW, "language");
    await language.getByLabel("Español", { exact: true }).check();
    await language.getByRole("button", { name: text("en", "settings:language.submit") }).click();

    await page.getByRole("heading", { level: 1, name: text("es", "settings:title") }).waitFor();
    await shown(page, text("es", "settings:language.saved"));
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    expect(await section(page, { ...BBW, language: "es" }, "language").getByLabel("Español", { exact: true }).isChecked()).toBe(true);
    const account = await suite.server.store.db.selectFrom("accounts").select("language").where("id", "=", member.accountId).executeTakeFirstOrThrow();
    expect(account.language).toBe("es");
    await expectAccessible(page);
    await page.context().close();
  }, FLOW_TIMEOUT);

  it("hides an invisible member from another member's search until they turn visible again", async () => {
    const name = `Hideaway${Date.now().toString(36)}`;
    const hidden = await createMember(suite.server, { siteId: GAY.id, name });
    const seeker = await createMember(suite.server, { siteId: GAY.id, name: "Seeker" });
    for (const member of [hidden, seeker]) {
      await suite.server.store.db.updateTable("profiles").set({ gender: "male", sexuality: "gay" }).where("id", "=", member.profileId).execute();
    }
    const search = await visit(GAY, "/members?gender=male", { member: seeker, viewport: DESKTOP });
    const card = search.getByRole("link", { name: new RegExp(name) });
    await card.first().waitFor();

    const page = await visit(GAY, "/settings", { member: hidden, viewport: DESKTOP });
    const privacy = section(page, GAY, "privacy");
    const invisible = privacy.getByRole("checkbox", { name: new RegExp(text("en", "settings:privacy.invisible")) });
    await invisible.check();
    await privacy.getByRole("button", { name: text("en", "settings:privacy.submit") }).click();
    await shown(privacy, text("en", "settings:privacy.nowInvisible"));
    await expectAccessible(page);

    await search.reload();
    await search.locator("main").waitFor();
    await expect.poll(() => card.count()).toBe(0);

    // After a reload the box still says invisible; unticked and saved, the member is found again.
    await page.reload();
    expect(await invisible.isChecked()).toBe(true);
    await invisible.uncheck();
    await privacy.getByRole("button", { name: text("en", "settings:privacy.submit") }).click();
    await shown(privacy, text("en", "settings:privacy.nowVisible"));
    await search.reload();
    await card.first().waitFor();
    for (const opened of [page, search]) await opened.context().close();
  }, FLOW_TIMEOUT);

  it.each([
    { brand: FLIRT, id: FLIRT.id, viewport: PHONE, width: PHONE.width },
    { brand: FLIRT, id: FLIRT.id, viewport: DESKTOP, width: DESKTOP.width },
    { brand: BBW, id: BBW.id, viewport: PHONE, width: PHONE.width },
    { brand: BBW, id: BBW.id, viewport: DESKTOP, width: DESKTOP.width },
  ])("has every section, the deletion way apart, and no accessibility violations on $id at $width px", async ({ brand, viewport }) => {
    const t = (key: string) => text(brand.language, key);
    const member = await createMember(suite.server, { siteId: brand.id, name: "Axel" });
    const page = await visit(brand, "/settings", { member, viewport });
    for (const name of ["email", "password", "language", "privacy", "notifications", "delete"]) await section(page, brand, name).waitFor();
    // flirt-nl shows one language: the section says so rather than offering a choice of one.
    if (brand === FLIRT) await shown(section(page, brand, "language"), text("nl", "settings:language.only", { language: "Nederlands" }));
    else expect(await section(page, brand, "language").getByRole("radio").count()).toBe(2);
    // No button deletes at once: the section leads into the flow that asks why first.
    const deletion = section(page, brand, "delete");
    expect(await deletion.getByRole("button").count()).toBe(0);
    expect(await deletion.getByRole("link", { name: t("deletion:card.start") }).getAttribute("href")).toBe("/settings/delete");
    await expectAccessible(page);
    if (viewport === PHONE) await expectFitsPhone(page);
    await page.context().close();
  }, FLOW_TIMEOUT);

  it("asks for an e-mail address left empty on login and reset, in the browser, before anything is sent", async () => {
    for (const [brand, pathname, submit] of [
      [FLIRT, "/login", "account:login.submit"],
      [BBW, "/reset-password", "account:reset.submit"],
    ] as const) {
      const page = await visit(brand, pathname);
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      // Focusing the form brings its checks; then the submit is checked here.
      await page.getByLabel(text(brand.language, "account:fields.email"), { exact: true }).focus();
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: text(brand.language, submit) }).click();
      await shown(page, text(brand.language, "validation.emailRequired"));
      expect(posts).toEqual([]);
      await page.context().close();
    }
  }, FLOW_TIMEOUT);
});
