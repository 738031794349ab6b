import path from "node:path";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { addPhoto } from "../../server/photos/photos";
import { decidePhoto } from "../../server/support/moderation";
import { createMember } from "../support/accounts";
import { hydrated } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible } from "../support/page-checks";
import { CONSOLE_WIDTHS, createStaff, openConsole, staffCookie } from "../support/staff";

const suite = browserSuite();
const SITE = "flirt-nl";
const LANGUAGE = "nl";
const t = (key: string, values?: Record<string, string | number>) => text(LANGUAGE, key, values);

const image = (hue: number) => sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } }).jpeg().toBuffer();

/**
 * A member of flirt-nl's niche (so other members may open the profile) with photos waiting for
 * review, oldest first. Tests that read a brand's queue from its start each use a brand of their own.
 */
async function memberWithPhotosInReview(name: string, count: number, siteId = SITE) {
  const member = await createMember(suite.server, { siteId, name });
  await suite.server.store.db.updateTable("profiles").set({ gender: "female", sexuality: "hetero" }).where("id", "=", member.profileId).execute();
  const reviewing = { ...suite.server.sites.byId(siteId)!, photo_review: true };
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const added = await addPhoto({ db: suite.server.store.db, storage: suite.server.services.photos, site: reviewing, profileId: member.profileId, accountId: member.accountId, bytes: await image(90 * i) });
    if (!added.ok || added.photo.status !== "inspection") throw new Error("expected a photo in review");
    ids.push(added.photo.id);
  }
  return { ...member, photoIds: ids };
}

/** The random part of a photo's storage key, which both of its files' addresses carry. */
async function keyOf(photoId: number): Promise<string> {
  const row = await suite.server.store.db.selectFrom("photos").select("filename").where("id", "=", photoId).executeTakeFirstOrThrow();
  return path.basename(row.filename, ".webp");
}

const photoRow = (id: number) => suite.server.store.db.selectFrom("photos").select(["status", "rejection_reason"]).where("id", "=", id).executeTakeFirstOrThrow();
const auditCount = async (action: string, photoId: number) =>
  (await suite.server.store.db.selectFrom("staff_audit").select("detail").where("action", "=", action).execute()).filter((row) => (row.detail as { photoId?: number }).photoId === photoId).length;

async function expectFitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The photo the queue shows to decide on now. */
const shownPhoto = (page: Page) => page.getByRole("img", { name: /waiting for review/ });

