import type { Kysely } from "kysely";
import type { Database, PhotoStatus } from "../db/schema";
import type { Logger } from "../log";
import type { Site } from "../sites/schema";
import { PHOTO_CONTENT_TYPE, processImage, type ImageError } from "./process";
import { newPhotoKeys, type PhotoStorage } from "./storage";

/** How many photos (in review or live) a member may have (§5, §6, §9). */
export const PHOTO_LIMITS = { free: 3, premium: 25 } as const;

export function photoLimit(paidUser: boolean): number {
  return paidUser ? PHOTO_LIMITS.premium : PHOTO_LIMITS.free;
}

export type Photo = {
  id: number;
  /** Storage keys; photoUrls() turns them into addresses under the site's cdn_prefix. */
  filename: string;
  thumb_filename: string;
  width: number;
  height: number;
  status: PhotoStatus;
  /** Why a moderator refused it ('rejected'): shown to its owner only. */
  rejection_reason: string | null;
  created_at: Date;
  /** Whether this is the profile's main photo (main_image, §3). */
  main: boolean;
};

export type AddPhotoResult =
  | { ok: true; photo: Photo }
  | { ok: false; error: ImageError }
  | { ok: false; error: "limit_reached"; limit: number };

type Db = Kysely<Database>;
type Owner = { siteId: string; profileId: number };

const PHOTO_COLUMNS = ["id", "filename", "thumb_filename", "width", "height", "status", "rejection_reason", "created_at"] as const;

/** Demo profiles share these files; deleting one profile's photo row must not remove them. */
const SHARED_KEY_PREFIX = "demo/";

/**
 * Adds an uploaded file to the member's own profile. The limit is checked cheaply first, so a
 * member at the limit costs no image work; then the file is processed and both files are stored;
 * then one transaction locks the profile, counts again (two uploads at once cannot both pass) and
 * inserts the row: 'inspection' when the site reviews photos, else 'active', which also becomes the
 * main photo when the profile has none. Whatever is refused or fails leaves no file behind.
 */
export async function addPhoto({
  db,
  storage,
  site,
  profileId,
  accountId,
  bytes,
}: {
  db: Db;
  storage: PhotoStorage;
  site: Pick<Site, "id" | "pool" | "photo_review">;
  profileId: number;
  accountId: number;
  bytes: Buffer;
}): Promise<AddPhotoResult> {
  const owner = { siteId: site.id, profileId, accountId };
  const before = await standing(db, owner);
  if (before.count >= before.limit) return { ok: false, error: "limit_reached", limit: before.limit };

  const image = await processImage(bytes);
  if (!image.ok) return image;

  const keys = newPhotoKeys(site.pool);
  const removeFiles = () => removeStored(storage, [keys.filename, keys.thumb_filename]);
  const status: PhotoStatus = site.photo_review ? "inspection" : "active";
  try {
    // Files first: a row never names a file that is not there.
    await Promise.all([
      storage.put(keys.filename, image.full, PHOTO_CONTENT_TYPE),
      storage.put(keys.thumb_filename, image.thumb, PHOTO_CONTENT_TYPE),
    ]);
    const result = await db.transaction().execute(async (tx): Promise<AddPhotoResult> => {
      // The lock comes first, in its own statement: a count in the locking statement would be read
      // from before the wait, and miss the photo a simultaneous upload just added (PostgreSQL).
      await lockProfile(tx, owner);
      const now = await standing(tx, owner);
      if (now.count >= now.limit) return { ok: false, error: "limit_reached", limit: now.limit };
      const row = await tx
        .insertInto("photos")
        .values({ profile_id: profileId, ...keys, width: image.width, height: image.height, status, position: (await lastPosition(tx, profileId)) + 1 })
        .returning(PHOTO_COLUMNS)
        .executeTakeFirstOrThrow();
      const main = status === "active" && now.mainPhotoId === null;
      if (main) await setMain(tx, profileId, row.id);
      return { ok: true, photo: { ...row, main } };
    });
    if (!result.ok) await removeFiles();
    return result;
  } catch (error) {
    await removeFiles();
    throw error;
  }
}

