import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { AUTH_COOKIE } from "../../server/accounts/sessions";
import { createMember, PASSWORD, sessionCookie, uniqueEmail, waitForMail } from "../support/accounts";
import { DESKTOP, hydrated, PHONE, returningVisitor } from "../support/browser";
import { browserSuite } from "../support/browser-suite";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { text } from "../support/catalog";

type Brand = { id: string; name: string; language: string; country: string };

/** Two brands in two languages walk every account flow. */
const BRANDS: Brand[] = [
  { id: "flirt-nl", name: "FlirtNL", language: "nl", country: "NL" },
  { id: "milf-de", name: "Reife Liebe", language: "de", country: "DE" },
];

const suite = browserSuite();

type Visit = { viewport?: typeof PHONE; javaScriptEnabled?: boolean; signedInAs?: { accountId: number } };

async function visit(brand: Brand, pathname: string, { viewport = PHONE, javaScriptEnabled = true, signedInAs }: Visit = {}): Promise<Page> {
  const origin = suite.server.origin(brand.id);
  const context = await returningVisitor(suite.browser, origin, { viewport, country: brand.country, javaScriptEnabled });
  if (signedInAs) {
    const cookie = await sessionCookie(suite.server, { siteId: brand.id, accountId: signedInAs.accountId });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: origin }]);
  }
  const page = await context.newPage();
  await page.goto(origin + pathname);
  if (javaScriptEnabled) await hydrated(page);
  return page;
}

/** A page of a member signed in by a session made directly (for tests not about signing in). */
const asMember = (brand: Brand, member: { accountId: number }, pathname: string) => visit(brand, pathname, { signedInAs: member });

const visible = (page: Page, words: string) => page.getByText(words, { exact: false }).first().waitFor({ state: "visible", timeout: 10_000 });

/** Opens the newest mail of a kind to an address in the development mail viewer, as its reader would. */
async function openMail(page: Page, brand: Brand, to: string, kind: "activation" | "passwordReset" | "mailChange") {
  const subject = text(brand.language, `mail:${kind}.subject`, { site: brand.name });
  const mail = await waitForMail(suite.server, to, { subject });
  await page.goto(`${suite.server.origin(brand.id)}/dev/mail`);
  // This mail, not merely the newest with its subject: the outbox may deliver another member's
  // activation mail (the test's existing account) after it.
  await page.locator(`a[href="/dev/mail/${mail.id}"]`).click();
  await page.waitForURL(/\/dev\/mail\/.+/);
  return mail;
}

