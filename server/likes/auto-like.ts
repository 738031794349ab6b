import type { Kysely } from "kysely";
import type { Member } from "../accounts/member";
import type { Database } from "../db/schema";
import { photoUrls, type PhotoUrls } from "../photos/urls";
import { findableProfiles } from "../search/search";
import { defaultFilters } from "../search/state";
import type { Site } from "../sites/schema";

/** At most one new auto-like per member in this window, whatever profile is named; asking again answers the same one. */
export const AUTO_LIKE_EVERY_MS = 60 * 60 * 1000;
/** The newest profiles the pick is made from, so it stays one indexed read. */
const PICK_FROM = 40;

export type AutoLiked = { id: number; name: string; main_image: PhotoUrls | null };

type Input = { site: Site; member: Member; today: string; profileId?: number; now?: Date };

/**
 * An auto-like (§4, §7): a profile the site runs (one without an account) likes the member, to
 * welcome them. Members' own likes are never made up. A given profile is used when it may like
 * the member; otherwise one is chosen among those of the gender the member looks for.
 */
export async function autoLike(db: Kysely<Database>, { site, member, today, profileId, now = new Date() }: Input): Promise<AutoLiked | null> {
  return db.transaction().execute(async (tx) => {
    const candidates = () =>
      findableProfiles(tx, { site, viewerProfileId: member.profileId, today })
        .where("profiles.account_id", "is", null)
        .leftJoin("photos", (join) => join.onRef("photos.id", "=", "profiles.main_photo_id").on("photos.status", "=", "active"))
        .select(["profiles.id", "profiles.name", "photos.filename", "photos.thumb_filename"]);
    // Serialises one member's calls, so two tabs cannot both add one.
    await tx.selectFrom("profiles").select("id").where("id", "=", member.profileId).forUpdate().execute();
    const recent = await tx
      .selectFrom("likes")
      .select("liker_id")
      .where("liked_id", "=", member.profileId)
      .where("source", "=", "auto")
      .where("created_at", ">", new Date(now.getTime() - AUTO_LIKE_EVERY_MS))
      .orderBy("created_at", "desc")
      .executeTakeFirst();

    let chosen;
    if (recent) {
      // Within the hour nothing new is liked, whichever profile the address names: a named profile
      // that already likes the member is shown again, any other gets the hour's auto-like instead.
      const shown = profileId !== undefined && (await likes(tx, profileId, member.profileId)) ? profileId : recent.liker_id;
      chosen = await candidates().where("profiles.id", "=", shown).executeTakeFirst();
    } else if (profileId !== undefined) {
      chosen = await candidates().where("profiles.id", "=", profileId).executeTakeFirst();
    } else {
      const gender = defaultFilters(site, member).gender;
      let query = candidates()
        .where("photos.id", "is not", null)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("likes").select("liker_id").whereRef("likes.liker_id", "=", "profiles.id").where("likes.liked_id", "=", member.profileId)))
        );
      if (gender) query = query.where("profiles.gender", "=", gender);
      const newest = await query.orderBy("profiles.created_at", "desc").limit(PICK_FROM).execute();
      chosen = newest[Math.floor(Math.random() * newest.length)];
    }
    if (!chosen) return null;
    // A like given before stays as it was: its like_new and its source are the member's history.
    if (!recent) {
      await tx
        .insertInto("likes")
        .values({ liker_id: chosen.id, liked_id: member.profileId, source: "auto", created_at: now })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    const image = chosen.filename && chosen.thumb_filename ? photoUrls(site, { filename: chosen.filename, thumb_filename: chosen.thumb_filename }) : null;
    return { id: chosen.id, name: chosen.name, main_image: image };
  });
}

async function likes(db: Kysely<Database>, likerId: number, likedId: number): Promise<boolean> {
  const row = await db.selectFrom("likes").select("liker_id").where("liker_id", "=", likerId).where("liked_id", "=", likedId).executeTakeFirst();
  return row !== undefined;
}