/**
 * Deletes one of the member's own photos: the row stays, marked 'deleted'; the files go. When it
 * was the main photo, the first remaining live photo in the member's order takes its place (or none).
 */
export async function deletePhoto({
  db,
  storage,
  siteId,
  profileId,
  photoId,
  log,
}: Owner & { db: Db; storage: PhotoStorage; photoId: number; log?: Pick<Logger, "warn"> }): Promise<
  { ok: true } | { ok: false; error: "not_found" }
> {
  const deleted = await db.transaction().execute(async (tx) => {
    const profile = await lockProfile(tx, { siteId, profileId });
    if (!profile) return undefined;
    const photo = await tx
      .updateTable("photos")
      .set({ status: "deleted" })
      .where("id", "=", photoId)
      .where("profile_id", "=", profileId)
      .where("status", "<>", "deleted")
      .returning(["filename", "thumb_filename"])
      .executeTakeFirst();
    if (!photo) return undefined;
    if (profile.main_photo_id === photoId) await setMain(tx, profileId, await firstActive(tx, profileId));
    return photo;
  });
  if (!deleted) return { ok: false, error: "not_found" };

  // After commit: a storage failure now only leaves an orphan file, never a row without its file.
  const failures = await removeStored(
    storage,
    [deleted.filename, deleted.thumb_filename].filter((key) => !key.startsWith(SHARED_KEY_PREFIX)),
  );
  if (failures.length > 0) log?.warn({ err: failures[0], photoId }, "deleting photo files failed");
  return { ok: true };
}

/** Where a photo moves in the member's order: one place towards the front or the back, or to the front. */
export type PhotoMove = "earlier" | "later" | "first";

/**
 * Moves one of the member's own photos in their order, in one transaction with the profile locked.
 * The first live photo of the order is the main photo, so a live photo moved to the front becomes
 * it, and the main photo moved back hands the role on. A photo already at the end it moves towards
 * stays where it is.
 */
export async function movePhoto({
  db,
  siteId,
  profileId,
  photoId,
  to,
}: Owner & { db: Db; photoId: number; to: PhotoMove }): Promise<{ ok: true } | { ok: false; error: "not_found" }> {
  return db.transaction().execute(async (tx) => {
    const profile = await lockProfile(tx, { siteId, profileId });
    if (!profile) return { ok: false, error: "not_found" } as const;
    const photos = await orderedPhotos(tx, profileId);
    const from = photos.findIndex((photo) => photo.id === photoId);
    if (from < 0) return { ok: false, error: "not_found" } as const;
    const target = to === "first" ? 0 : Math.min(photos.length - 1, Math.max(0, from + (to === "earlier" ? -1 : 1)));
    const order = photos.map((photo) => photo.id);
    order.splice(target, 0, ...order.splice(from, 1));
    await arrange(tx, { profileId, mainPhotoId: profile.main_photo_id }, photos, order);
    return { ok: true } as const;
  });
}

/**
 * Makes one of the member's own live photos the main photo by moving it to the front of their
 * order; a photo in review cannot be.
 */
export async function setMainPhoto({
  db,
  siteId,
  profileId,
  photoId,
}: Owner & { db: Db; photoId: number }): Promise<{ ok: true } | { ok: false; error: "not_found" | "not_active" }> {
  const photo = await db
    .selectFrom("photos")
    .innerJoin("profiles", "profiles.id", "photos.profile_id")
    .select("photos.status")
    .where("photos.id", "=", photoId)
    .where("photos.profile_id", "=", profileId)
    .where("photos.status", "<>", "deleted")
    .where("profiles.site_id", "=", siteId)
    .executeTakeFirst();
  if (!photo) return { ok: false, error: "not_found" };
  if (photo.status !== "active") return { ok: false, error: "not_active" };
  return movePhoto({ db, siteId, profileId, photoId, to: "first" });
}

