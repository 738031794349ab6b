import { parseWithZod } from "@conform-to/zod/v4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consume, createAccountLimits } from "../../server/accounts/limits";
import { loadMember, type Member } from "../../server/accounts/member";
import { createMemoryBus } from "../../server/bus/memory-bus";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import type { ProfileStatus } from "../../server/db/schema";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { complaintSchema, fileComplaint, reportedProfile, type ComplaintForm } from "../../server/support/complaints";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { siteFile } from "../support/site-fixtures";

/** A brand as the app sees it, and its row in the sites table. */
async function addSite(store: Store, id: string, pool: string): Promise<Site> {
  const site = parseSiteFile(`sites/${id}.json`, JSON.stringify(siteFile({ name: id, domains: [`${id}.example`], pool }))).site;
  if (!site) throw new Error(`site ${id} does not parse`);
  await store.db.insertInto("sites").values({ id, pool, name: id }).execute();
  return site;
}

let counter = 0;

/** A profile in a site's pool; with `account`, one that belongs to a member of that site. */
async function addProfile(store: Store, site: Site, { name, status = "active", account = false }: { name: string; status?: ProfileStatus; account?: boolean }) {
  counter += 1;
  const accountRow = account
    ? await store.db
        .insertInto("accounts")
        .values({ site_id: site.id, email: `member${counter}@example.com`, password_hash: "x", language: "nl", country: "NL", date_of_birth: "1990-01-01" })
        .returning("id")
        .executeTakeFirstOrThrow()
    : undefined;
  return store.db
    .insertInto("profiles")
    .values({ account_id: accountRow?.id ?? null, site_id: site.id, pool: site.pool, name, country: "NL", date_of_birth: "1990-01-01", status })
    .returning(["id", "account_id"])
    .executeTakeFirstOrThrow();
}

const complaintsOf = (store: Store, siteId: string) => store.db.selectFrom("complaints").selectAll().where("site_id", "=", siteId).orderBy("id").execute();

