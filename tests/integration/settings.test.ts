import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLink, findLink } from "../../server/accounts/links";
import { verifyPassword } from "../../server/accounts/passwords";
import { findMatches } from "../../server/matches/match-finder";
import { loadOwnProfile } from "../../server/profiles/profile";
import { dealSwipeCards } from "../../server/likes/swipe";
import { searchMembers } from "../../server/search/search";
import type { Site } from "../../server/sites/schema";
import { createMember, PASSWORD, sessionCookie } from "../support/accounts";
import { text } from "../support/catalog";
import { shows } from "../support/page-text";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const NEW_PASSWORD = "a brand new secret";

const TODAY = new Date().toISOString().slice(0, 10);

/** The settings page's saves through HTTP, as the brand's own page posts them. */
describe("settings", () => {
  let server: TestServer;

  beforeAll(async () => {
    // No demo members: the match finder ranks only the members these tests make.
    server = await startTestServer({ env: { DEMO_MEMBERS: "0" } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  const site = (siteId: string) => server.sites.resolveHost(`${siteId}.localhost`) as Site;
  const host = (siteId: string) => new URL(server.origin(siteId)).host;
  const db = () => server.store.db;

  /** A post of the settings form from the brand's own page (or from `origin`), and a plain GET without a form. */
  const call = (siteId: string, pathname: string, { form, cookie, origin = server.origin(siteId), language }: { form?: Record<string, string>; cookie?: string; origin?: string; language?: string } = {}) =>
    requestAs(
      server.port,
      host(siteId),
      pathname,
      {
        "x-forwarded-for": visitorIp(),
        ...(language ? { "accept-language": language } : {}),
        ...(cookie ? { cookie } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded", origin } : {}),
      },
      { method: form ? "POST" : "GET", body: form ? new URLSearchParams(form).toString() : undefined },
    );

  async function signedIn(siteId: string, name = "Tester") {
    const member = await createMember(server, { siteId, name });
    return { ...member, cookie: (await sessionCookie(server, { siteId, accountId: member.accountId })).header };
  }

  const passwordHash = async (accountId: number) =>
    (await db().selectFrom("accounts").select("password_hash").where("id", "=", accountId).executeTakeFirstOrThrow()).password_hash;
  const sessionsOf = async (accountId: number) =>
    (await db().selectFrom("sessions").select("id_hash").where("account_id", "=", accountId).execute()).length;

  describe("the password", () => {
    it("changes with the right current password: other sessions and pending reset links end, this one stays; a retry answers the same", async () => {
      const member = await signedIn("flirt-nl");
      await sessionCookie(server, { siteId: "flirt-nl", accountId: member.accountId });
      const resetToken = await db().transaction().execute((tx) => createLink(tx, { accountId: member.accountId, purpose: "password_reset", validForMs: 60_000 }));
      expect(await sessionsOf(member.accountId)).toBe(2);

      const form = { intent: "password", old_password: PASSWORD, new_password: NEW_PASSWORD };
      const changed = await call("flirt-nl", "/settings", { cookie: member.cookie, form });
      expect(changed.status).toBe(200);
      expect(shows(changed, text("nl", "settings:password.changed"))).toBe(true);
      expect(shows(changed, text("nl", "settings:password.signedOut_one", { count: 1 }))).toBe(true);
      expect(changed.body).not.toContain(NEW_PASSWORD);
      expect(await verifyPassword(await passwordHash(member.accountId), NEW_PASSWORD)).toBe(true);
      expect(await sessionsOf(member.accountId)).toBe(1);
      expect(await findLink(db(), { siteId: "flirt-nl", token: resetToken, purpose: "password_reset" })).toBeUndefined();

      // The same post again (its answer was lost, say): changed, not "check your old password".
      const retried = await call("flirt-nl", "/settings", { cookie: member.cookie, form });
      expect(shows(retried, text("nl", "settings:password.changed"))).toBe(true);
      expect(shows(retried, text("nl", "validation.oldPasswordWrong"))).toBe(false);
      expect((await call("flirt-nl", "/settings", { cookie: member.cookie })).status).toBe(200);
    });

    it("says a wrong current password and a short new one in the visitor's language, and locks after five wrong ones as login does", async () => {
      const member = await signedIn("bbw-us");
      const before = await passwordHash(member.accountId);
      const short = await call("bbw-us", "/settings", { cookie: member.cookie, form: { intent: "password", old_password: PASSWORD, new_password: "short" } });
      expect(shows(short, text("en", "account:password.tooShort"))).toBe(true);

      const wrong = { intent: "password", old_password: "not my password", new_password: NEW_PASSWORD };
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const answer = await call("bbw-us", "/settings", { cookie: member.cookie, form: wrong });
        expect([attempt, answer.body.includes(text("en", "validation.oldPasswordWrong"))]).toEqual([attempt, true]);
      }
      const [lockedBefore, lockedAfter] = text("en", "errors.tooManyAttempts").split("{{minutes}}") as [string, string];
      const locked = await call("bbw-us", "/settings", { cookie: member.cookie, form: wrong });
      expect(shows(locked, lockedBefore.trim())).toBe(true);
      expect(shows(locked, lockedAfter.trim())).toBe(true);
      // Locked even for the right password now, on the settings page and at login alike.
      const right = await call("bbw-us", "/settings", { cookie: member.cookie, form: { ...wrong, old_password: PASSWORD } });
      expect(shows(right, lockedBefore.trim())).toBe(true);
      expect(await passwordHash(member.accountId)).toBe(before);
      const login = await call("bbw-us", "/login", { form: { email: member.email, password: PASSWORD } });
      expect(login.status).toBe(200);
      expect(shows(login, lockedBefore.trim())).toBe(true);
    });

    it("is refused from another site's page and when a field is over the limit, before any route reads it", async () => {
      const member = await signedIn("flirt-nl");
      const before = await passwordHash(member.accountId);
      const form = { intent: "password", old_password: PASSWORD, new_password: NEW_PASSWORD };
      const crossSite = await call("flirt-nl", "/settings", { cookie: member.cookie, form, origin: "https://attacker.example" });
      expect(crossSite.status).toBe(403);
      const anotherBrand = await call("flirt-nl", "/settings", { cookie: member.cookie, form, origin: server.origin("gay-uk") });
      expect(anotherBrand.status).toBe(403);
      const huge = await call("flirt-nl", "/settings", { cookie: member.cookie, form: { ...form, new_password: "x".repeat(20_000) } });
      expect(huge.status).toBe(400);
      expect(await passwordHash(member.accountId)).toBe(before);
    });
  });

  describe("the language", () => {
    it("is stored on the account and in the cookie, then the page comes again in it; a language the brand does not show is refused", async () => {
      const member = await signedIn("bbw-us");
      const saved = await call("bbw-us", "/settings", { cookie: member.cookie, form: { intent: "language", language: "es" } });
      expect(saved.status).toBe(302);
      expect(saved.headers.location).toBe("/settings?saved=language#language");
      expect(String(saved.headers["set-cookie"])).toMatch(/locale=es/);
      const account = await db().selectFrom("accounts").select("language").where("id", "=", member.accountId).executeTakeFirstOrThrow();
      expect(account.language).toBe("es");
      const page = await call("bbw-us", "/settings?saved=language", { cookie: `${member.cookie}; locale=es` });
      expect(shows(page, text("es", "settings:language.saved"))).toBe(true);

      const refused = await call("bbw-us", "/settings", { cookie: member.cookie, form: { intent: "language", language: "nl" } });
      expect(refused.status).toBe(200);
      expect(shows(refused, text("en", "language.unavailable"))).toBe(true);
      const still = await db().selectFrom("accounts").select("language").where("id", "=", member.accountId).executeTakeFirstOrThrow();
      expect(still.language).toBe("es");
    });
  });

  describe("invisible mode", () => {
    it("takes the member out of another member's search, swipe game and match finder, and back", async () => {
      const gayUk = site("gay-uk");
      const hidden = await signedIn("gay-uk", "Hideaway");
      const viewer = await signedIn("gay-uk", "Seeker");
      for (const member of [hidden, viewer]) {
        await db().updateTable("profiles").set({ gender: "male", sexuality: "gay" }).where("id", "=", member.profileId).execute();
      }
      const filters = { gender: "male" as const, min_age: 18, max_age: 99 };
      const viewerProfile = await loadOwnProfile(db(), { siteId: "gay-uk", profileId: viewer.profileId });
      const swiper = { profileId: viewer.profileId, country: "GB", paidUser: false, gender: "male" as const, sexuality: "gay" as const };
      const seen = async () => ({
        search: (await searchMembers(db(), { site: gayUk, viewerProfileId: viewer.profileId, filters, today: TODAY })).results.some((card) => card.id === hidden.profileId),
        swipe: (await dealSwipeCards(db(), { site: gayUk, member: swiper, today: TODAY, limit: 50 })).some((card) => card.id === hidden.profileId),
        matchFinder: (await findMatches(db(), { site: gayUk, viewer: viewerProfile!, filters, today: TODAY, limit: 50 })).some((card) => card.id === hidden.profileId),
      });
      expect(await seen()).toEqual({ search: true, swipe: true, matchFinder: true });

      const on = await call("gay-uk", "/settings", { cookie: hidden.cookie, form: { intent: "privacy", invisible: "on" } });
      expect(shows(on, text("en", "settings:privacy.nowInvisible"))).toBe(true);
      expect(await seen()).toEqual({ search: false, swipe: false, matchFinder: false });
      // Saving the same choice again changes nothing.
      await call("gay-uk", "/settings", { cookie: hidden.cookie, form: { intent: "privacy", invisible: "on" } });
      expect(await seen()).toEqual({ search: false, swipe: false, matchFinder: false });

      const off = await call("gay-uk", "/settings", { cookie: hidden.cookie, form: { intent: "privacy" } });
      expect(shows(off, text("en", "settings:privacy.nowVisible"))).toBe(true);
      expect(await seen()).toEqual({ search: true, swipe: true, matchFinder: true });
    });
  });

  describe("e-mail notifications", () => {
    it("turn on again after a bounce stopped them", async () => {
      const member = await signedIn("flirt-nl");
      await db().updateTable("accounts").set({ notifications_disabled: ["bounce"] }).where("id", "=", member.accountId).execute();
      const page = await call("flirt-nl", "/settings", { cookie: member.cookie });
      expect(shows(page, text("nl", "banners:notifications.reason.bounce"))).toBe(true);
      const on = await call("flirt-nl", "/settings", { cookie: member.cookie, form: { intent: "email-notifications" } });
      expect(shows(on, text("nl", "banners:notifications.on"))).toBe(true);
      const account = await db().selectFrom("accounts").select("notifications_disabled").where("id", "=", member.accountId).executeTakeFirstOrThrow();
      expect(account.notifications_disabled).toEqual([]);
    });
  });

  describe("an empty e-mail field", () => {
    it.each([
      ["flirt-nl", "nl"],
      ["bbw-us", "en"],
    ])("asks to be filled in on login, signup, reset and settings (%s, %s)", async (siteId, language) => {
      const member = await signedIn(siteId);
      const required = text(language, "validation.emailRequired");
      for (const [pathname, form] of [
        ["/login", { email: "", password: "x" }],
        ["/signup", { email: "", name: "Sam", date_of_birth: "1990-01-01", password: "long enough" }],
        ["/reset-password", { email: "" }],
      ] as const) {
        const answer = await call(siteId, pathname, { form, language });
        expect([pathname, shows(answer, required), shows(answer, text(language, "validation.emailInvalid"))]).toEqual([pathname, true, false]);
      }
      const settings = await call(siteId, "/settings", { cookie: member.cookie, form: { intent: "email", new_email: " ", old_password: PASSWORD }, language });
      expect(shows(settings, text(language, "validation.newEmailRequired"))).toBe(true);
    });
  });
});
