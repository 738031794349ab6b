import { sql, type Kysely } from "kysely";
import { blockedFor, type AccountLimits } from "../accounts/limits";
import { loginAccountKey } from "../accounts/login";
import type { Database } from "../db/schema";
import { recordAudit, type Actor } from "./audit";

/**
 * What support staff read about members: the search within one brand and a member's page. Every
 * read of personal data writes its audit row in the same transaction as the reads, so no one sees a
 * member without the trail saying so. The measures staff take are in ./member-measures.ts.
 */

export const SEARCH_LIMIT = 50;
export const LEDGER_LIMIT = 100;

export type MemberHit = {
  accountId: number;
  profileId: number | null;
  email: string;
  name: string | null;
  status: string;
  profileStatus: string | null;
  bannedAt: Date | null;
  createdAt: Date;
};

/** A LIKE pattern that matches the text literally at the start. */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * Members of one brand by e-mail (exact or prefix), account or profile id (a number), or profile
 * name (prefix, any case); at most SEARCH_LIMIT, newest first. An empty query finds nothing.
 */
export async function searchMembers({ db, actor, siteId, query }: { db: Kysely<Database>; actor: Actor; siteId: string; query: string }): Promise<MemberHit[]> {
  const text = query.trim().slice(0, 254);
  if (!text) return [];
  return db.transaction().execute(async (tx) => {
    let search = tx
      .selectFrom("accounts")
      .leftJoin("profiles", "profiles.account_id", "accounts.id")
      .select([
        "accounts.id as accountId",
        "profiles.id as profileId",
        "accounts.email",
        "profiles.name",
        "accounts.status",
        "profiles.status as profileStatus",
        "accounts.banned_at as bannedAt",
        "accounts.created_at as createdAt",
      ])
      .where("accounts.site_id", "=", siteId);
    // Account ids count up; profile ids are 16-digit random numbers (still safe integers).
    const id = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isSafeInteger(id)) {
      search = search.where((eb) => eb.or([eb("accounts.id", "=", id), eb("profiles.id", "=", id)]));
    } else {
      const pattern = prefixPattern(text.toLowerCase());
      search = search.where((eb) => eb.or([eb("accounts.email", "like", pattern), eb(sql`lower(profiles.name)`, "like", pattern)]));
    }
    const hits = await search.orderBy("accounts.id", "desc").limit(SEARCH_LIMIT).execute();
    await recordAudit(tx, actor, { action: "member.search", siteId, detail: { query: text, results: hits.length } });
    return hits;
  });
}

/** A member's page: who they are, what they did and what was done to them. */
export async function memberPage({
  db,
  actor,
  limits,
  siteId,
  accountId,
  withMoney,
}: {
  db: Kysely<Database>;
  actor: Actor;
  limits: Pick<AccountLimits, "loginAccount">;
  siteId: string;
  accountId: number;
  /** The ledger and payments: only for roles with money:view. */
  withMoney: boolean;
}) {
  const page = await db.transaction().execute(async (tx) => {
    const account = await tx
      .selectFrom("accounts")
      .select(["id", "email", "status", "activated_at", "banned_at", "created_at", "language", "country", "credits", "paid_user", "purchases_blocked_at"])
      .where("id", "=", accountId)
      .where("site_id", "=", siteId)
      .executeTakeFirst();
    if (!account) return undefined;
    const profile = await tx
      .selectFrom("profiles")
      .select(["id", "name", "status", "region", "city", "about_me", "invisible"])
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    const photos = profile
      ? await tx.selectFrom("photos").select(["id", "status", "rejection_reason", "created_at", "reviewed_at", "thumb_filename"]).where("profile_id", "=", profile.id).orderBy("id").execute()
      : [];
    const sessions = await tx.selectFrom("sessions").select(["created_at", "expires_at"]).where("account_id", "=", accountId).orderBy("created_at", "desc").execute();
    const complaintColumns = ["complaints.id", "complaints.reason", "complaints.message", "complaints.status", "complaints.outcome", "complaints.created_at"] as const;
    const complaintsBy = await tx.selectFrom("complaints").select(complaintColumns).where("reporter_account_id", "=", accountId).orderBy("id", "desc").limit(50).execute();
    const complaintsAbout = profile
      ? await tx.selectFrom("complaints").select(complaintColumns).where("profile_id", "=", profile.id).orderBy("id", "desc").limit(50).execute()
      : [];
    const blocked = profile ? await blocksOf(tx, { profileId: profile.id, side: "blocker" }) : [];
    const blockedBy = profile ? await blocksOf(tx, { profileId: profile.id, side: "blocked" }) : [];
    const money = withMoney
      ? {
          ledger: await tx
            .selectFrom("credit_ledger")
            .select(["id", "delta", "balance_after", "reason", "idempotency_key", "created_at"])
            .where("account_id", "=", accountId)
            .orderBy("id", "desc")
            .limit(LEDGER_LIMIT)
            .execute(),
          payments: await tx
            .selectFrom("payments")
            .select([
              "id",
              "package",
              "credits",
              "amount",
              "currency",
              "method",
              "provider",
              "status",
              "created_at",
              "paid_at",
              "credits_taken_back",
              "credits_not_taken_back",
              "refund_requested_at",
            ])
            .where("account_id", "=", accountId)
            .orderBy("id", "desc")
            .limit(LEDGER_LIMIT)
            .execute(),
        }
      : undefined;
    await recordAudit(tx, actor, { action: "member.view", siteId, accountId, detail: withMoney ? { money: true } : {} });
    return { account, profile, photos, sessions, complaintsBy, complaintsAbout, blocked, blockedBy, money };
  });
  if (!page) return undefined;
  // The limiter lives in the bus (Redis or in-process), not in the database: read after the view is recorded.
  const lockedMs = await blockedFor(limits.loginAccount, loginAccountKey(siteId, page.account.email));
  return { ...page, lockout: { lockedMinutes: lockedMs > 0 ? Math.max(1, Math.ceil(lockedMs / 60_000)) : 0 } };
}

export type MemberPage = NonNullable<Awaited<ReturnType<typeof memberPage>>>;

/** The members a profile blocked (side "blocker"), or those who blocked it (side "blocked"), newest first. */
function blocksOf(db: Kysely<Database>, { profileId, side }: { profileId: number; side: "blocker" | "blocked" }) {
  const other = side === "blocker" ? "blocks.blocked_id" : "blocks.blocker_id";
  const own = side === "blocker" ? "blocks.blocker_id" : "blocks.blocked_id";
  return db
    .selectFrom("blocks")
    .innerJoin("profiles", "profiles.id", other)
    .select(["profiles.id as profileId", "profiles.name", "profiles.account_id as accountId", "blocks.created_at"])
    .where(own, "=", profileId)
    .orderBy("blocks.created_at", "desc")
    .execute();
}
