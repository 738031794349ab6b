import type { AppLoadContext } from "@remix-run/node";
import type { Member } from "../../server/accounts/member";
import { addPhoto, photoLimit } from "../../server/photos/photos";
import { MAX_INPUT_PIXELS, MAX_UPLOAD_BYTES } from "../../server/photos/process";
import { readPhotoUpload } from "../../server/photos/upload";

/** The numbers the photo messages name. */
export const PHOTO_LIMIT_VALUES = { megabytes: MAX_UPLOAD_BYTES / 1024 / 1024, megapixels: MAX_INPUT_PIXELS / 1_000_000, premium: photoLimit(true) };

/** What an upload came to: a catalogue key and its values, translated by the page in the visitor's language. */
export type PhotoOutcome = { ok: boolean; message: string; values?: Record<string, number> };

/**
 * Reads one photo from a multipart request and adds it to the member's own profile: the profile
 * page's form without JavaScript, the upload with a progress bar (/api/photos) and the first step
 * after activation (/activate/done) all come here.
 */
export async function uploadOwnPhoto(request: Request, context: AppLoadContext, member: Member): Promise<PhotoOutcome> {
  const upload = await readPhotoUpload(request);
  if (!upload.ok) return { ok: false, message: `photos:error.${upload.error}`, values: PHOTO_LIMIT_VALUES };
  const added = await addPhoto({
    db: context.services.store.db,
    storage: context.services.photos,
    site: context.site,
    profileId: member.profileId,
    accountId: member.accountId,
    bytes: upload.bytes,
  });
  if (added.ok) return { ok: true, message: added.photo.status === "inspection" ? "photos:added.inspection" : "photos:added.active" };
  const message = added.error === "limit_reached" && !member.paidUser ? "photos:error.limit_reached_free" : `photos:error.${added.error}`;
  return { ok: false, message, values: PHOTO_LIMIT_VALUES };
}
