import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { createI18n, loadCatalog } from "../../server/i18n/catalog";
import { brandedMail } from "../../server/mail/messages";
import { readGenericEvent, readMailgunEvent, isFresh } from "../../server/notifications/bounces";
import { notificationMessage, senderNames, type NotificationMail } from "../../server/notifications/mail";
import type { MailRecipient } from "../../server/notifications/recipient";
import { readUnsubscribeToken, signUnsubscribeToken } from "../../server/notifications/unsubscribe-token";
import { isoWeek } from "../../server/notifications/weekly";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { createHmac } from "node:crypto";
import { siteFile } from "../support/site-fixtures";

const SECRET = "a-session-secret-of-at-least-32-characters";
const OLD_SECRET = "an-older-secret-still-verifying-links-0000";
const target = { siteId: "flirt-nl", accountId: 42, kind: "weekly_updates" as const };

describe("unsubscribe tokens", () => {
  it("name the member and kind they were signed for, on that brand", () => {
    const token = signUnsubscribeToken([SECRET], target);
    expect(readUnsubscribeToken([SECRET], { siteId: "flirt-nl", token })).toEqual({ accountId: 42, kind: "weekly_updates" });
  });

  it("refuse a forged signature, another member, another kind and another brand", () => {
    const token = signUnsubscribeToken([SECRET], target);
    const [, , mac] = token.split(".") as [string, string, string];
    const flipped = `${mac.slice(0, -2)}${mac.endsWith("AA") ? "BA" : "AA"}`;
    expect(readUnsubscribeToken([SECRET], { siteId: "flirt-nl", token: `42.weekly_updates.${flipped}` })).toBeUndefined();
    expect(readUnsubscribeToken([SECRET], { siteId: "flirt-nl", token: `43.weekly_updates.${mac}` })).toBeUndefined();
    expect(readUnsubscribeToken([SECRET], { siteId: "flirt-nl", token: `42.news.${mac}` })).toBeUndefined();
    expect(readUnsubscribeToken([SECRET], { siteId: "milf-de", token })).toBeUndefined();
    expect(readUnsubscribeToken([SECRET], { siteId: "flirt-nl", token: `42.no_such_kind.${mac}` })).toBeUndefined();
    expect(readUnsubscribeToken([SECRET], { siteId: "flirt-nl", token: "42.weekly_updates" })).toBeUndefined();
  });

  it("are not the plain HMAC of the fields with the secret (a key of their own)", () => {
    const plain = createHmac("sha256", SECRET).update("flirt-nl\n42\nweekly_updates").digest("base64url");
    expect(readUnsubscribeToken([SECRET], { siteId: "flirt-nl", token: `42.weekly_updates.${plain}` })).toBeUndefined();
  });

  it("keep working while the secret that signed them is still listed, and stop when it is gone", () => {
    const token = signUnsubscribeToken([OLD_SECRET], target);
    expect(readUnsubscribeToken([SECRET, OLD_SECRET], { siteId: "flirt-nl", token })).toEqual({ accountId: 42, kind: "weekly_updates" });
    expect(readUnsubscribeToken([SECRET], { siteId: "flirt-nl", token })).toBeUndefined();
  });
});

function testSite(): Site {
  const parsed = parseSiteFile("sites/flirt-nl.json", JSON.stringify(siteFile({ countries: ["NL"] }))).site;
  if (!parsed) throw new Error("test site does not parse");
  return parsed;
}

async function recipient(language = "en"): Promise<MailRecipient> {
  const i18n = await createI18n(await loadCatalog("locales"));
  const t = i18n.getFixedT(language) as TFunction;
  return {
    site: testSite(),
    t,
    language,
    origin: "https://flirt.example",
    to: "anna@example.com",
    name: "Anna",
    unsubscribe: { link: "https://flirt.example/unsubscribe/42.like.x", text: t("mail:unsubscribe.footer", { kind: t("mail:kinds.like") }) },
  };
}

