import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageOn } from "../../server/accounts/forms";
import type { Site } from "../../server/sites/schema";
import { createMember, linkIn, sessionCookie, uniqueEmail, waitForMail } from "../support/accounts";
import { text } from "../support/catalog";
import { freshDatabaseUrl } from "../support/databases";
import { addProfile } from "../support/store-fixtures";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";

const SITE = "flirt-nl";
const t = (key: string, values?: Record<string, string | number>) => text("nl", key, values);
/** Words shown as an element's whole text (the page also carries catalogues, where any text may stand). */
const shown = (words: string) => `>${words}<`;
const escaped = (words: string) => words.replaceAll("'", "&#x27;");

/** A member's landing and signup pages (issue 20 item 3), through HTTP on the real stores. */
describe("member landing pages", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let site: Site;
  let lotte: number;
  let bram: number;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    server = await startTestServer({ databaseUrl: database.url, env: { DEMO_MEMBERS: "0" } });
    site = server.sites.byId(SITE)!;
    const db = server.store.db;
    lotte = await addProfile(server.store, site, { name: "Lotte", born: "1990-03-03", gender: "female", region: "NL.07", photo: true });
    await db.updateTable("profiles").set({ about_me: "Wandelen, wijn en goede gesprekken.", last_seen_at: new Date() }).where("id", "=", lotte).execute();
    bram = await addProfile(server.store, site, { name: "Bram", born: "1980-05-05", gender: "male", sexuality: "hetero" });
    await db.updateTable("profiles").set({ last_seen_at: new Date(Date.now() - 3 * 86_400_000) }).where("id", "=", bram).execute();
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  const get = (pathname: string, headers: Record<string, string> = {}) =>
    requestAs(server.port, `${SITE}.localhost:${server.port}`, pathname, { "x-forwarded-for": visitorIp(), "cf-ipcountry": "NL", ...headers });

  it("shows the member an ad showed in each of the three designs, with one way to write to them", async () => {
    for (const [pathname, own] of [
      [`/members/${lotte}/landing`, t("members:landing.lead", { name: "Lotte" })],
      [`/members/${lotte}/landing2/nl`, t("members:landing.aboutMe", { name: "Lotte" })],
      [`/members/${lotte}/landing3`, t("members:landing.writePrompt", { name: "Lotte" })],
    ] as const) {
      const page = await get(pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.body).toContain(t("members:card.nameAge", { name: "Lotte", age: ageOn("1990-03-03", new Date().toISOString().slice(0, 10)) }));
      expect(page.body).toContain("Wandelen, wijn en goede gesprekken.");
      expect(page.body).toContain(shown(t("members:landing.online_female")));
      expect(page.body).toContain(escaped(own));
      expect(page.body).toContain(`href="/members/${lotte}/signup"`);
      expect(page.body).toContain('<meta name="robots" content="noindex"/>');
    }
    // Without a recent sign of life, nothing is said of it.
    const quiet = await get(`/members/${bram}/landing`);
    expect(quiet.body).not.toContain(shown(t("members:landing.online_male")));
    expect(quiet.body).not.toContain(shown(t("members:landing.recent_male")));
  });

  it("sends another niche's or language's slug to the visitor's, with the ad's query", async () => {
    const wrong = await get(`/members/${lotte}/landing3/milf-de?network=adnet`);
    expect([wrong.status, wrong.headers.location]).toEqual([302, `/members/${lotte}/landing3/nl?network=adnet`]);
    expect((await get(`/members/${lotte}/landing2/nl`)).status).toBe(200);
  });

  it("shows the brand's own landing for a member visitors may not find here", async () => {
    const db = server.store.db;
    const hidden = await addProfile(server.store, site, { name: "Verborgen", invisible: true, photo: true });
    const elsewhere = await addProfile(server.store, server.sites.byId("bbw-us")!, { name: "Elsewhere", country: "US", photo: true });
    const disabled = await addProfile(server.store, site, { name: "Uitgeschakeld", status: "disabled" });
    for (const id of [hidden, elsewhere, disabled, 999_999]) {
      const page = await get(`/members/${id}/landing`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(escaped(t("home:none.title")));
      expect(page.body).not.toMatch(/Verborgen|Elsewhere|Uitgeschakeld/);
    }
    const signup = await get(`/members/${elsewhere}/signup`);
    expect(signup.body).toContain(t("account:signup.title"));
    expect(signup.body).not.toContain("Elsewhere");
    expect(signup.body).not.toContain('name="for_profile"');
    await db.deleteFrom("profiles").where("id", "in", [hidden, elsewhere, disabled]).execute();
  });

  it("sends a signed-in member to the profile, or from the signup page to the chat", async () => {
    const member = await createMember(server, { siteId: SITE });
    const cookie = (await sessionCookie(server, { siteId: SITE, accountId: member.accountId })).header;
    const landing = await get(`/members/${lotte}/landing2`, { cookie });
    expect([landing.status, landing.headers.location]).toEqual([302, `/members/${lotte}`]);
    const signup = await get(`/members/${lotte}/signup`, { cookie });
    expect([signup.status, signup.headers.location]).toEqual([302, `/members/${lotte}/chat`]);
  });

  it("signs up beside the member, and opens their chat once the account is activated", async () => {
    const page = await get(`/members/${bram}/signup`);
    expect(page.body).toContain(t("members:landing.signupTitle", { name: "Bram" }));
    expect(page.body).toContain(`<input type="hidden" name="for_profile" value="${bram}"/>`);

    const email = uniqueEmail("for-bram");
    const posted = await requestAs(
      server.port,
      `${SITE}.localhost:${server.port}`,
      `/members/${bram}/signup`,
      { "content-type": "application/x-www-form-urlencoded", origin: server.origin(SITE), "x-forwarded-for": visitorIp() },
      {
        method: "POST",
        body: new URLSearchParams({
          email, name: "Iris", date_of_birth: "1991-01-01", password: "a good password", gender: "female", looking_for: "men", special_consent: "on",
          for_profile: String(bram), redirectTo: `/members/${bram}/chat`,
        }).toString(),
      },
    );
    expect([posted.status, posted.headers.location]).toEqual([302, `/complete-signup?redirectTo=%2Fmembers%2F${bram}%2Fchat`]);
    const account = await server.store.db.selectFrom("accounts").select("signup_profile_id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(account.signup_profile_id).toBe(bram);

    const activation = new URL(linkIn(await waitForMail(server, email)));
    const activated = await get(activation.pathname + activation.search);
    expect([activated.status, activated.headers.location]).toEqual([302, `/members/${bram}/chat`]);
  });

  it("takes the member's signup form only from this site, within the body limits, and leads back only to a page of this site", async () => {
    const post = (headers: Record<string, string>, fields: Record<string, string>) =>
      requestAs(
        server.port,
        `${SITE}.localhost:${server.port}`,
        `/members/${bram}/signup`,
        { "content-type": "application/x-www-form-urlencoded", origin: server.origin(SITE), "x-forwarded-for": visitorIp(), ...headers },
        { method: "POST", body: new URLSearchParams(fields).toString() },
      );
    const form = (email: string) => ({ email, name: "Iris", date_of_birth: "1991-01-01", password: "a good password", gender: "female", looking_for: "men", special_consent: "on", for_profile: String(bram) });
    const stored = (email: string) => server.store.db.selectFrom("accounts").select("id").where("email", "=", email).execute();

    const foreign = uniqueEmail("foreign");
    expect((await post({ origin: "https://attacker.example" }, form(foreign))).status).toBe(403);
    const big = uniqueEmail("big");
    expect((await post({}, { ...form(big), signup_message: "a".repeat(2 * 1024 * 1024) })).status).toBe(413);
    expect([...(await stored(foreign)), ...(await stored(big))]).toEqual([]);

    const away = await post({}, { ...form(uniqueEmail("away")), redirectTo: "//evil.example/members" });
    expect([away.status, away.headers.location]).toEqual([302, "/complete-signup"]);
  });

  it("keeps no member a signup names that visitors may not find here", async () => {
    const elsewhere = await addProfile(server.store, server.sites.byId("bbw-us")!, { name: "Elsewhere", country: "US" });
    const email = uniqueEmail("for-nobody");
    const posted = await requestAs(
      server.port,
      `${SITE}.localhost:${server.port}`,
      "/signup",
      { "content-type": "application/x-www-form-urlencoded", origin: server.origin(SITE), "x-forwarded-for": visitorIp() },
      {
        method: "POST",
        body: new URLSearchParams({ email, name: "Noor", date_of_birth: "1991-01-01", password: "a good password", gender: "female", looking_for: "men", special_consent: "on", for_profile: String(elsewhere) }).toString(),
      },
    );
    expect(posted.status).toBe(302);
    const account = await server.store.db.selectFrom("accounts").select("signup_profile_id").where("email", "=", email).executeTakeFirstOrThrow();
    expect(account.signup_profile_id).toBeNull();
    const activation = new URL(linkIn(await waitForMail(server, email)));
    expect((await get(activation.pathname + activation.search)).headers.location).toBe("/activate/done");
  });
});

