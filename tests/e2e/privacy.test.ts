import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addPhoto } from "../../server/photos/photos";
import { createMember, uniqueEmail } from "../support/accounts";
import { hydrated, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { chatMember, sendChat } from "../support/chat-instances";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { unzip } from "../support/zip";

const FLIRT = { id: "flirt-nl", name: "FlirtNL", language: "nl", country: "NL" };
const t = (key: string, values?: Record<string, string | number>) => text(FLIRT.language, key, values);

/** Room for pages with axe checks, password hashing and a zip of photos on a busy machine. */
const ROOM = 180_000;

const suite = browserSuite();
const db = () => suite.server.store.db;

async function visit(pathname: string, member?: { accountId: number }): Promise<Page> {
  const page = await openPage(suite, { siteId: FLIRT.id, pathname, member, viewport: PHONE, country: FLIRT.country });
  await hydrated(page);
  return page;
}

const consentsOf = (accountId: number) => db().selectFrom("consent_records").selectAll().where("account_id", "=", accountId).execute();
const consentBox = (page: Page) => page.getByLabel(t("account:consent.specialCategory", { name: FLIRT.name }));

describe("privacy", () => {
  it("downloads the member's data from settings: a zip whose JSON holds their messages and whose photos open", async () => {
    const me = await chatMember(suite.server, { premiumCredits: 50 });
    const other = await chatMember(suite.server, { premiumCredits: 50 });
    expect((await sendChat(suite.server, me, other, "Zullen we zaterdag afspreken?")).status).toBe(200);
    expect((await sendChat(suite.server, other, me, "Graag, om acht uur!")).status).toBe(200);
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#468" } }).jpeg().toBuffer();
    const added = await addPhoto({ db: db(), storage: suite.server.services.photos, site: suite.server.sites.byId(FLIRT.id)!, profileId: me.profileId, accountId: me.accountId, bytes: jpeg });
    expect(added.ok).toBe(true);

    const page = await visit("/settings#privacy", me);
    const privacy = page.getByRole("region", { name: t("settings:privacy.title") });
    await privacy.getByRole("heading", { name: t("privacy:export.title") }).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);

    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 30_000 }), privacy.getByRole("link", { name: t("privacy:export.download") }).click()]);
    expect(download.suggestedFilename()).toMatch(/^flirt-nl-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await unzip(await readFile((await download.path())!));
    const conversations = JSON.parse(files.get("conversations.json")!.toString("utf8")) as { messages: { body: string }[] }[];
    expect(conversations.flatMap((conversation) => conversation.messages.map((message) => message.body))).toEqual(["Zullen we zaterdag afspreken?", "Graag, om acht uur!"]);
    const photos = [...files.keys()].filter((name) => name.startsWith("photos/"));
    expect(photos).toHaveLength(1);
    expect((await sharp(files.get(photos[0]!)!).metadata()).width).toBeGreaterThan(0);
    expect(files.get("README.txt")!.toString("utf8")).toContain(t("privacy:export.readme", { name: FLIRT.name, date: "", email: "" }).split("\n")[0]!);
  }, ROOM);

  it("asks for the consent at signup: unticked it refuses with the reason, ticked it signs up and records it", async () => {
    const page = await visit("/signup");
    const email = uniqueEmail("consenting");
    await page.getByLabel(t("account:fields.email"), { exact: true }).fill(email);
    await page.getByLabel(t("account:fields.name"), { exact: true }).fill("Femke");
    await page.getByLabel(t("account:fields.dateOfBirth", { min_age: 18 }), { exact: true }).fill("1987-03-09");
    await page.getByLabel(t("account:fields.password"), { exact: true }).fill("a good password");
    expect(await consentBox(page).isChecked()).toBe(false);
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await page.getByText(t("account:consent.required")).waitFor({ timeout: 15_000 });
    await expectAccessible(page);
    await expectFitsPhone(page);

    await consentBox(page).check();
    await page.getByRole("button", { name: t("account:signup.submit") }).click();
    await page.waitForURL("**/complete-signup", { timeout: 30_000 });
    const account = await db().selectFrom("accounts").select("id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(await consentsOf(account.id)).toMatchObject([{ kind: "special_category", language: "nl", withdrawn_at: null }]);
  }, ROOM);

  it("asks for it in the profile editor before a first sexuality, and withdrawing it in settings clears the sexuality", async () => {
    const member = await createMember(suite.server, { siteId: FLIRT.id, name: "Sanne" });
    const page = await visit("/profile", member);
    await page.getByLabel(t("members:labels.sexuality"), { exact: true }).selectOption("bi");
    await page.getByRole("button", { name: t("members:edit.save") }).click();
    await page.getByText(t("account:consent.required")).waitFor({ timeout: 15_000 });
    await expectAccessible(page);
    await expectFitsPhone(page);
    expect((await db().selectFrom("profiles").select("sexuality").where("id", "=", member.profileId).executeTakeFirstOrThrow()).sexuality).toBeNull();

    await consentBox(page).check();
    await page.getByRole("button", { name: t("members:edit.save") }).click();
    await page.getByText(t("members:edit.saved")).waitFor({ timeout: 15_000 });
    expect((await db().selectFrom("profiles").select("sexuality").where("id", "=", member.profileId).executeTakeFirstOrThrow()).sexuality).toBe("bi");

    await page.goto(`${suite.server.origin(FLIRT.id)}/settings#privacy`);
    await hydrated(page);
    const privacy = page.getByRole("region", { name: t("settings:privacy.title") });
    await privacy.getByRole("button", { name: t("privacy:consent.withdraw") }).click();
    await privacy.getByText(t("privacy:consent.withdrawn")).waitFor({ timeout: 15_000 });
    await privacy.getByText(t("privacy:consent.none")).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);
    expect(await db().selectFrom("profiles").select(["sexuality", "interests"]).where("id", "=", member.profileId).executeTakeFirstOrThrow()).toEqual({ sexuality: null, interests: [] });
    expect((await consentsOf(member.accountId))[0]!.withdrawn_at).toBeInstanceOf(Date);
  }, ROOM);
});
