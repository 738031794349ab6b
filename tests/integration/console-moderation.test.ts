import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../server/db/database";
import type { PhotoStatus } from "../../server/db/schema";
import { migrate } from "../../server/db/migrate";
import { approvePhoto, photosOf } from "../../server/photos/photos";
import type { Site } from "../../server/sites/schema";
import type { Actor } from "../../server/support/audit";
import { complaintConversation, complaintDetail, listComplaints, resolveComplaint, takeComplaint } from "../../server/support/complaint-queue";
import { decidePhoto, moderationCounts, photoQueue } from "../../server/support/moderation";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { addSite } from "../support/store-fixtures";

/**
 * Issue 17 point 5 on the store: the photo queue's decisions and the complaint queue's steps, each
 * with exactly one audit row written in its own transaction, and a reported conversation that can
 * be read only through the complaint that names it.
 */
describe("moderation: photos and complaints", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;
  let other: Site;
  let moderator: Actor;
  let colleague: Actor;
  let counter = 0;
  /** A staff id with no account: its audit row cannot be written (foreign key), so the whole step must fail. */
  const ghost: Actor = { staffId: 987_654_321, ip: "10.0.0.1" };
  const sites = { byId: (id: string) => [site, other].find((s) => s.id === id), all: () => [site, other] };

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    store = await openStore({ databaseUrl: database.url, dataDir: await freshDataDir("moderation", database.url) });
    await migrate(store);
    site = await addSite(store, "mod-nl", { pool: "mod-pool" });
    other = await addSite(store, "mod-de", { pool: "mod-pool" });
    const staff = await store.db
      .insertInto("staff_accounts")
      .values([
        { email: "moderator@staff.example", role: "moderator" },
        { email: "colleague@staff.example", role: "moderator" },
      ])
      .returning("id")
      .execute();
    moderator = { staffId: staff[0]!.id, ip: "10.1.2.3" };
    colleague = { staffId: staff[1]!.id, ip: "10.1.2.4" };
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  const db = () => store.db;

  async function member(onSite: Site = site, name = "Sam") {
    const account = await db()
      .insertInto("accounts")
      .values({ site_id: onSite.id, email: `mod${(counter += 1)}.${Date.now().toString(36)}@example.com`, password_hash: "x", language: "nl", country: "NL", date_of_birth: "1990-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const profile = await db()
      .insertInto("profiles")
      .values({ account_id: account.id, site_id: onSite.id, pool: onSite.pool, name, country: "NL", date_of_birth: "1990-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { accountId: account.id, profileId: profile.id };
  }

  /** A photo row as an upload leaves it (files are not this test's concern), at the end of the member's order. */
  async function photo(profileId: number, status: PhotoStatus, { main = false, createdAt }: { main?: boolean; createdAt?: Date } = {}) {
    const position = (await db().selectFrom("photos").select("id").where("profile_id", "=", profileId).execute()).length + 1;
    const row = await db()
      .insertInto("photos")
      .values({ profile_id: profileId, filename: `mod-pool/p${(counter += 1)}.webp`, thumb_filename: `mod-pool/p${counter}-t.webp`, width: 800, height: 600, status, position, created_at: createdAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (main) await db().updateTable("profiles").set({ main_photo_id: row.id }).where("id", "=", profileId).execute();
    return row.id;
  }

  const photoRow = (id: number) => db().selectFrom("photos").select(["status", "rejection_reason", "reviewed_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  const mainOf = async (profileId: number) => (await db().selectFrom("profiles").select("main_photo_id").where("id", "=", profileId).executeTakeFirstOrThrow()).main_photo_id;
  const audit = (action: string) => db().selectFrom("staff_audit").select(["staff_id", "site_id", "account_id", "detail", "ip"]).where("action", "=", action).orderBy("id").execute();
  const auditFor = async (action: string, key: string, value: number) => (await audit(action)).filter((row) => (row.detail as Record<string, unknown>)[key] === value);

  describe("the photo queue", () => {
    it("lists photos in review oldest first, per brand, with their member and brand, and records the one shown", async () => {
      const owner = await member(site, "Queued");
      const elsewhere = await member(other, "Elsewhere");
      const old = new Date(Date.now() - 3_600_000 * 24 * 400);
      const first = await photo(owner.profileId, "inspection", { createdAt: old });
      const second = await photo(elsewhere.profileId, "inspection", { createdAt: new Date(old.getTime() + 1000) });
      await photo(owner.profileId, "active");

      const all = await photoQueue({ db: db(), sites, actor: moderator });
      expect(all.photos.map((p) => p.id)).toEqual([first, second]);
      expect(all.photos[0]).toMatchObject({ site: { id: site.id }, profile: { id: owner.profileId, name: "Queued" }, accountId: owner.accountId });
      expect(all.photos[0]!.urls.filename).toMatch(/^\/media\/mod-pool\/p\d+\.webp$/);
      expect(all.waiting).toBeGreaterThanOrEqual(2);
      expect(await auditFor("photo.view", "photoId", first)).toMatchObject([{ staff_id: moderator.staffId, account_id: owner.accountId, site_id: site.id }]);

      // Skipping the first continues behind it; the brand filter keeps to one brand.
      expect((await photoQueue({ db: db(), sites, actor: moderator, after: first })).photos[0]?.id).toBe(second);
      const germanOnly = await photoQueue({ db: db(), sites, actor: moderator, siteId: other.id });
      expect(germanOnly.photos.every((p) => p.site.id === other.id)).toBe(true);
      expect(germanOnly.photos.map((p) => p.id)).toContain(second);

      for (const id of [first, second]) await decidePhoto({ db: db(), actor: moderator, photoId: id, decision: { approve: true } });
    });

    it("approves with one audit row in the same transaction; a second decision on the photo writes none", async () => {
      const owner = await member();
      const id = await photo(owner.profileId, "inspection");

      // The audit row cannot be written: the approval is undone with it.
      await expect(decidePhoto({ db: db(), actor: ghost, photoId: id, decision: { approve: true } })).rejects.toThrow();
      expect((await photoRow(id)).status).toBe("inspection");
      expect(await mainOf(owner.profileId)).toBeNull();

      expect(await decidePhoto({ db: db(), actor: moderator, photoId: id, decision: { approve: true } })).toEqual({ ok: true, decision: "approved", profileName: "Sam" });
      expect(await photoRow(id)).toMatchObject({ status: "active", rejection_reason: null });
      expect((await photoRow(id)).reviewed_at).toBeInstanceOf(Date);
      expect(await mainOf(owner.profileId)).toBe(id);
      expect(await photosOf({ db: db(), profileId: owner.profileId, viewer: "other" })).toMatchObject([{ id, main: true }]);

      // Another moderator was slower: told what happened, nothing written.
      expect(await decidePhoto({ db: db(), actor: colleague, photoId: id, decision: { reject: "Too late to reject" } })).toEqual({ ok: false, error: "already_decided", status: "active" });
      expect(await decidePhoto({ db: db(), actor: colleague, photoId: id, decision: { approve: true } })).toEqual({ ok: false, error: "already_decided", status: "active" });
      expect(await photoRow(id)).toMatchObject({ status: "active", rejection_reason: null });
      expect(await auditFor("photo.approve", "photoId", id)).toMatchObject([{ staff_id: moderator.staffId, account_id: owner.accountId, site_id: site.id, ip: "10.1.2.3" }]);
      expect(await auditFor("photo.reject", "photoId", id)).toEqual([]);
    });

    it("decides once when two moderators decide at the same moment", async () => {
      const owner = await member();
      const id = await photo(owner.profileId, "inspection");
      const answers = await Promise.all([
        decidePhoto({ db: db(), actor: moderator, photoId: id, decision: { approve: true } }),
        decidePhoto({ db: db(), actor: colleague, photoId: id, decision: { reject: "Not a photo of a person" } }),
      ]);
      expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
      expect(answers.filter((answer) => !answer.ok)).toMatchObject([{ error: "already_decided" }]);
      expect([...(await auditFor("photo.approve", "photoId", id)), ...(await auditFor("photo.reject", "photoId", id))]).toHaveLength(1);
    });

    it("rejects with the reason the member sees; the photo is shown to no one else and stays out of the queue", async () => {
      const owner = await member();
      const id = await photo(owner.profileId, "inspection");
      expect(await decidePhoto({ db: db(), actor: moderator, photoId: id, decision: { reject: "  " } })).toMatchObject({ ok: false, error: "reason" });
      expect(await decidePhoto({ db: db(), actor: moderator, photoId: id, decision: { reject: "x".repeat(501) } })).toMatchObject({ ok: false, error: "reason" });
      expect((await photoRow(id)).status).toBe("inspection");
      expect(await auditFor("photo.reject", "photoId", id)).toEqual([]);

      expect(await decidePhoto({ db: db(), actor: moderator, photoId: id, decision: { reject: "  Your face must be visible.  " } })).toMatchObject({ ok: true, decision: "rejected" });
      expect(await photoRow(id)).toMatchObject({ status: "rejected", rejection_reason: "Your face must be visible." });
      expect(await photosOf({ db: db(), profileId: owner.profileId, viewer: "owner" })).toMatchObject([{ id, status: "rejected", rejection_reason: "Your face must be visible.", main: false }]);
      expect(await photosOf({ db: db(), profileId: owner.profileId, viewer: "other" })).toEqual([]);
      expect((await photoQueue({ db: db(), sites, actor: moderator, siteId: site.id })).photos.map((p) => p.id)).not.toContain(id);
      expect(await auditFor("photo.reject", "photoId", id)).toMatchObject([{ staff_id: moderator.staffId, account_id: owner.accountId, detail: { reason: "Your face must be visible." } }]);
      // Rejected is final for the queue: approving it now is a decision already made.
      expect(await approvePhoto({ db: db(), siteId: site.id, photoId: id })).toEqual({ ok: false, error: "not_found" });
    });

    it("moves the main photo to the next live one when the main photo is taken down", async () => {
      const owner = await member();
      const main = await photo(owner.profileId, "active", { main: true });
      const waiting = await photo(owner.profileId, "inspection");
      const next = await photo(owner.profileId, "active");
      expect(await decidePhoto({ db: db(), actor: moderator, photoId: main, decision: { reject: "Nudity is not allowed." }, from: "active" })).toMatchObject({ ok: true });
      expect(await mainOf(owner.profileId)).toBe(next);
      expect(await photosOf({ db: db(), profileId: owner.profileId, viewer: "other" })).toMatchObject([{ id: next, main: true }]);
      expect((await auditFor("photo.reject", "photoId", main))[0]?.detail).toMatchObject({ from: "active", wasMain: true });
      // The last live photo taken down leaves no main photo; the one in review is not main.
      await decidePhoto({ db: db(), actor: moderator, photoId: next, decision: { reject: "Nudity is not allowed." }, from: "active" });
      expect(await mainOf(owner.profileId)).toBeNull();
      expect((await photoRow(waiting)).status).toBe("inspection");
    });

    it("keeps approvePhoto working on its own, outside any caller's transaction", async () => {
      const owner = await member();
      const id = await photo(owner.profileId, "inspection");
      expect(await approvePhoto({ db: db(), siteId: other.id, photoId: id })).toEqual({ ok: false, error: "not_found" });
      expect(await approvePhoto({ db: db(), siteId: site.id, photoId: id })).toEqual({ ok: true, main: true });
    });
  });

  describe("complaints", () => {
    async function complaint({ reporter, about, onSite = site }: { reporter?: { accountId: number }; about?: { profileId: number }; onSite?: Site }) {
      const row = await db()
        .insertInto("complaints")
        .values({
          site_id: onSite.id,
          reporter_account_id: reporter?.accountId ?? null,
          reporter_email: reporter ? null : "visitor@example.com",
          profile_id: about?.profileId ?? null,
          reason: "harassment",
          message: "They keep writing after I said no.",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }

    /** A conversation between two profiles with a message each way. */
    async function conversation(a: number, b: number) {
      const row = await db().insertInto("conversations").values({ pool: site.pool, started_by: a }).returning("id").executeTakeFirstOrThrow();
      await db()
        .insertInto("conversation_members")
        .values([
          { conversation_id: row.id, profile_id: a, other_profile_id: b },
          { conversation_id: row.id, profile_id: b, other_profile_id: a },
        ])
        .execute();
      await db()
        .insertInto("messages")
        .values([
          { conversation_id: row.id, sender_id: b, kind: "text", body: `From ${b} to ${a}` },
          { conversation_id: row.id, sender_id: a, kind: "text", body: "Please stop." },
        ])
        .execute();
      return row.id;
    }

    it("moves open → in progress → resolved, each step with its one audit row, refusing resolve before take and an empty outcome", async () => {
      const reporter = await member();
      const reported = await member(site, "Pushy");
      const id = await complaint({ reporter, about: reported });

      expect(await resolveComplaint({ db: db(), actor: moderator, complaintId: id, outcome: "Warned the member." })).toEqual({ ok: false, error: "wrong_status", status: "open" });
      expect(await takeComplaint({ db: db(), actor: ghost, complaintId: id }).catch(() => "failed")).toBe("failed");
      expect((await db().selectFrom("complaints").select(["status", "handled_by"]).where("id", "=", id).executeTakeFirstOrThrow())).toEqual({ status: "open", handled_by: null });

      expect(await takeComplaint({ db: db(), actor: moderator, complaintId: id })).toEqual({ ok: true, status: "in_progress" });
      expect(await takeComplaint({ db: db(), actor: colleague, complaintId: id })).toEqual({ ok: false, error: "wrong_status", status: "in_progress" });
      expect(await auditFor("complaint.take", "complaintId", id)).toMatchObject([{ staff_id: moderator.staffId, account_id: reported.accountId, site_id: site.id }]);

      for (const outcome of ["", "  ", "ok", "x".repeat(1001)]) {
        expect(await resolveComplaint({ db: db(), actor: moderator, complaintId: id, outcome })).toMatchObject({ ok: false, error: "outcome" });
      }
      await expect(resolveComplaint({ db: db(), actor: ghost, complaintId: id, outcome: "Warned the member." })).rejects.toThrow();
      expect(await resolveComplaint({ db: db(), actor: moderator, complaintId: id, outcome: "  Warned the member.  " })).toEqual({ ok: true, status: "resolved" });
      const stored = await db().selectFrom("complaints").select(["status", "outcome", "handled_by", "resolved_at"]).where("id", "=", id).executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ status: "resolved", outcome: "Warned the member.", handled_by: moderator.staffId });
      expect(stored.resolved_at).toBeInstanceOf(Date);
      expect(await resolveComplaint({ db: db(), actor: colleague, complaintId: id, outcome: "Again" })).toEqual({ ok: false, error: "wrong_status", status: "resolved" });
      expect(await auditFor("complaint.resolve", "complaintId", id)).toMatchObject([{ staff_id: moderator.staffId, detail: { outcome: "Warned the member." } }]);
      expect(await takeComplaint({ db: db(), actor: moderator, complaintId: 999_999_999 })).toEqual({ ok: false, error: "not_found" });
    });

    it("lists complaints per status and brand, oldest open first", async () => {
      const reporter = await member(other);
      const first = await complaint({ reporter, onSite: other });
      const second = await complaint({ reporter, onSite: other });
      const open = await listComplaints({ db: db(), actor: moderator, status: "open", siteId: other.id });
      expect(open.map((row) => row.id)).toEqual([first, second]);
      expect(open[0]).toMatchObject({ siteId: other.id, status: "open", reporterEmail: expect.stringMatching(/@example\.com$/), reported: null });
      expect((await listComplaints({ db: db(), actor: moderator, status: "in_progress", siteId: other.id })).map((row) => row.id)).toEqual([]);
      const counts = await moderationCounts({ db: db(), sites });
      expect(counts.find((row) => row.site.id === other.id)).toMatchObject({ open: 2, inProgress: 0 });
      await takeComplaint({ db: db(), actor: moderator, complaintId: first });
      expect((await moderationCounts({ db: db(), sites })).find((row) => row.site.id === other.id)).toMatchObject({ open: 1, inProgress: 1 });
    });

    it("counts photos in review per brand", async () => {
      const before = (await moderationCounts({ db: db(), sites })).find((row) => row.site.id === other.id)!.photos;
      const owner = await member(other);
      await photo(owner.profileId, "inspection");
      await photo(owner.profileId, "active");
      expect((await moderationCounts({ db: db(), sites })).find((row) => row.site.id === other.id)!.photos).toBe(before + 1);
    });

    it("shows the reported conversation only through the complaint that names it, recording each reading", async () => {
      const reporter = await member(site, "Reporter");
      const reported = await member(site, "Reported");
      const bystander = await member(site, "Bystander");
      const named = await conversation(reporter.profileId, reported.profileId);
      await conversation(bystander.profileId, reported.profileId);
      const id = await complaint({ reporter, about: reported });

      const detail = await complaintDetail({ db: db(), actor: moderator, complaintId: id });
      expect(detail).toMatchObject({ hasConversation: true, reporter: { accountId: reporter.accountId, profileId: reporter.profileId }, reportedAccountId: reported.accountId });
      expect(await auditFor("complaint.view", "complaintId", id)).toHaveLength(1);
      expect(await auditFor("complaint.messages.view", "complaintId", id)).toEqual([]);

      const read = await complaintConversation({ db: db(), sites, actor: moderator, complaintId: id });
      expect(read?.conversationId).toBe(named);
      expect(read?.messages.map((message) => [message.from, message.body])).toEqual([
        ["reported", `From ${reported.profileId} to ${reporter.profileId}`],
        ["reporter", "Please stop."],
      ]);
      const views = await auditFor("complaint.messages.view", "complaintId", id);
      expect(views).toMatchObject([{ staff_id: moderator.staffId, account_id: reported.accountId, site_id: site.id, detail: { conversationId: named } }]);

      // Another complaint reaches its own conversation or none: the bystander's is never reachable through this one.
      const aboutSomeoneElse = await complaint({ reporter, about: bystander });
      expect(await complaintConversation({ db: db(), sites, actor: moderator, complaintId: aboutSomeoneElse })).toBeUndefined();
      const byVisitor = await complaint({ about: reported });
      expect(await complaintConversation({ db: db(), sites, actor: moderator, complaintId: byVisitor })).toBeUndefined();
      expect((await complaintDetail({ db: db(), actor: moderator, complaintId: byVisitor }))?.hasConversation).toBe(false);
      expect(await complaintConversation({ db: db(), sites, actor: moderator, complaintId: 999_999_999 })).toBeUndefined();
      expect(await auditFor("complaint.messages.view", "complaintId", aboutSomeoneElse)).toEqual([]);

      // Reading it again is another row.
      await complaintConversation({ db: db(), sites, actor: colleague, complaintId: id });
      expect(await auditFor("complaint.messages.view", "complaintId", id)).toHaveLength(2);
    });
  });
});
