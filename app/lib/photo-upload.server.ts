import type { AppLoadContext } from "@remix-run/node";
import type { Member } from "../../server/accounts/member";
import { addPhoto, photoLimit } from "../../server/photos/photos";
import { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES } from "../../server/photos/process";
import { readPhotoUpload } from "../../server/photos/upload";

/** The values the photo messages name: the limits of size and pixels, and premium's photo limit. */
export const PHOTO_LIMIT_VALUES = { megabytes: MAX_UPLOAD_BYTES / 1024 / 1024, megapixels: MAX_INPUT_PIXELS / 1_000_000, premium: photoLimit(true) };

export type PhotoOutcome = { ok: boolean; message: string; values?: Record<string, number> };

/** Adds the photo a member's multipart form carries, and says how it went (a key of the photos catalogue). */
export async function uploadPhoto(context: AppLoadContext, member: Member, request: Request): Promise<PhotoOutcome> {
  const upload = await readPhotoUpload(request);
  if (!upload.ok) return { ok: false, message: `photos:error.${upload.error}`, values: PHOTO_LIMIT_VALUES };
  const { site, services } = context;
  const added = await addPhoto({ db: services.store.db, storage: services.photos, site, profileId: member.profileId, accountId: member.accountId, bytes: upload.bytes });
  if (added.ok) return { ok: true, message: added.photo.status === "inspection" ? "photos:added.inspection" : "photos:added.active" };
  const message = added.error === "limit_reached" && !member.paidUser ? "photos:error.limit_reached_free" : `photos:error.${added.error}`;
  return { ok: false, message, values: PHOTO_LIMIT_VALUES };
}
