import { describe, expect, it } from "vitest";
import { queueNotificationMail } from "../../server/notifications/mail";
import { wantsNotification } from "../../server/notifications/preferences";
import { createMember, waitForMail } from "../support/accounts";
import { PHONE } from "../support/browser";
import { browserSuite, openPage } from "../support/browser-suite";
import { text } from "../support/catalog";
import { expectAccessible, expectFitsPhone } from "../support/page-checks";
import { requestAs } from "../support/test-server";

const SITE = "flirt-nl";
const suite = browserSuite();

/** The one-click link of a mail, as its List-Unsubscribe header gives it to the mail program. */
function oneClickLink(headers: Record<string, string>): string {
  const link = /^<(https?:\/\/[^>]+)>$/.exec(headers["List-Unsubscribe"] ?? "")?.[1];
  if (!link || headers["List-Unsubscribe-Post"] !== "List-Unsubscribe=One-Click") throw new Error("no one-click unsubscribe in the mail");
  return link;
}

describe("unsubscribing from a notification mail", () => {
  it("the page asks without changing anything; the mail program's one-click POST turns the kind off and the banner shows", async () => {
    const { server } = suite;
    const member = await createMember(server, { siteId: SITE, name: "Sanne" });
    expect(await queueNotificationMail(server.services, { siteId: SITE, accountId: member.accountId, mail: { kind: "like", profile: { name: "Eva", profileId: 1 }, match: false } })).toBe(true);
    server.services.mailer.kick();
    const mail = await waitForMail(server, member.email, { subject: /Eva/ });
    const link = oneClickLink(mail.headers);
    expect(mail.text).toContain(link);

    const page = await openPage(suite, { siteId: SITE, pathname: new URL(link).pathname, viewport: PHONE });
    const kind = text("nl", "mail:kinds.like");
    await page.getByRole("heading", { name: text("nl", "mailings:unsubscribe.title") }).waitFor();
    await page.getByRole("button", { name: text("nl", "mailings:unsubscribe.button") }).waitFor();
    await expectAccessible(page);
    await expectFitsPhone(page);
    expect(await wantsNotification(server.store.db, { accountId: member.accountId, kind: "like", channel: "email" })).toBe(true);

    // What a mail program sends (RFC 8058): no cookie, no Origin.
    const url = new URL(link);
    const answer = await requestAs(server.port, url.host, url.pathname, { "content-type": "application/x-www-form-urlencoded" }, { method: "POST", body: "List-Unsubscribe=One-Click" });
    expect(answer.status).toBe(200);
    expect(await wantsNotification(server.store.db, { accountId: member.accountId, kind: "like", channel: "email" })).toBe(false);

    await page.reload();
    await page.getByText(text("nl", "mailings:unsubscribe.already", { kind, site: "FlirtNL" })).waitFor();
    await expectAccessible(page);

    const members = await openPage(suite, { siteId: SITE, pathname: "/members", member, viewport: PHONE });
    await members.locator('[data-banner="notifications"]').getByText(text("nl", "banners:notifications.reason.unsubscribe")).waitFor({ timeout: 20_000 });
  }, 60_000);

  it("the page's own button unsubscribes too, and says so", async () => {
    const { server } = suite;
    const member = await createMember(server, { siteId: SITE, name: "Joost" });
    await queueNotificationMail(server.services, { siteId: SITE, accountId: member.accountId, mail: { kind: "new_messages", senders: [{ name: "Eva", profileId: 1 }], count: 2 } });
    server.services.mailer.kick();
    const mail = await waitForMail(server, member.email, { subject: /Eva/ });
    const page = await openPage(suite, { siteId: SITE, pathname: new URL(oneClickLink(mail.headers)).pathname, viewport: PHONE });
    await page.getByRole("button", { name: text("nl", "mailings:unsubscribe.button") }).click();
    await page.getByText(text("nl", "mailings:unsubscribe.done", { kind: text("nl", "mail:kinds.new_messages"), site: "FlirtNL" })).waitFor();
    expect(await wantsNotification(server.store.db, { accountId: member.accountId, kind: "new_messages", channel: "email" })).toBe(false);
    await expectAccessible(page);
    await expectFitsPhone(page);
  }, 60_000);
});
