import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPhoto } from "../../server/photos/photos";
import { termsVersion } from "../../server/privacy/consent";
import type { Site } from "../../server/sites/schema";
import { createMember, sessionCookie, uniqueEmail } from "../support/accounts";
import { text } from "../support/catalog";
import { chatMember, sendChat, SITE_ID } from "../support/chat-instances";
import { shows } from "../support/page-text";
import { requestAs, startTestServer, visitorIp, type TestServer } from "../support/test-server";
import { download, unzip } from "../support/zip";

/** The member's data export and the consent to special-category data (issue 19 items 7 and 8), through HTTP. */
describe("privacy: export and consent", () => {
  let server: TestServer;
  let photo: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ env: { DEMO_MEMBERS: "0" } });
    photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#a63" } }).jpeg().toBuffer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  const db = () => server.store.db;
  const site = (siteId: string) => server.sites.byId(siteId) as Site;
  const host = (siteId: string) => `${siteId}.localhost:${server.port}`;

  /** A form post as the brand's own page sends it (or from `origin`). */
  const post = (siteId: string, pathname: string, form: Record<string, string | string[]>, { cookie, origin = server.origin(siteId) }: { cookie?: string; origin?: string } = {}) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form)) for (const one of [value].flat()) body.append(name, one);
    return requestAs(
      server.port,
      host(siteId),
      pathname,
      { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-for": visitorIp(), ...(cookie ? { cookie } : {}) },
      { method: "POST", body: body.toString() },
    );
  };

  async function signedIn(siteId: string, name = "Tester") {
    const member = await createMember(server, { siteId, name });
    return { ...member, cookie: (await sessionCookie(server, { siteId, accountId: member.accountId })).header };
  }

  const consentsOf = (accountId: number) =>
    db().selectFrom("consent_records").selectAll().where("account_id", "=", accountId).orderBy("id").execute();
  const labelsOf = (profileId: number) =>
    db().selectFrom("profiles").select(["sexuality", "interests"]).where("id", "=", profileId).executeTakeFirstOrThrow();

  describe("the export", () => {
    it("downloads a zip of the member's own data: JSON with their messages and likes, their photos, a README in their language; nobody else's data", async () => {
      const me = await chatMember(server, { premiumCredits: 100 });
      const other = await chatMember(server, { premiumCredits: 100 });
      const stranger = await chatMember(server, { premiumCredits: 100 });
      const strangersFriend = await chatMember(server);
      expect((await sendChat(server, me, other, "Hello from me, with a secret word: tangerine")).status).toBe(200);
      expect((await sendChat(server, other, me, "And a reply from the other side")).status).toBe(200);
      expect((await sendChat(server, stranger, strangersFriend, "A stranger's own words: kumquat")).status).toBe(200);
      await db().insertInto("likes").values({ liker_id: me.profileId, liked_id: other.profileId }).execute();
      await db().insertInto("likes").values({ liker_id: stranger.profileId, liked_id: me.profileId }).execute();
      for (let i = 0; i < 2; i += 1) {
        const added = await addPhoto({ db: db(), storage: server.services.photos, site: site(SITE_ID), profileId: me.profileId, accountId: me.accountId, bytes: photo });
        expect(added.ok).toBe(true);
      }
      const accounts = await db().selectFrom("accounts").select(["id", "email", "password_hash"]).where("id", "in", [me.accountId, other.accountId, stranger.accountId, strangersFriend.accountId]).execute();
      const mine = accounts.find((row) => row.id === me.accountId)!;

      const answer = await download(server.port, host(SITE_ID), "/settings/export", { cookie: me.cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toBe("application/zip");
      expect(answer.headers["content-disposition"]).toMatch(/^attachment; filename="flirt-nl-\d{4}-\d{2}-\d{2}\.zip"$/);
      expect(answer.headers["cache-control"]).toBe("no-store");

      const files = await unzip(answer.body);
      expect([...files.keys()].filter((name) => !name.startsWith("photos/")).sort()).toEqual(
        ["README.txt", "account.json", "consents.json", "conversations.json", "ledger.json", "likes.json", "payments.json", "preferences.json", "profile.json"].sort(),
      );
      const json = (name: string) => JSON.parse(files.get(name)!.toString("utf8"));
      expect(json("account.json").email).toBe(mine.email);
      expect(files.get("account.json")!.toString("utf8")).not.toContain("password");
      const conversations = json("conversations.json") as { messages: { body: string; from: string }[] }[];
      expect(conversations.flatMap((conversation) => conversation.messages.map(({ body, from }) => ({ body, from })))).toEqual([
        { body: "Hello from me, with a secret word: tangerine", from: "me" },
        { body: "And a reply from the other side", from: "them" },
      ]);
      expect(json("likes.json").given.map((like: { profile: string }) => like.profile)).toEqual(["Tester"]);
      expect(json("likes.json").received).toHaveLength(1);
      expect(json("ledger.json").length).toBeGreaterThan(0);

      const photos = [...files.keys()].filter((name) => name.startsWith("photos/"));
      expect(photos).toHaveLength(2);
      for (const name of photos) {
        const metadata = await sharp(files.get(name)!).metadata();
        expect(metadata.format).toBe("webp");
        expect(metadata.width).toBeGreaterThan(0);
      }
      expect(json("profile.json").photos.map((entry: { file: string }) => entry.file).sort()).toEqual(photos.sort());

      expect(files.get("README.txt")!.toString("utf8")).toContain(text("nl", "privacy:export.readme", { name: site(SITE_ID).name, date: "", email: mine.email }).split("\n")[0]!);
      // Nothing of another member but the names: no address, no password hash, no words of a conversation the member is not in.
      const everything = [...files.values()].map((bytes) => bytes.toString("latin1")).join("\n");
      for (const account of accounts) {
        expect(everything).not.toContain(account.password_hash);
        if (account.id !== me.accountId) expect(everything).not.toContain(account.email);
      }
      expect(everything).not.toContain("kumquat");
    });

    it("is for a signed-in member only", async () => {
      const visitor = await download(server.port, host(SITE_ID), "/settings/export");
      expect(visitor.status).toBe(302);
      expect(visitor.headers.location).toMatch(/^\/login\?redirectTo=%2Fsettings%2Fexport/);
    });

    it("is limited to a few an hour per member: then the settings say how long to wait", async () => {
      const member = await signedIn("flirt-nl");
      for (let i = 0; i < 3; i += 1) expect((await download(server.port, host("flirt-nl"), "/settings/export", { cookie: member.cookie })).status).toBe(200);
      const limited = await download(server.port, host("flirt-nl"), "/settings/export", { cookie: member.cookie });
      expect(limited.status).toBe(302);
      expect(limited.headers.location).toMatch(/^\/settings\?export-wait=\d+#privacy$/);
      const page = await requestAs(server.port, host("flirt-nl"), limited.headers.location as string, { cookie: member.cookie });
      expect(shows(page, text("nl", "privacy:export.tooMany", { count: Number(/export-wait=(\d+)/.exec(limited.headers.location as string)![1]) }))).toBe(true);
      // Another member's exports are their own.
      const another = await signedIn("flirt-nl");
      expect((await download(server.port, host("flirt-nl"), "/settings/export", { cookie: another.cookie })).status).toBe(200);
    });
  });

  describe("consent at signup", () => {
    const signupForm = (fields: Record<string, string> = {}) => ({
      gender: "male",
      looking_for: "women",
      email: uniqueEmail("consent"),
      name: "Robin",
      date_of_birth: "1988-08-08",
      password: "a good password",
      ...fields,
    });
    const accountOf = (email: string) => db().selectFrom("accounts").select("id").where("email", "=", email).executeTakeFirst();

    it("is refused without the box ticked, with the message in the visitor's language, and no account is made", async () => {
      const form = signupForm();
      const refused = await post("flirt-nl", "/signup", form);
      expect(refused.status).toBe(200);
      expect(shows(refused, text("nl", "account:consent.required"))).toBe(true);
      expect(await accountOf(form.email)).toBeUndefined();
    });

    it("is recorded with the account: the words shown, their language and the terms' version", async () => {
      const form = signupForm({ special_consent: "on" });
      const created = await post("flirt-nl", "/signup", form);
      expect(created.status).toBe(302);
      const account = await accountOf(form.email);
      const [consent, ...more] = await consentsOf(account!.id);
      expect(more).toEqual([]);
      const name = site("flirt-nl").name;
      expect(consent).toMatchObject({
        site_id: "flirt-nl",
        kind: "special_category",
        language: "nl",
        terms_version: termsVersion(site("flirt-nl")),
        wording: `${text("nl", "account:consent.specialCategory", { name })} ${text("nl", "account:consent.withdrawHint")}`,
        withdrawn_at: null,
      });
    });
  });

  describe("consent in the profile editor", () => {
    const profileForm = (member: { name: string }, fields: Record<string, string | string[]>) => ({
      intent: "profile",
      name: member.name,
      date_of_birth: "1990-04-01",
      country: "NL",
      ...fields,
    });

    it("refuses a first sexuality or interest without the box, saves and records it with the box, then needs no box again", async () => {
      const member = await signedIn("flirt-nl", "Editor");
      const refused = await post("flirt-nl", "/profile", profileForm(member, { sexuality: "bi" }), { cookie: member.cookie });
      expect(refused.status).toBe(200);
      expect(shows(refused, text("nl", "account:consent.required"))).toBe(true);
      expect(await labelsOf(member.profileId)).toEqual({ sexuality: null, interests: [] });
      const interest = site("flirt-nl").interests[0]!;
      const refusedInterest = await post("flirt-nl", "/profile", profileForm(member, { interests: interest }), { cookie: member.cookie });
      expect(shows(refusedInterest, text("nl", "account:consent.required"))).toBe(true);
      expect(await consentsOf(member.accountId)).toEqual([]);

      // Other labels need no consent.
      const other = await post("flirt-nl", "/profile", profileForm(member, { hair_colour: "red" }), { cookie: member.cookie });
      expect(shows(other, text("nl", "account:consent.required"))).toBe(false);

      const saved = await post("flirt-nl", "/profile", profileForm(member, { sexuality: "bi", interests: interest, special_consent: "on" }), { cookie: member.cookie });
      expect(shows(saved, text("nl", "members:edit.saved"))).toBe(true);
      expect(await labelsOf(member.profileId)).toEqual({ sexuality: "bi", interests: [interest] });
      const consents = await consentsOf(member.accountId);
      expect(consents).toHaveLength(1);
      expect(consents[0]).toMatchObject({ language: "nl", withdrawn_at: null });

      const changed = await post("flirt-nl", "/profile", profileForm(member, { sexuality: "hetero" }), { cookie: member.cookie });
      expect(shows(changed, text("nl", "members:edit.saved"))).toBe(true);
      expect((await labelsOf(member.profileId)).sexuality).toBe("hetero");
      expect(await consentsOf(member.accountId)).toHaveLength(1);
    });
  });

  describe("withdrawing the consent", () => {
    it("records when, clears the sexuality and interests in one go, and the editor asks again", async () => {
      const member = await signedIn("flirt-nl", "Withdrawer");
      const interest = site("flirt-nl").interests[0]!;
      const given = await post("flirt-nl", "/profile", { intent: "profile", name: member.name, date_of_birth: "1990-04-01", country: "NL", sexuality: "gay", interests: interest, special_consent: "on" }, { cookie: member.cookie });
      expect(given.status).toBe(200);
      expect(shows(await requestAs(server.port, host("flirt-nl"), "/settings", { cookie: member.cookie }), text("nl", "privacy:consent.withdraw"))).toBe(true);

      const withdrawn = await post("flirt-nl", "/settings", { intent: "withdraw-consent" }, { cookie: member.cookie });
      expect(withdrawn.status).toBe(200);
      expect(shows(withdrawn, text("nl", "privacy:consent.withdrawn"))).toBe(true);
      expect(await labelsOf(member.profileId)).toEqual({ sexuality: null, interests: [] });
      const [consent] = await consentsOf(member.accountId);
      expect(consent!.withdrawn_at).toBeInstanceOf(Date);
      // A retry changes nothing more.
      expect((await post("flirt-nl", "/settings", { intent: "withdraw-consent" }, { cookie: member.cookie })).status).toBe(200);
      expect((await consentsOf(member.accountId))[0]!.withdrawn_at).toEqual(consent!.withdrawn_at);

      const again = await post("flirt-nl", "/profile", { intent: "profile", name: member.name, date_of_birth: "1990-04-01", country: "NL", sexuality: "gay" }, { cookie: member.cookie });
      expect(shows(again, text("nl", "account:consent.required"))).toBe(true);
    });

    it("keeps another member's data and consent as they are", async () => {
      const member = await signedIn("flirt-nl", "Keeper");
      const bystander = await signedIn("flirt-nl", "Bystander");
      await post("flirt-nl", "/profile", { intent: "profile", name: bystander.name, date_of_birth: "1990-04-01", country: "NL", sexuality: "bi", special_consent: "on" }, { cookie: bystander.cookie });
      await post("flirt-nl", "/settings", { intent: "withdraw-consent" }, { cookie: member.cookie });
      expect((await labelsOf(bystander.profileId)).sexuality).toBe("bi");
      expect((await consentsOf(bystander.accountId))[0]!.withdrawn_at).toBeNull();
    });
  });

  describe("the new posts are refused from another site and when oversized", () => {
    it("refuses the withdrawal and the consent on the profile from a foreign origin or with an oversized field", async () => {
      const member = await signedIn("flirt-nl", "Guarded");
      await post("flirt-nl", "/profile", { intent: "profile", name: member.name, date_of_birth: "1990-04-01", country: "NL", sexuality: "bi", special_consent: "on" }, { cookie: member.cookie });

      for (const origin of ["https://attacker.example", server.origin("gay-uk")]) {
        expect((await post("flirt-nl", "/settings", { intent: "withdraw-consent" }, { cookie: member.cookie, origin })).status).toBe(403);
      }
      expect((await post("flirt-nl", "/settings", { intent: "withdraw-consent", padding: "x".repeat(200_000) }, { cookie: member.cookie })).status).toBeGreaterThanOrEqual(400);
      expect((await labelsOf(member.profileId)).sexuality).toBe("bi");
      expect((await consentsOf(member.accountId))[0]!.withdrawn_at).toBeNull();

      const fresh = await signedIn("flirt-nl", "Fresh");
      const foreign = await post("flirt-nl", "/profile", { intent: "profile", name: fresh.name, date_of_birth: "1990-04-01", country: "NL", sexuality: "bi", special_consent: "on" }, { cookie: fresh.cookie, origin: "https://attacker.example" });
      expect(foreign.status).toBe(403);
      const oversized = await post("flirt-nl", "/profile", { intent: "profile", name: fresh.name, date_of_birth: "1990-04-01", country: "NL", sexuality: "bi", special_consent: "x".repeat(200_000) }, { cookie: fresh.cookie });
      expect(oversized.status).toBeGreaterThanOrEqual(400);
      expect(await consentsOf(fresh.accountId)).toEqual([]);
      expect((await labelsOf(fresh.profileId)).sexuality).toBeNull();
    });
  });
});
