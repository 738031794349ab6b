import type { Kysely } from "kysely";
import type { AccountStatus, Database, Gender, ProfileStatus, Sexuality } from "../db/schema";
import { photoUrls } from "../photos/urls";
import type { Site } from "../sites/schema";

/** The signed-in member as every loader sees it in the request context. */
export type Member = {
  accountId: number;
  profileId: number;
  siteId: string;
  email: string;
  name: string;
  status: AccountStatus;
  profileStatus: ProfileStatus;
  credits: number;
  paidUser: boolean;
  language: string;
  country: string;
  signupDate: Date;
  notificationsDisabled: string[];
  gender: Gender | null;
  sexuality: Sexuality | null;
  /** Presence as loaded with the session: compared, so a request rarely writes it (server/presence). */
  lastSeenAt: Date | null;
  hiddenAt: Date | null;
  /** Storage keys of the main photo, when the member has an active one. */
  mainPhoto: { filename: string; thumb_filename: string } | null;
};

/**
 * The live members of a site (not deleted, not banned by staff), with the columns of Member; callers
 * narrow it down. Sessions resolve through it, so a ban signs the member out at their next request.
 */
export function membersOf(db: Kysely<Database>, siteId: string) {
  return db
    .selectFrom("accounts")
    .innerJoin("profiles", "profiles.account_id", "accounts.id")
    .leftJoin("photos", (join) => join.onRef("photos.id", "=", "profiles.main_photo_id").on("photos.status", "=", "active"))
    .select([
      "accounts.id as accountId",
      "profiles.id as profileId",
      "accounts.site_id as siteId",
      "accounts.email",
      "profiles.name",
      "accounts.status",
      "profiles.status as profileStatus",
      "accounts.credits",
      "accounts.paid_user as paidUser",
      "accounts.language",
      "accounts.country",
      "accounts.created_at as signupDate",
      "accounts.notifications_disabled as notificationsDisabled",
      "profiles.gender",
      "profiles.sexuality",
      "profiles.last_seen_at as lastSeenAt",
      "profiles.hidden_at as hiddenAt",
      "photos.filename as mainFilename",
      "photos.thumb_filename as mainThumbFilename",
    ])
    .where("accounts.site_id", "=", siteId)
    .where("accounts.status", "!=", "deleted")
    .where("accounts.banned_at", "is", null)
    .$narrowType<{ mainFilename: string | null; mainThumbFilename: string | null }>();
}

/** The row of membersOf as the Member every loader sees. */
export function toMember({ mainFilename, mainThumbFilename, ...row }: Awaited<ReturnType<ReturnType<typeof membersOf>["executeTakeFirstOrThrow"]>>): Member {
  return { ...row, mainPhoto: mainFilename && mainThumbFilename ? { filename: mainFilename, thumb_filename: mainThumbFilename } : null };
}

/** The member behind an account of a site, or undefined when it is gone or deleted. */
export async function loadMember(db: Kysely<Database>, { siteId, accountId }: { siteId: string; accountId: number }): Promise<Member | undefined> {
  const row = await membersOf(db, siteId).where("accounts.id", "=", accountId).executeTakeFirst();
  return row && toMember(row);
}

/** The logged-in user of §3, as GET /api/user.php answers it. */
export function userApiShape(member: Member, site: Site) {
  return {
    status: member.status,
    credits: member.credits,
    notifications_disabled: member.notificationsDisabled,
    paid_user: member.paidUser,
    signup_date: member.signupDate.toISOString(),
    language: member.language,
    fictional_icon: site.fictional_warning !== undefined,
    profile: {
      id: member.profileId,
      name: member.name,
      country: member.country,
      status: member.profileStatus,
      main_image: member.mainPhoto && photoUrls(site, member.mainPhoto),
    },
  };
}

export type UserApi = ReturnType<typeof userApiShape>;

/** The language a member reads the site and their e-mails in. */
export async function setMemberLanguage(db: Kysely<Database>, { member, language }: { member: Member; language: string }): Promise<void> {
  await db.updateTable("accounts").set({ language }).where("id", "=", member.accountId).where("site_id", "=", member.siteId).execute();
}