describe("moderation in the support console", () => {
  it("approves a photo with the a key and rejects the next with a reason; the member's profile and editor follow", async () => {
    const moderator = await createStaff(suite.server, { role: "moderator" });
    const member = await memberWithPhotosInReview("Fotograaf", 2);
    const [approved, rejected] = member.photoIds as [number, number];
    const reason = "Op deze foto is je gezicht niet te zien.";
    const [approvedKeyPart, rejectedKeyPart] = [await keyOf(approved), await keyOf(rejected)];

    const page = await openConsole(suite, { pathname: `/moderation/photos?site=${SITE}`, staffId: moderator.id });
    await hydrated(page);
    expect(await page.getByTestId("waiting").textContent()).toMatch(/^2 photos waiting/);
    expect(await shownPhoto(page).getAttribute("alt")).toContain(`#${approved} of Fotograaf`);
    // The file itself, served to staff on the console's host.
    await expect.poll(() => shownPhoto(page).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The next photo is already on its way while this one is decided.
    expect(await page.locator('link[rel="preload"][as="image"]').getAttribute("href")).toContain(rejectedKeyPart);

    await page.keyboard.press("a");
    await page.getByText(`Approved photo #${approved} of Fotograaf: it is live now.`).waitFor();
    await expect.poll(() => shownPhoto(page).getAttribute("alt")).toContain(`#${rejected} of Fotograaf`);
    expect(await page.getByTestId("waiting").textContent()).toMatch(/^1 photo waiting/);

    // r goes to the reason; Enter rejects.
    await page.keyboard.press("r");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("field-reason");
    await page.keyboard.type(reason);
    await page.keyboard.press("Enter");
    await page.getByText(`Rejected photo #${rejected} of Fotograaf. They see your reason in their profile.`).waitFor();
    await page.getByText("Nothing to review.").waitFor();

    expect(await photoRow(approved)).toEqual({ status: "active", rejection_reason: null });
    expect(await photoRow(rejected)).toEqual({ status: "rejected", rejection_reason: reason });
    expect([await auditCount("photo.approve", approved), await auditCount("photo.reject", rejected)]).toEqual([1, 1]);
    await page.context().close();

    // Another member of the brand sees the approved photo and not the rejected one.
    const viewer = await createMember(suite.server, { siteId: SITE, name: "Kijker" });
    const profile = await openPage(suite, { siteId: SITE, pathname: `/members/${member.profileId}`, member: viewer });
    const sources = await profile.locator("main img").evaluateAll((images: HTMLImageElement[]) => images.map((img) => img.getAttribute("src") ?? ""));
    expect(sources.some((src) => src.includes(approvedKeyPart))).toBe(true);
    expect(sources.some((src) => src.includes(rejectedKeyPart))).toBe(false);
    await profile.context().close();

    // The member reads the reason in their editor, and deletes the photo.
    const editor = await openPage(suite, { siteId: SITE, pathname: "/profile", member });
    await hydrated(editor);
    await editor.getByText(t("photos:status.rejected"), { exact: true }).waitFor();
    await editor.getByText(t("photos:rejected.reason", { reason })).waitFor();
    await editor.getByText(t("photos:rejected.title", { position: 2 })).waitFor();
    await expectAccessible(editor);
    await editor.getByRole("link", { name: t("photos:slots.delete", { position: 2 }) }).first().click();
    await editor.getByRole("button", { name: t("photos:delete.confirm") }).click();
    await editor.getByText(t("photos:done.deleted")).waitFor();
    await expect.poll(async () => (await photoRow(rejected)).status).toBe("deleted");
    // The editor draws its photos again after the deletion: wait for that, not only for the notice.
    await expect.poll(() => editor.getByText(t("photos:rejected.reason", { reason })).count()).toBe(0);
    await editor.context().close();
  });

  it("skips with s and j, starts again from the oldest, and says so when another moderator decided first", async () => {
    const moderator = await createStaff(suite.server, { role: "moderator" });
    const colleague = await createStaff(suite.server, { role: "moderator" });
    const member = await memberWithPhotosInReview("Overslaan", 2, "milf-de");
    const [first, second] = member.photoIds as [number, number];
    const page = await openConsole(suite, { pathname: "/moderation/photos?site=milf-de", staffId: moderator.id });
    await hydrated(page);
    expect(await shownPhoto(page).getAttribute("alt")).toContain(`#${first} `);
    await page.keyboard.press("j");
    await expect.poll(() => shownPhoto(page).getAttribute("alt")).toContain(`#${second} `);
    await page.keyboard.press("s");
    await page.getByText("You skipped every photo left in this queue.").waitFor();
    await page.getByRole("link", { name: "Start again from the oldest" }).click();
    await expect.poll(() => shownPhoto(page).getAttribute("alt")).toContain(`#${first} `);

    // A colleague approves the photo on screen; this moderator's a changes nothing and says why.
    expect(await decidePhoto({ db: suite.server.store.db, actor: { staffId: colleague.id, ip: "127.0.0.1" }, photoId: first, decision: { approve: true } })).toMatchObject({ ok: true });
    await page.keyboard.press("a");
    await page.getByText(`Another moderator already decided on photo #${first}: it is live. Nothing was changed.`).waitFor();
    await expect.poll(() => shownPhoto(page).getAttribute("alt")).toContain(`#${second} `);
    expect(await auditCount("photo.approve", first)).toBe(1);
    await page.context().close();
  });

  it("decides with plain forms without JavaScript, the reason's problem shown beside the field", async () => {
    const moderator = await createStaff(suite.server, { role: "moderator" });
    const member = await memberWithPhotosInReview("Zonder", 2, "bbw-us");
    const [first, second] = member.photoIds as [number, number];
    const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: CONSOLE_WIDTHS[1] });
    const cookie = await staffCookie(suite.server, { staffId: moderator.id });
    await context.addCookies([{ name: cookie.name, value: cookie.value, url: suite.server.consoleOrigin }]);
    const page = await context.newPage();
    await page.goto(`${suite.server.consoleOrigin}/moderation/photos?site=bbw-us`);

    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByText(`Approved photo #${first} of Zonder: it is live now.`).waitFor();
    expect(await shownPhoto(page).getAttribute("alt")).toContain(`#${second} `);
    // Blanks pass the browser's own check; the server names the problem beside the field and changes nothing.
    await page.getByLabel("Reason the member sees").fill("   ");
    await page.getByRole("button", { name: "Reject" }).click();
    await page.getByText("Give the member a reason: 3 to 500 characters.").waitFor();
    expect(await page.getByLabel("Reason the member sees").getAttribute("aria-invalid")).toBe("true");
    expect((await photoRow(second)).status).toBe("inspection");
    await page.getByLabel("Reason the member sees").fill("Alleen foto's van jezelf, graag.");
    await page.getByRole("button", { name: "Reject" }).click();
    await page.getByText(`Rejected photo #${second} of Zonder.`, { exact: false }).waitFor();
    expect(await photoRow(second)).toEqual({ status: "rejected", rejection_reason: "Alleen foto's van jezelf, graag." });
    await context.close();
  });

  it("takes a complaint and resolves it with an outcome, reading the reported conversation on the way", async () => {
    const moderator = await createStaff(suite.server, { role: "moderator" });
    const reporter = await createMember(suite.server, { siteId: SITE, name: "Melder" });
    const reported = await createMember(suite.server, { siteId: SITE, name: "Opdringerig" });
    const { db } = suite.server.store;
    const conversation = await db.insertInto("conversations").values({ pool: "benelux", started_by: reported.profileId }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("conversation_members")
      .values([
        { conversation_id: conversation.id, profile_id: reporter.profileId, other_profile_id: reported.profileId },
        { conversation_id: conversation.id, profile_id: reported.profileId, other_profile_id: reporter.profileId },
      ])
      .execute();
    await db.insertInto("messages").values({ conversation_id: conversation.id, sender_id: reported.profileId, kind: "text", body: "Waarom antwoord je niet?" }).execute();
    const complaint = await db
      .insertInto("complaints")
      .values({ site_id: SITE, reporter_account_id: reporter.accountId, profile_id: reported.profileId, reason: "harassment", message: "Blijft berichten sturen nadat ik nee zei." })
      .returning("id")
      .executeTakeFirstOrThrow();

    const page = await openConsole(suite, { pathname: `/moderation/complaints?site=${SITE}`, staffId: moderator.id });
    await hydrated(page);
    await page.getByRole("link", { name: `#${complaint.id} Harassment` }).click();
    await page.getByRole("heading", { level: 1, name: `Complaint #${complaint.id}` }).waitFor();
    expect(await page.getByRole("link", { name: "Opdringerig" }).getAttribute("href")).toBe(`/members/${reported.accountId}?site=${SITE}`);

    await page.getByRole("link", { name: "Read the conversation" }).click();
    await page.getByText("Waarom antwoord je niet?").waitFor();
    await expectAccessible(page);
    const views = await db.selectFrom("staff_audit").select("detail").where("action", "=", "complaint.messages.view").where("staff_id", "=", moderator.id).execute();
    expect(views.map((row) => row.detail)).toEqual([expect.objectContaining({ complaintId: complaint.id, conversationId: conversation.id })]);

    await page.getByRole("button", { name: "Take this complaint" }).click();
    await page.getByText("You took this complaint: it is in progress.").waitFor();
    await expect.poll(() => page.getByTestId("complaint-status").textContent()).toBe("In progress");

    await page.getByLabel("Outcome").fill("Gewaarschuwd; bij herhaling volgt een ban.");
    await page.getByRole("button", { name: "Resolve the complaint" }).click();
    await page.getByText("Resolved. The outcome is on the complaint and in the audit trail.").waitFor();
    await expect.poll(() => page.getByTestId("complaint-status").textContent()).toBe("Resolved");
    await expectAccessible(page);
    const stored = await db.selectFrom("complaints").select(["status", "outcome", "handled_by"]).where("id", "=", complaint.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "resolved", outcome: "Gewaarschuwd; bij herhaling volgt een ban.", handled_by: moderator.id });
    await page.context().close();
  });

  it("passes axe and fits the screen on the home page and the queues at desktop and tablet widths", async () => {
    const moderator = await createStaff(suite.server, { role: "moderator" });
    await memberWithPhotosInReview("Wachtend", 1);
    const reporter = await createMember(suite.server, { siteId: SITE, name: "Klager" });
    const complaint = await suite.server.store.db
      .insertInto("complaints")
      .values({ site_id: SITE, reporter_account_id: reporter.accountId, reason: "scam", message: "Vraagt om geld voor een treinkaartje." })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const viewport of CONSOLE_WIDTHS) {
      for (const pathname of ["/", "/moderation/photos", "/moderation/complaints", `/moderation/complaints/${complaint.id}`]) {
        const page = await openConsole(suite, { pathname, staffId: moderator.id, viewport });
        await page.getByRole("heading", { level: 1 }).waitFor();
        await expectAccessible(page);
        await expectFitsWidth(page, viewport.width);
        await page.context().close();
      }
    }
    const home = await openConsole(suite, { pathname: "/", staffId: moderator.id });
    await home.getByRole("heading", { level: 1, name: `Hello, ${moderator.email}` }).waitFor();
    expect(await home.locator("p", { hasText: "Signed in as" }).textContent()).toMatch(/^Signed in as moderator\./);
    expect(await home.getByRole("link", { name: /photos in review on/ }).count()).toBeGreaterThan(0);
    await home.context().close();
  });
});