async function logIn(page: Page, brand: Brand, email: string, password: string) {
  await page.goto(`${suite.server.origin(brand.id)}/login`);
  await page.getByLabel(text(brand.language, "account:fields.email"), { exact: true }).fill(email);
  await page.getByLabel(text(brand.language, "account:fields.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: text(brand.language, "account:login.submit") }).click();
}

describe.each(BRANDS)("accounts on $id ($language)", (brand) => {
  const t = (key: string, values?: Record<string, string | number>) => text(brand.language, key, values);

  it("signs up on the phone page with every rule of §5, activates from the mail, logs out and in", async () => {
    const existing = await createMember(suite.server, { siteId: brand.id });
    const page = await visit(brand, "/");
    await page.getByRole("link", { name: t("home:signup") }).first().click();
    await page.waitForURL("**/signup");

    // Submitting the empty form shows every field's message next to it.
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await visible(page, t("validation.emailRequired"));
    await visible(page, t("account:signup.nameRequired"));
    await visible(page, t("validation.birthDateRequired", { min_age: 18 }));
    await visible(page, t("account:password.tooShort"));

    const email = page.getByLabel(t("account:fields.email"), { exact: true });
    await email.fill("sanne@gmial.com");
    await page.getByRole("button", { name: "sanne@gmail.com" }).click();
    expect(await email.inputValue()).toBe("sanne@gmail.com");

    const name = page.getByLabel(t("account:fields.name"), { exact: true });
    await name.fill("sanne@gmail.com");
    await visible(page, t("validation.nameIsEmail"));
    await name.fill("@sanne");
    await visible(page, t("account:signup.nameStartsWithAt"));
    await name.fill("Sanne");

    const birth = page.getByLabel(t("account:fields.dateOfBirth", { min_age: 18 }), { exact: true });
    await birth.fill("2015-06-01");
    await visible(page, t("validation.birthDateRequired", { min_age: 18 }));
    await birth.fill("1801-06-01");
    await visible(page, t("validation.birthDateInvalid"));
    await birth.fill("1992-06-01");
    await page.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
    await page.getByLabel(t("account:consent.specialCategory", { name: brand.name })).check();

    // An address with an account already: the form offers to log in instead.
    await email.fill(existing.email);
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await visible(page, t("account:signup.emailExists"));
    await visible(page, t("account:signup.loginInstead"));

    const address = uniqueEmail(brand.id);
    await email.fill(address);
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await page.waitForURL("**/complete-signup");
    await visible(page, t("account:complete.checkMail", { email: address }));
    const memberId = Number((await page.getByText(t("account:signup.memberId", { id: "" }).trim()).textContent())?.replace(/\D+/g, ""));
    expect(memberId).toBeGreaterThan(0);
    await expectAccessible(page);

    await openMail(page, brand, address, "activation");
    await page.getByRole("link", { name: t("mail:activation.button") }).click();
    await page.waitForURL("**/activate/done");
    await visible(page, t("account:activated.premiumTitle"));
    await visible(page, t("account:activated.photoTitle"));
    await expectAccessible(page);

    // The link worked once.
    await page.goBack();
    await page.getByRole("link", { name: t("mail:activation.button") }).click();
    await page.waitForURL("**/activate/error");
    await visible(page, t("errors.activationFailed"));

    await page.locator("summary", { hasText: "Sanne" }).click();
    await page.getByRole("button", { name: t("nav.logout") }).click();
    await page.waitForURL(`${suite.server.origin(brand.id)}/`);
    await page.getByRole("link", { name: t("nav.login") }).waitFor();

    await logIn(page, brand, address, "not the password");
    await visible(page, t("errors.loginFailed"));
    await logIn(page, brand, address.toUpperCase(), "a good password");
    await page.waitForURL("**/members");
    await page.locator("summary", { hasText: "Sanne" }).waitFor();
    await page.context().close();
  });

  it("signs up in the desktop modal, which stays open while the signup is under way", async () => {
    // A page that runs the framework: its modal checks as the visitor types and runs the signup step by step.
    const page = await visit(brand, "/pages/terms", { viewport: DESKTOP });
    const dialog = page.getByRole("dialog", { name: t("account:signup.title") });
    await page.locator("header").getByRole("link", { name: t("nav.signup"), exact: true }).click();
    await dialog.waitFor();
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    await page.locator("header").getByRole("link", { name: t("nav.signup"), exact: true }).click();
    await dialog.getByLabel(t("account:fields.email"), { exact: true }).fill(uniqueEmail("modal"));
    await dialog.getByLabel(t("account:fields.name"), { exact: true }).fill("Mara");
    await dialog.getByLabel(t("account:fields.dateOfBirth", { min_age: 18 }), { exact: true }).fill("1980-01-15");
    await dialog.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
    await dialog.getByLabel(t("account:consent.specialCategory", { name: brand.name })).check();

    // Hold the "create account" step, to try closing while it runs.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/signup.php?step=create", async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: t("account:signup.submit") }).click();
    await dialog.getByText(t("account:signup.steps.create")).waitFor();
    await page.keyboard.press("Escape");
    await page.mouse.click(10, DESKTOP.height - 10);
    expect(await dialog.isVisible()).toBe(true);
    release();

    await page.waitForURL("**/complete-signup");
    await dialog.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("locks the account after repeated wrong passwords", async () => {
    const member = await createMember(suite.server, { siteId: brand.id });
    const page = await visit(brand, "/login");
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await logIn(page, brand, member.email, `wrong ${attempt}`);
      await visible(page, t("errors.loginFailed"));
    }
    await logIn(page, brand, member.email, "wrong 5");
    await visible(page, t("errors.tooManyAttempts", { minutes: 15 }));
    await logIn(page, brand, member.email, PASSWORD);
    await visible(page, t("errors.tooManyAttempts", { minutes: 15 }));
    await page.context().close();
  });

  it("resets a forgotten password by the mailed link, once", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Robin" });
    const page = await visit(brand, "/login");
    await page.getByRole("link", { name: t("account:login.forgotPassword") }).click();
    // The address changes before the new screen renders: wait for the screen itself.
    await page.getByRole("heading", { name: t("account:reset.title") }).waitFor();
    const email = page.getByLabel(t("account:fields.email"), { exact: true });
    await email.fill(uniqueEmail("nobody"));
    await page.getByRole("button", { name: t("account:reset.submit") }).click();
    await visible(page, t("validation.emailNotFound"));
    await expectAccessible(page);
    await email.fill(member.email);
    await page.getByRole("button", { name: t("account:reset.submit") }).click();
    await visible(page, t("account:reset.sent", { email: member.email }));

    await openMail(page, brand, member.email, "passwordReset");
    await page.getByRole("link", { name: t("mail:passwordReset.button") }).click();
    await page.waitForURL("**/reset-password/do?token=*");
    const resetUrl = page.url();
    await page.getByLabel(t("account:fields.newPassword"), { exact: true }).fill("my new password");
    await page.getByLabel(t("account:fields.repeatPassword"), { exact: true }).fill("my new passwort");
    await page.getByRole("button", { name: t("account:resetDo.submit") }).click();
    await visible(page, t("validation.passwordsDiffer"));
    await expectAccessible(page);
    await page.getByLabel(t("account:fields.repeatPassword"), { exact: true }).fill("my new password");
    await page.getByRole("button", { name: t("account:resetDo.submit") }).click();
    await page.waitForURL("**/members");
    await page.locator("summary", { hasText: "Robin" }).waitFor();

    await page.goto(resetUrl);
    await visible(page, t("errors.linkExpired"));
    await page.context().close();
  });

  it("changes the e-mail address through a link to the new address", async () => {
    const member = await createMember(suite.server, { siteId: brand.id, name: "Kim" });
    const other = await createMember(suite.server, { siteId: brand.id });
    const page = await asMember(brand, member, "/settings");
    const section = page.getByRole("region", { name: t("settings:email.title") });
    const newEmail = section.getByLabel(t("account:fields.newEmail"), { exact: true });
    const oldPassword = section.getByLabel(t("account:fields.oldPassword"), { exact: true });
    const submit = section.getByRole("button", { name: t("settings:email.submit") });

    // Left empty, the field asks to be filled in.
    await oldPassword.fill(PASSWORD);
    await submit.click();
    await visible(page, t("validation.newEmailRequired"));
    await newEmail.fill("kim@");
    await oldPassword.fill(PASSWORD);
    await submit.click();
    await visible(page, t("validation.newEmailInvalid"));
    await newEmail.fill(other.email);
    await submit.click();
    await visible(page, t("validation.emailTaken"));
    const address = uniqueEmail("moved");
    await newEmail.fill(address);
    await oldPassword.fill("not my password");
    await submit.click();
    await visible(page, t("validation.oldPasswordWrong"));
    await expectAccessible(page);
    await oldPassword.fill(PASSWORD);
    await submit.click();
    await visible(page, t("settings:email.sent", { email: address }));

    await openMail(page, brand, address, "mailChange");
    await page.getByRole("link", { name: t("mail:mailChange.button") }).click();
    await page.waitForURL("**/mail-change/do?token=*");
    await page.getByRole("button", { name: t("account:mailChange.confirm") }).click();
    await visible(page, t("account:mailChange.done", { email: address }));

    const fresh = await visit(brand, "/login");
    await logIn(fresh, brand, member.email, PASSWORD);
    await visible(fresh, t("errors.loginFailed"));
    await logIn(fresh, brand, address, PASSWORD);
    await fresh.waitForURL("**/members");
    await page.context().close();
    await fresh.context().close();
  });
});

describe("accounts across brands and without JavaScript", () => {
  const flirt = BRANDS[0]!;
  const milf = BRANDS[1]!;

  it("never signs a flirt-nl account in on milf-de", async () => {
    const member = await createMember(suite.server, { siteId: flirt.id });
    const page = await visit(milf, "/login");
    await logIn(page, milf, member.email, PASSWORD);
    await visible(page, text("de", "errors.loginFailed"));
    const home = await visit(flirt, "/login");
    await logIn(home, flirt, member.email, PASSWORD);
    await home.waitForURL("**/members");
    // A member who opens signup or login goes home to the members area (§2).
    await home.goto(`${suite.server.origin(flirt.id)}/signup`);
    await home.waitForURL("**/members");
    // Signed in on flirt-nl, still a stranger on milf-de.
    await page.goto(`${suite.server.origin(milf.id)}/settings`);
    await page.waitForURL("**/login?redirectTo=%2Fsettings");
    await page.context().close();
    await home.context().close();
  });

  it("refuses a login form posted from another site's page, with a page in the visitor's language", async () => {
    const member = await createMember(suite.server, { siteId: flirt.id });
    const context = await returningVisitor(suite.browser, suite.server.origin(flirt.id), { viewport: PHONE, country: flirt.country });
    const page = await context.newPage();
    // A page that is not the brand's own, posting the attacker's credentials to the brand (login CSRF).
    await page.setContent(
      `<form method="post" action="${suite.server.origin(flirt.id)}/login"><input name="email" value="${member.email}"><input name="password" value="${PASSWORD}"><button>go</button></form>`,
    );
    await page.getByRole("button", { name: "go" }).click();
    await page.waitForURL(`${suite.server.origin(flirt.id)}/login`);
    await visible(page, text("nl", "requestRefused.crossSite"));
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain(AUTH_COOKIE);
    await expectAccessible(page);
    await expectFitsPhone(page);
    await context.close();
  });

  it("signs up, logs in and asks for a reset with JavaScript disabled", async () => {
    const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
    const page = await visit(flirt, "/signup", { javaScriptEnabled: false });
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await visible(page, t("validation.emailRequired"));
    await visible(page, t("validation.birthDateRequired", { min_age: 18 }));
    const address = uniqueEmail("nojs");
    await page.getByLabel(t("account:fields.email"), { exact: true }).fill(address);
    await page.getByLabel(t("account:fields.name"), { exact: true }).fill(address);
    await page.getByLabel(t("account:fields.dateOfBirth", { min_age: 18 }), { exact: true }).fill("1985-03-03");
    await page.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
    await page.getByLabel(t("account:consent.specialCategory", { name: flirt.name })).check();
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await visible(page, t("validation.nameIsEmail"));
    // The answer of the page keeps the consent ticked, as it keeps the other answers.
    expect(await page.getByLabel(t("account:consent.specialCategory", { name: flirt.name })).isChecked()).toBe(true);
    await page.getByLabel(t("account:fields.name"), { exact: true }).fill("Noor");
    await page.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await page.waitForURL("**/complete-signup");
    await waitForMail(suite.server, address);

    await page.locator("summary", { hasText: "Noor" }).click();
    await page.getByRole("button", { name: t("nav.logout") }).click();
    await page.waitForURL(`${suite.server.origin(flirt.id)}/`);
    await logIn(page, flirt, address, "wrong password");
    await visible(page, t("errors.loginFailed"));
    await logIn(page, flirt, address, "a good password");
    await page.waitForURL("**/members");

    const reset = await visit(flirt, "/reset-password", { javaScriptEnabled: false });
    await reset.getByLabel(t("account:fields.email"), { exact: true }).fill(address);
    await reset.getByRole("button", { name: t("account:reset.submit") }).click();
    await visible(reset, t("account:reset.sent", { email: address }));
    await page.context().close();
    await reset.context().close();
  });

  it("shows the invite-only notice where signups need a traffic source, and takes one with it", async () => {
    const { readFile, writeFile } = await import("node:fs/promises");
    const file = `${suite.server.sitesDir}/gay-uk.json`;
    await writeFile(file, (await readFile(file, "utf8")).replace('"signups": "all"', '"signups": "with_trafficsource"'));
    const brand = { id: "gay-uk", name: "HimMatch", language: "en", country: "GB" };
    const t = (key: string, values?: Record<string, string | number>) => text("en", key, values);
    const page = await visit(brand, "/signup");
    await page.getByText(t("account:signup.inviteOnly", { name: "HimMatch" })).waitFor({ timeout: 5_000 }).catch(async () => {
      await page.reload(); // the edit reaches the registry within a second
      await page.getByText(t("account:signup.inviteOnly", { name: "HimMatch" })).waitFor();
    });
    await page.goto(`${suite.server.origin(brand.id)}/?aff_sub=banner7&network=tj`);
    await page.goto(`${suite.server.origin(brand.id)}/signup`);
    const address = uniqueEmail("tracked");
    await page.getByLabel(t("account:fields.email"), { exact: true }).fill(address);
    await page.getByLabel(t("account:fields.name"), { exact: true }).fill("Theo");
    await page.getByLabel(t("account:fields.dateOfBirth", { min_age: 18 }), { exact: true }).fill("1979-09-09");
    await page.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
    await page.getByLabel(t("account:consent.specialCategory", { name: brand.name })).check();
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await page.waitForURL("**/complete-signup");
    const row = await suite.server.store.db.selectFrom("accounts").select("tracking").where("email", "=", address).executeTakeFirstOrThrow();
    expect(row.tracking).toEqual({ network: "tj", sub1: "banner7" });
    await page.context().close();
  });

  it("has account screens without axe violations on a phone", async () => {
    const member = await createMember(suite.server, { siteId: flirt.id, confirmed: false });
    for (const pathname of ["/login", "/signup", "/activate/error", "/reset-password/do?token=old"]) {
      const page = await visit(flirt, pathname);
      await expectAccessible(page);
      await expectFitsPhone(page);
      await page.context().close();
    }
    for (const pathname of ["/complete-signup", "/signup-matches", "/settings"]) {
      const page = await asMember(flirt, member, pathname);
      await expectAccessible(page);
      await expectFitsPhone(page);
      await page.context().close();
    }
  });
});