/**
 * A profile's photos in the member's order, whose first live photo is the main photo. The owner
 * also sees those in review and those a moderator refused (with the reason), where they stand in
 * the order; everyone else sees only live ones, the main photo first. The caller has already checked that the viewer may see the profile.
 */
export async function photosOf({ db, profileId, viewer }: { db: Db; profileId: number; viewer: "owner" | "other" }): Promise<Photo[]> {
  const rows = await db
    .selectFrom("photos")
    .innerJoin("profiles", "profiles.id", "photos.profile_id")
    .select(PHOTO_COLUMNS.map((column) => `photos.${column}` as const))
    .select("profiles.main_photo_id")
    .where("photos.profile_id", "=", profileId)
    .where("photos.status", "in", viewer === "owner" ? ["inspection", "active", "rejected"] : ["active"])
    .orderBy("photos.position")
    .orderBy("photos.id")
    .execute();
  const photos = rows.map(({ main_photo_id, ...photo }) => ({ ...photo, main: photo.id === main_photo_id }));
  if (viewer === "owner") return photos;
  return [...photos.filter((photo) => photo.main), ...photos.filter((photo) => !photo.main)];
}

/**
 * A moderator's approval of a photo in review: it goes live, and becomes the main photo when it is
 * now the first live photo of the member's order (always so when there was none). Given a
 * transaction (the console writes its audit row in it), it runs there; otherwise in its own. A photo
 * no longer in review (decided by someone faster, or deleted) is not_found, and nothing changes.
 */
export async function approvePhoto({
  db,
  siteId,
  photoId,
}: {
  db: Db;
  siteId: string;
  photoId: number;
}): Promise<{ ok: true; main: boolean } | { ok: false; error: "not_found" }> {
  return inTransaction(db, async (tx) => {
    const photo = await decide(tx, { siteId, photoId, from: "inspection", to: { status: "active", rejection_reason: null } });
    if (!photo) return { ok: false, error: "not_found" } as const;
    const first = await firstActive(tx, photo.profile_id);
    if (first !== photo.main_photo_id) await setMain(tx, photo.profile_id, first);
    return { ok: true, main: first === photoId } as const;
  });
}

/**
 * A moderator's refusal of a photo, with the reason its owner sees in their editor; no one else
 * sees it again. `from` is the state the moderator decided on: a photo in review (the queue), or a
 * live one taken down; a photo in any other state by now is not_found, and nothing changes. A main
 * photo hands the role to the first live photo left in the member's order (or none).
 */
export async function rejectPhoto({
  db,
  siteId,
  photoId,
  reason,
  from = "inspection",
}: {
  db: Db;
  siteId: string;
  photoId: number;
  reason: string;
  from?: "inspection" | "active";
}): Promise<{ ok: true; wasMain: boolean } | { ok: false; error: "not_found" }> {
  return inTransaction(db, async (tx) => {
    const photo = await decide(tx, { siteId, photoId, from, to: { status: "rejected", rejection_reason: reason } });
    if (!photo) return { ok: false, error: "not_found" } as const;
    const wasMain = photo.main_photo_id === photoId;
    if (wasMain) await setMain(tx, photo.profile_id, await firstActive(tx, photo.profile_id));
    return { ok: true, wasMain } as const;
  });
}

/** Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own. */
function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/**
 * Moves a photo of the site out of state `from` with the profile locked, answering its profile and
 * the main photo as they were; undefined when the photo is not (or no longer) in that state. The
 * update names `from` again: a decision that waited on the lock behind another finds the row changed.
 */