describe("notification mails", () => {
  const mails: NotificationMail[] = [
    { kind: "new_messages", senders: [{ name: "Eva", profileId: 1 }, { name: "Mia", profileId: 2 }], count: 3 },
    { kind: "new_conversations", senders: [{ name: "Eva", profileId: 1 }], count: 1 },
    { kind: "like", profile: { name: "Eva", profileId: 1 }, match: false },
    { kind: "like", profile: { name: "Eva", profileId: 1 }, match: true },
  ];

  it("every one carries the RFC 8058 headers and a visible unsubscribe link", async () => {
    const to = await recipient();
    for (const mail of mails) {
      const message = notificationMessage(to, mail);
      expect(message.headers["List-Unsubscribe"]).toBe("<https://flirt.example/unsubscribe/42.like.x>");
      expect(message.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(message.text).toContain("https://flirt.example/unsubscribe/42.like.x");
      expect(message.html).toContain('href="https://flirt.example/unsubscribe/42.like.x"');
    }
  });

  it("a burst of messages is one mail naming its senders, in the member's language", async () => {
    const english = notificationMessage(await recipient("en"), mails[0]!);
    expect(english.subject).toBe("3 new messages from Eva and Mia");
    expect(english.html).toContain('href="https://flirt.example/chats"');
    const dutch = notificationMessage(await recipient("nl"), mails[0]!);
    expect(dutch.subject).toBe("3 nieuwe berichten van Eva en Mia");
  });

  it("names three senders and counts the rest", async () => {
    const to = await recipient("en");
    const senders = ["Eva", "Mia", "Lot", "Kim", "Noor"].map((name, index) => ({ name, profileId: index + 1 }));
    expect(senderNames(to, senders, 9)).toBe("Eva, Mia, Lot, and 2 others");
  });

  it("a match links to the chat with that member", async () => {
    const message = notificationMessage(await recipient(), mails[3]!);
    expect(message.subject).toContain("Eva");
    expect(message.html).toContain('href="https://flirt.example/members/1/chat"');
  });

  it("transactional mail (no unsubscribe) carries no List-Unsubscribe", async () => {
    const to = await recipient();
    const message = brandedMail({ site: to.site, language: "en", origin: to.origin, to: to.to, subject: "s", greeting: "g", intro: "i", closing: "c", reason: "r" });
    expect(message.headers["List-Unsubscribe"]).toBeUndefined();
    expect(message.headers["List-Unsubscribe-Post"]).toBeUndefined();
  });
});

describe("mail provider events", () => {
  const secret = "mail-events-secret-for-tests";
  const sign = (data: string) => createHmac("sha256", secret).update(data).digest("hex");

  it("reads the generic shape only with a valid signature over timestamp and body", () => {
    const body = JSON.stringify({ type: "bounce", email: "a@example.com", bounce_type: "hard" });
    const timestamp = "1770920772";
    const headers: Record<string, string> = { "x-mail-events-timestamp": timestamp, "x-mail-events-signature": sign(`${timestamp}.${body}`) };
    const read = readGenericEvent({ secret, body, header: (name) => headers[name] ?? null });
    expect(read).toMatchObject({ status: "ok", signed: { event: { type: "bounce", email: "a@example.com", bounceType: "hard" }, signedAt: 1770920772000 } });
    const tampered = readGenericEvent({ secret, body: body.replace("hard", "soft"), header: (name) => headers[name] ?? null });
    expect(tampered.status).toBe("unauthenticated");
    expect(readGenericEvent({ secret, body, header: () => null }).status).toBe("unauthenticated");
  });

  it("reads Mailgun's failed and complained events by their signature of timestamp + token", () => {
    const signature = { timestamp: "1770920772", token: "e0b5477167110d68991efc6b9f89f0a11066af27834600e123", signature: sign("1770920772e0b5477167110d68991efc6b9f89f0a11066af27834600e123") };
    const failed = JSON.stringify({ signature, "event-data": { event: "failed", severity: "permanent", recipient: "a@example.com" } });
    expect(readMailgunEvent({ secret, body: failed })).toMatchObject({ status: "ok", signed: { event: { type: "bounce", bounceType: "hard" }, nonce: `mailgun:${signature.token}` } });
    const temporary = JSON.stringify({ signature, "event-data": { event: "failed", severity: "temporary", recipient: "a@example.com" } });
    expect(readMailgunEvent({ secret, body: temporary })).toMatchObject({ signed: { event: { bounceType: "soft" } } });
    const complained = JSON.stringify({ signature, "event-data": { event: "complained", recipient: "a@example.com" } });
    expect(readMailgunEvent({ secret, body: complained })).toMatchObject({ signed: { event: { type: "complaint" } } });
    const forged = JSON.stringify({ signature: { ...signature, signature: sign("1770920773e0b5") }, "event-data": { event: "complained", recipient: "a@example.com" } });
    expect(readMailgunEvent({ secret, body: forged }).status).toBe("unauthenticated");
  });

  it("calls signed more than five minutes from now are stale", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(isFresh(now.getTime() - 4 * 60_000, now)).toBe(true);
    expect(isFresh(now.getTime() - 6 * 60_000, now)).toBe(false);
  });
});

describe("isoWeek", () => {
  it("counts weeks as ISO 8601 does, the year of their Thursday", () => {
    expect(isoWeek(new Date("2026-11-24T10:00:00Z"))).toBe("2026-W48");
    expect(isoWeek(new Date("2027-01-01T10:00:00Z"))).toBe("2026-W53");
    expect(isoWeek(new Date("2025-12-29T10:00:00Z"))).toBe("2026-W01");
  });
});
