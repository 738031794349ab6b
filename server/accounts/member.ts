import type { Kysely } from "kysely";
import type { AccountStatus, Database, ProfileStatus } from "../db/schema";

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
};

/** The live (not deleted) members of a site, with the columns of Member; callers narrow it down. */
export function membersOf(db: Kysely<Database>, siteId: string) {
  return db
    .selectFrom("accounts")
    .innerJoin("profiles", "profiles.account_id", "accounts.id")
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
    ])
    .where("accounts.site_id", "=", siteId)
    .where("accounts.status", "!=", "deleted");
}

/** The member behind an account of a site, or undefined when it is gone or deleted. */
export async function loadMember(db: Kysely<Database>, { siteId, accountId }: { siteId: string; accountId: number }): Promise<Member | undefined> {
  return membersOf(db, siteId).where("accounts.id", "=", accountId).executeTakeFirst();
}

/** The logged-in user of §3, as GET /api/user.php answers it. */
export function userApiShape(member: Member, { fictionalIcon }: { fictionalIcon: boolean }) {
  return {
    status: member.status,
    credits: member.credits,
    notifications_disabled: member.notificationsDisabled,
    paid_user: member.paidUser,
    signup_date: member.signupDate.toISOString(),
    language: member.language,
    fictional_icon: fictionalIcon,
    profile: {
      id: member.profileId,
      name: member.name,
      country: member.country,
      status: member.profileStatus,
      // Photos arrive with the profiles work; until then no member has a main photo.
      main_image: null,
    },
  };
}

export type UserApi = ReturnType<typeof userApiShape>;

/** The language a member reads the site and their e-mails in. */
export async function setMemberLanguage(db: Kysely<Database>, { member, language }: { member: Member; language: string }): Promise<void> {
  await db.updateTable("accounts").set({ language }).where("id", "=", member.accountId).where("site_id", "=", member.siteId).execute();
}
