import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { createMember } from "../support/accounts";
import { hydrated, PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";

const BRAND = { id: "flirt-nl", language: "nl", country: "NL" };
const t = (key: string, values?: Record<string, string | number>) => text(BRAND.language, key, values);

const suite = browserSuite();

type Member = Awaited<ReturnType<typeof createMember>>;

async function member(name: string, gender: "male" | "female", presence: { lastSeenAt?: Date | null; invisible?: boolean } = {}): Promise<Member> {
  const created = await createMember(suite.server, { siteId: BRAND.id, name });
  await suite.server.store.db
    .updateTable("profiles")
    .set({ gender, sexuality: "hetero", last_seen_at: presence.lastSeenAt ?? null, invisible: presence.invisible ?? false })
    .where("id", "=", created.profileId)
    .execute();
  return created;
}

async function asMember(who: Member, pathname: string): Promise<Page> {
  const page = await openPage(suite, { siteId: BRAND.id, pathname, member: who, viewport: PHONE, country: BRAND.country });
  await hydrated(page);
  return page;
}

/** A card in the results, by the member's name. */
const card = (page: Page, name: string) => page.getByRole("listitem").filter({ has: page.getByRole("link", { name: new RegExp(`^${name}, \\d+`) }) });

describe("presence on cards and profiles (flirt-nl, nl)", () => {
  let seeker: Member;
  let active: Member;

  beforeAll(async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    seeker = await member("Zoeker", "male");
    active = await member("Actief", "female", { lastSeenAt: new Date() });
    await member("Eerder", "female", { lastSeenAt: hoursAgo(3) });
    await member("Nooit", "female");
    await member("Verborgen", "female", { lastSeenAt: new Date(), invisible: true });
  });

  it("shows who is online now and who was recently, orders by it, and shows nothing of an invisible member", async () => {
    const page = await asMember(seeker, "/members");
    await card(page, "Actief").getByText(t("presence.online"), { exact: true }).waitFor();
    await card(page, "Eerder").getByText(t("presence.recent"), { exact: true }).waitFor();
    await card(page, "Nooit").waitFor();
    expect(await card(page, "Nooit").getByText(t("presence.online")).count()).toBe(0);
    expect(await card(page, "Nooit").getByText(t("presence.recent")).count()).toBe(0);
    // Invisible: no card at all, so no presence either.
    expect(await page.getByRole("link", { name: /^Verborgen/ }).count()).toBe(0);
    await expectAccessible(page);
    await expectFitsPhone(page);

    // The "recently online" tab: the member seen last comes first among these.
    await page.getByRole("link", { name: t("presence.order"), exact: true }).click();
    await page.waitForURL(/order=online/);
    await expect.poll(async () => page.getByRole("link", { name: /^(Actief|Eerder|Nooit), \d+/ }).allTextContents()).toEqual([
      expect.stringMatching(/^Actief/),
      expect.stringMatching(/^Eerder/),
      expect.stringMatching(/^Nooit/),
    ]);
    expect(await page.getByRole("link", { name: t("presence.order"), exact: true }).getAttribute("aria-current")).toBe("page");
    await expectAccessible(page);
    await expectFitsPhone(page);
    await page.context().close();
  });

  it("shows the label on the profile page", async () => {
    const page = await asMember(seeker, `/members/${active.profileId}`);
    await page.getByRole("heading", { level: 1, name: /Actief/ }).waitFor();
    await page.getByText(t("presence.online"), { exact: true }).first().waitFor();
    await page.context().close();
  });

  it("sends the page-hidden beacon when the tab goes out of sight", async () => {
    const page = await asMember(seeker, "/members");
    const hiddenAt = () =>
      suite.server.store.db.selectFrom("profiles").select("hidden_at").where("id", "=", seeker.profileId).executeTakeFirstOrThrow().then((row) => row.hidden_at);
    // Closing an earlier page hid its tab too: start from nothing.
    await suite.server.store.db.updateTable("profiles").set({ hidden_at: null }).where("id", "=", seeker.profileId).execute();
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await expect.poll(hiddenAt).toBeInstanceOf(Date);
    await page.context().close();
  });
});
