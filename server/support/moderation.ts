import type { Kysely, Transaction } from "kysely";
import type { Database, PhotoStatus } from "../db/schema";
import { approvePhoto, rejectPhoto } from "../photos/photos";
import { photoUrls, type PhotoUrls } from "../photos/urls";
import type { Site } from "../sites/schema";
import { recordAudit, type Actor } from "./audit";
import { REJECTION_REASON_MAX, REJECTION_REASON_MIN } from "./moderation-fields";

/**
 * The photo queue of the support console (issue 17 point 5) and the counts on its home page. Each
 * decision is written with its audit row in one transaction; a decision someone else made first
 * writes nothing and says so. Complaints are in ./complaint-queue.ts.
 */

type Db = Kysely<Database>;
type Sites = { byId(id: string): Site | undefined; all(): Site[] };


/** Where files are served when a brand's file is gone: the schema's default cdn_prefix. */
const DEFAULT_CDN = { cdn_prefix: "/media" };

export type QueuedPhoto = {
  id: number;
  site: { id: string; name: string };
  profile: { id: number; name: string };
  /** Null for a profile without an account (demo members). */
  accountId: number | null;
  /** The language the member reads the site in: a rejection's reason is best written in it. */
  language: string | null;
  urls: PhotoUrls;
  width: number;
  height: number;
  createdAt: Date;
};

export type PhotoQueue = {
  /** The photo to decide on now and the one after it (to preload); fewer at the end of the queue. */
  photos: QueuedPhoto[];
  /** All photos in review (of the brand, when one is chosen), skipped ones too. */
  waiting: number;
};

/**
 * Photos in review, oldest first, of one brand or all; `after` (a photo the moderator skipped)
 * continues the queue behind it. The photo shown to decide on gets its "photo.view" row: a
 * moderator looking at a member's photo is a view of their personal data.
 */
export async function photoQueue({ db, sites, actor, siteId, after }: { db: Db; sites: Sites; actor: Actor; siteId?: string; after?: number }): Promise<PhotoQueue> {
  return db.transaction().execute(async (tx) => {
    const inReview = tx
      .selectFrom("photos")
      .innerJoin("profiles", "profiles.id", "photos.profile_id")
      .leftJoin("accounts", "accounts.id", "profiles.account_id")
      .where("photos.status", "=", "inspection")
      .$if(siteId !== undefined, (query) => query.where("profiles.site_id", "=", siteId as string));
    const cursor = after === undefined ? undefined : await tx.selectFrom("photos").select(["id", "created_at"]).where("id", "=", after).executeTakeFirst();
    const rows = await inReview
      .select([
        "photos.id",
        "photos.filename",
        "photos.thumb_filename",
        "photos.width",
        "photos.height",
        "photos.created_at",
        "profiles.id as profileId",
        "profiles.name as profileName",
        "profiles.account_id as accountId",
        "profiles.site_id as siteId",
        "accounts.language",
      ])
      .$if(cursor !== undefined, (query) =>
        query.where((eb) => eb.or([eb("photos.created_at", ">", cursor!.created_at), eb.and([eb("photos.created_at", "=", cursor!.created_at), eb("photos.id", ">", cursor!.id)])])),
      )
      .orderBy("photos.created_at")
      .orderBy("photos.id")
      .limit(2)
      .execute();
    const { count } = await inReview.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow();
    const [shown] = rows;
    if (shown) {
      await recordAudit(tx, actor, { action: "photo.view", siteId: shown.siteId, accountId: shown.accountId, detail: { photoId: shown.id, profileId: shown.profileId } });
    }
    return {
      waiting: Number(count),
      photos: rows.map((row) => {
        const site = sites.byId(row.siteId);
        return {
          id: row.id,
          site: { id: row.siteId, name: site?.name ?? row.siteId },
          profile: { id: row.profileId, name: row.profileName },
          accountId: row.accountId,
          language: row.language,
          urls: photoUrls(site ?? DEFAULT_CDN, row),
          width: row.width,
          height: row.height,
          createdAt: row.created_at,
        };
      }),
    };
  });
}

export type PhotoDecision = { approve: true } | { reject: string };

export type Decided =
  | { ok: true; decision: "approved" | "rejected"; profileName: string }
  /** Someone decided first (approved, rejected), the member deleted it, or there is no such photo. */
  | { ok: false; error: "already_decided"; status: PhotoStatus }
  | { ok: false; error: "not_found" }
  | { ok: false; error: "reason"; message: string };

