import type { Site } from "../sites/schema";

/** The address of a stored file under the site's cdn_prefix ("/media" or an https:// URL), one slash between. */
export function photoUrl(site: Pick<Site, "cdn_prefix">, key: string): string {
  const prefix = site.cdn_prefix.replace(/\/+$/, "");
  const path = key.replace(/^\/+/, "").split("/").map(encodeURIComponent).join("/");
  return `${prefix}/${path}`;
}

export type PhotoUrls = {
  /** The full image (fits within 1600×1600). */
  filename: string;
  /** The 400×400 square thumbnail. */
  thumb_filename: string;
  /** What match cards and the auto-like answer show (§3 main_image.match, §7): the thumbnail. */
  match: string;
};

/**
 * The member-facing shape of a photo (§3 main_image): complete URLs under the site's cdn_prefix, not
 * storage keys, for both files, plus `match`, the URL of the image match cards show (the thumbnail).
 * With cdn_prefix "/media" a key `benelux/ab12….webp` becomes `/media/benelux/ab12….webp`; with
 * "https://cdn.example.com/photos/" it becomes `https://cdn.example.com/photos/benelux/ab12….webp`.
 */
export function photoUrls(site: Pick<Site, "cdn_prefix">, photo: { filename: string; thumb_filename: string }): PhotoUrls {
  const thumb = photoUrl(site, photo.thumb_filename);
  return { filename: photoUrl(site, photo.filename), thumb_filename: thumb, match: thumb };
}