/** The issues of a parse as { field: message key }. */
function messages(schema: ReturnType<typeof complaintSchema>, input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("complaints", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let flirt: Site;
  let sister: Site;
  let other: Site;
  let member: Member;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("complaints", database.url) });
    await migrate(store);
    flirt = await addSite(store, "flirt-nl", "benelux");
    sister = await addSite(store, "flirt-be", "benelux");
    other = await addSite(store, "milf-de", "dach");
    const own = await addProfile(store, flirt, { name: "Reporter", account: true });
    member = (await loadMember(store.db, { siteId: flirt.id, accountId: own.account_id! }))!;
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  const visitorForm = (overrides: Partial<ComplaintForm> = {}): ComplaintForm => ({
    reason: "fake_profile",
    message: "These photos are taken from a model's website.",
    email: "visitor@example.com",
    profile: undefined,
    website: undefined,
    ...overrides,
  });

  it("stores a visitor's complaint about a profile of a sister brand in the pool, for support staff", async () => {
    const reported = await addProfile(store, sister, { name: "Sanne" });
    const outcome = await fileComplaint({ db: store.db, site: flirt, form: visitorForm({ profile: reported.id }) });
    expect(outcome).toMatchObject({ status: "filed", profile: { id: reported.id, name: "Sanne" } });
    const rows = await complaintsOf(store, flirt.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reason: "fake_profile",
      message: "These photos are taken from a model's website.",
      reporter_email: "visitor@example.com",
      reporter_account_id: null,
      profile_id: reported.id,
      status: "open",
    });
  });

  it("knows a member by their account, not by an address they typed", async () => {
    const before = (await complaintsOf(store, flirt.id)).length;
    const outcome = await fileComplaint({ db: store.db, site: flirt, member, form: visitorForm({ reason: "other", message: "The chat shows my messages twice.", email: undefined }) });
    expect(outcome.status).toBe("filed");
    const rows = await complaintsOf(store, flirt.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ reason: "other", message: "The chat shows my messages twice.", reporter_account_id: member.accountId, reporter_email: null, profile_id: null });
  });

  it("refuses a profile of another pool, and a deleted one, storing nothing", async () => {
    const elsewhere = await addProfile(store, other, { name: "Heike" });
    const deleted = await addProfile(store, flirt, { name: "Gone", status: "deleted" });
    const before = (await complaintsOf(store, flirt.id)).length;
    for (const profileId of [elsewhere.id, deleted.id, 999_999_999]) {
      expect(await fileComplaint({ db: store.db, site: flirt, member, form: visitorForm({ profile: profileId }) })).toEqual({
        status: "refused",
        error: "complaints:error.profileNotFound",
      });
    }
    expect(await complaintsOf(store, flirt.id)).toHaveLength(before);
    expect(await reportedProfile({ db: store.db, pool: flirt.pool, profileId: elsewhere.id })).toBeUndefined();
    expect(await reportedProfile({ db: store.db, pool: other.pool, profileId: elsewhere.id })).toEqual({ id: elsewhere.id, name: "Heike" });
  });

  it("refuses a member reporting their own profile", async () => {
    const before = (await complaintsOf(store, flirt.id)).length;
    const outcome = await fileComplaint({ db: store.db, site: flirt, member, form: visitorForm({ profile: member.profileId }) });
    expect(outcome).toEqual({ status: "refused", error: "complaints:error.ownProfile" });
    expect(await complaintsOf(store, flirt.id)).toHaveLength(before);
  });

  it("asks visitors, not members, for an address, and gives the screen's messages", () => {
    const visitor = complaintSchema({ signedIn: false });
    const signedIn = complaintSchema({ signedIn: true });
    const valid = { reason: "scam", message: "  Asked me for money via a gift card.  " };
    expect(messages(visitor, valid)).toEqual({ email: "complaints:error.emailRequired" });
    expect(messages(visitor, { ...valid, email: "visitor@" })).toEqual({ email: "validation.emailInvalid" });
    expect(messages(visitor, { ...valid, email: "a@example.com", message: "  too short  " })).toEqual({ message: "complaints:error.messageTooShort" });
    expect(messages(visitor, { ...valid, email: "a@example.com", message: "x".repeat(2001) })).toEqual({ message: "complaints:error.messageTooLong" });
    expect(messages(visitor, { ...valid, email: "a@example.com", reason: "boring" })).toEqual({ reason: "complaints:error.reasonRequired" });
    expect(messages(visitor, { ...valid, email: "a@example.com", profile: -3 })).toEqual({ profile: "complaints:error.profileNotFound" });
    expect(signedIn.parse({ ...valid, email: "ignored@example.com" })).toEqual({ reason: "scam", message: "Asked me for money via a gift card.", email: undefined });
  });

  it("reads the posted form as the action does: the profile id as a number, empty fields as missing", () => {
    const formData = new FormData();
    formData.set("reason", "harassment");
    formData.set("message", "Keeps sending me insults.");
    formData.set("email", "");
    formData.set("profile", "42");
    const submission = parseWithZod(formData, { schema: complaintSchema({ signedIn: false }) });
    expect(submission.status === "error" ? submission.error : undefined).toEqual({ email: ["complaints:error.emailRequired"] });
    formData.set("email", " Visitor@Example.com ");
    const valid = parseWithZod(formData, { schema: complaintSchema({ signedIn: false }) });
    expect(valid.status === "success" ? valid.value : undefined).toMatchObject({ profile: 42, email: "visitor@example.com" });
  });

  it("lets one address file 10 complaints an hour", async () => {
    const limits = createAccountLimits(createMemoryBus());
    for (let i = 0; i < 10; i += 1) expect((await consume(limits.complaintsIp, "10.0.0.1")).allowed).toBe(true);
    expect((await consume(limits.complaintsIp, "10.0.0.1")).allowed).toBe(false);
    expect((await consume(limits.complaintsIp, "10.0.0.2")).allowed).toBe(true);
  });
});