/** The reason a member reads, trimmed; a message for the moderator when it is too short or too long. */
export function checkRejectionReason(reason: string): { ok: true; reason: string } | { ok: false; message: string } {
  const text = reason.trim();
  if (text.length < REJECTION_REASON_MIN || text.length > REJECTION_REASON_MAX) {
    return { ok: false, message: `Give the member a reason: ${REJECTION_REASON_MIN} to ${REJECTION_REASON_MAX} characters.` };
  }
  return { ok: true, reason: text };
}

/**
 * Approves a photo in review, or rejects it with the reason its owner sees (a live photo too, when
 * `from` says so: a photo taken down after a complaint). One transaction holds the decision and its
 * "photo.approve" or "photo.reject" row; when the photo is no longer in the state decided on,
 * nothing is written and the answer names its state now.
 */
export async function decidePhoto({
  db,
  actor,
  photoId,
  decision,
  from = "inspection",
}: {
  db: Db;
  actor: Actor;
  photoId: number;
  decision: PhotoDecision;
  from?: "inspection" | "active";
}): Promise<Decided> {
  let reason: string | undefined;
  if ("reject" in decision) {
    const checked = checkRejectionReason(decision.reject);
    if (!checked.ok) return { ok: false, error: "reason", message: checked.message };
    reason = checked.reason;
  }
  return db.transaction().execute(async (tx): Promise<Decided> => {
    const photo = await photoOwner(tx, photoId);
    if (!photo) return { ok: false, error: "not_found" };
    const where = { db: tx, siteId: photo.siteId, photoId };
    const done = reason === undefined ? await approvePhoto(where) : await rejectPhoto({ ...where, reason, from });
    if (!done.ok) {
      // Read after the decision's lock: the state the faster decision left.
      const now = await photoOwner(tx, photoId);
      return now ? { ok: false, error: "already_decided", status: now.status } : { ok: false, error: "not_found" };
    }
    await recordAudit(tx, actor, {
      action: reason === undefined ? "photo.approve" : "photo.reject",
      siteId: photo.siteId,
      accountId: photo.accountId,
      detail: { photoId, profileId: photo.profileId, ...(reason === undefined ? {} : { reason, from, wasMain: "wasMain" in done && done.wasMain }) },
    });
    return { ok: true, decision: reason === undefined ? "approved" : "rejected", profileName: photo.profileName };
  });
}

/** Whose photo it is and its state, read without locks (the decision takes them). */
function photoOwner(tx: Transaction<Database>, photoId: number) {
  return tx
    .selectFrom("photos")
    .innerJoin("profiles", "profiles.id", "photos.profile_id")
    .select(["photos.status", "profiles.id as profileId", "profiles.name as profileName", "profiles.account_id as accountId", "profiles.site_id as siteId"])
    .where("photos.id", "=", photoId)
    .executeTakeFirst();
}

export type BrandCounts = { site: { id: string; name: string }; photos: number; open: number; inProgress: number };

/**
 * The console home's numbers, per brand (every brand of the registry, zeros too, and any brand
 * that has rows but no file any more): photos in review, open complaints, complaints in progress.
 */
export async function moderationCounts({ db, sites }: { db: Db; sites: Sites }): Promise<BrandCounts[]> {
  const [photos, complaints] = await Promise.all([
    db
      .selectFrom("photos")
      .innerJoin("profiles", "profiles.id", "photos.profile_id")
      .select(["profiles.site_id as siteId", (eb) => eb.fn.countAll<number>().as("count")])
      .where("photos.status", "=", "inspection")
      .groupBy("profiles.site_id")
      .execute(),
    db
      .selectFrom("complaints")
      .select(["site_id as siteId", "status", (eb) => eb.fn.countAll<number>().as("count")])
      .where("status", "in", ["open", "in_progress"])
      .groupBy(["site_id", "status"])
      .execute(),
  ]);
  const counts = new Map<string, BrandCounts>();
  const of = (siteId: string) => {
    let row = counts.get(siteId);
    if (!row) counts.set(siteId, (row = { site: { id: siteId, name: sites.byId(siteId)?.name ?? siteId }, photos: 0, open: 0, inProgress: 0 }));
    return row;
  };
  for (const site of sites.all()) of(site.id);
  for (const row of photos) of(row.siteId).photos = Number(row.count);
  for (const row of complaints) of(row.siteId)[row.status === "open" ? "open" : "inProgress"] = Number(row.count);
  return [...counts.values()].sort((a, b) => a.site.name.localeCompare(b.site.name));
}