async function decide(
  tx: Db,
  { siteId, photoId, from, to }: { siteId: string; photoId: number; from: PhotoStatus; to: { status: PhotoStatus; rejection_reason: string | null } },
) {
  const photo = await tx
    .selectFrom("photos")
    .innerJoin("profiles", "profiles.id", "photos.profile_id")
    .select(["photos.profile_id", "profiles.main_photo_id"])
    .where("photos.id", "=", photoId)
    .where("photos.status", "=", from)
    .where("profiles.site_id", "=", siteId)
    .forUpdate("profiles")
    .executeTakeFirst();
  if (!photo) return undefined;
  const changed = await tx
    .updateTable("photos")
    .set({ ...to, reviewed_at: new Date() })
    .where("id", "=", photoId)
    .where("status", "=", from)
    .returning("id")
    .executeTakeFirst();
  return changed ? photo : undefined;
}

/** The member's photo count and limit (take the profile lock first when deciding on them). */
async function standing(db: Db, { siteId, profileId, accountId }: Owner & { accountId: number }) {
  const row = await db
    .selectFrom("profiles")
    .innerJoin("accounts", "accounts.id", "profiles.account_id")
    .select(["profiles.main_photo_id", "accounts.paid_user"])
    .select((eb) =>
      eb
        .selectFrom("photos")
        .select(eb.fn.countAll<number>().as("count"))
        .where("photos.profile_id", "=", profileId)
        .where("photos.status", "<>", "deleted")
        .as("count"),
    )
    .where("profiles.id", "=", profileId)
    .where("profiles.site_id", "=", siteId)
    .where("profiles.account_id", "=", accountId)
    .executeTakeFirst();
  if (!row) throw new Error(`profile ${profileId} of account ${accountId} is not on site ${siteId}`);
  return { count: Number(row.count ?? 0), limit: photoLimit(row.paid_user), mainPhotoId: row.main_photo_id };
}

async function lockProfile(db: Db, { siteId, profileId }: Owner) {
  return db
    .selectFrom("profiles")
    .select("main_photo_id")
    .where("id", "=", profileId)
    .where("site_id", "=", siteId)
    .forUpdate()
    .executeTakeFirst();
}

/** The main photo's place: the first live photo of the member's order. */
async function firstActive(db: Db, profileId: number): Promise<number | null> {
  const row = await db
    .selectFrom("photos")
    .select("id")
    .where("profile_id", "=", profileId)
    .where("status", "=", "active")
    .orderBy("position")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

async function lastPosition(db: Db, profileId: number): Promise<number> {
  const row = await db
    .selectFrom("photos")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("profile_id", "=", profileId)
    .where("status", "<>", "deleted")
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

type PlacedPhoto = { id: number; status: PhotoStatus; position: number };

async function orderedPhotos(db: Db, profileId: number): Promise<PlacedPhoto[]> {
  return db
    .selectFrom("photos")
    .select(["id", "status", "position"])
    .where("profile_id", "=", profileId)
    .where("status", "<>", "deleted")
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** Numbers the photos 1, 2, … in `order` (writing only what changed) and makes the first live one main. */
async function arrange(db: Db, { profileId, mainPhotoId }: { profileId: number; mainPhotoId: number | null }, photos: PlacedPhoto[], order: number[]): Promise<void> {
  const before = new Map(photos.map((photo) => [photo.id, photo]));
  for (const [index, id] of order.entries()) {
    if (before.get(id)?.position !== index + 1) await db.updateTable("photos").set({ position: index + 1 }).where("id", "=", id).execute();
  }
  const main = order.find((id) => before.get(id)?.status === "active") ?? null;
  if (main !== mainPhotoId) await setMain(db, profileId, main);
}

async function setMain(db: Db, profileId: number, photoId: number | null): Promise<void> {
  await db.updateTable("profiles").set({ main_photo_id: photoId, updated_at: new Date() }).where("id", "=", profileId).execute();
}

/** Removes files, whatever happens to each; answers the failures. */
async function removeStored(storage: PhotoStorage, keys: string[]): Promise<unknown[]> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  return results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
}
