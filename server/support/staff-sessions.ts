import { createCookie } from "@remix-run/node";
import { sql, type Kysely } from "kysely";
import { hashToken, randomToken } from "../accounts/tokens";
import type { Database } from "../db/schema";
import type { SignedInStaff } from "./console-context";

/** A staff session ends this long after it began, however busy. */
export const STAFF_SESSION_MS = 12 * 60 * 60 * 1000;
/** …or this long after its last request. */
export const STAFF_IDLE_MS = 30 * 60 * 1000;
/** The second factor must follow the password within this time. */
export const SECOND_FACTOR_MS = 10 * 60 * 1000;
/** last_seen_at is written at most this often: not one write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * Staff sessions: like members' (a random id in a signed cookie, only its hash stored), but on the
 * support host only, SameSite=Strict, and short: 12 h at most, 30 min idle. Under Secure the
 * cookie is `__Host-` prefixed, so it is bound to the support host and no subdomain can set it.
 */
export function createStaffSessions({ db, secrets, secure }: { db: Kysely<Database>; secrets: string[]; secure: boolean }) {
  const cookie = createCookie(secure ? "__Host-staff" : "staff", { httpOnly: true, sameSite: "strict", path: "/", secure, secrets });

  async function sessionIdFrom(cookieHeader: string | null | undefined): Promise<string | undefined> {
    const value: unknown = await cookie.parse(cookieHeader ?? null);
    return typeof value === "string" && value.length > 0 ? value : undefined;
  }

  return {
    cookieName: cookie.name,

    /** The staff member the cookie names, while the session is alive and the account enabled. */
    async resolve(cookieHeader: string | undefined, now = new Date()): Promise<SignedInStaff | undefined> {
      const sessionId = await sessionIdFrom(cookieHeader);
      if (!sessionId) return undefined;
      const idHash = hashToken(sessionId);
      const row = await db
        .selectFrom("staff_sessions")
        .innerJoin("staff_accounts", "staff_accounts.id", "staff_sessions.staff_id")
        .select(["staff_accounts.id", "staff_accounts.email", "staff_accounts.role", "staff_sessions.verified_at", "staff_sessions.last_seen_at", "staff_sessions.created_at"])
        .where("staff_sessions.id_hash", "=", idHash)
        .where("staff_sessions.expires_at", ">", now)
        .where("staff_sessions.last_seen_at", ">", new Date(now.getTime() - STAFF_IDLE_MS))
        .where("staff_accounts.disabled_at", "is", null)
        .executeTakeFirst();
      if (!row) return undefined;
      const verified = row.verified_at !== null;
      if (!verified && now.getTime() - row.created_at.getTime() > SECOND_FACTOR_MS) return undefined;
      if (now.getTime() - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
        await db.updateTable("staff_sessions").set({ last_seen_at: now }).where("id_hash", "=", idHash).execute();
      }
      return { id: row.id, email: row.email, role: row.role, sessionId, verified };
    },

    /**
     * Starts a session (a new id at each step, so an id seen before the second factor is worth
     * nothing after it) and answers its Set-Cookie header.
     */
    async start({ staffId, ip, verified, replacing }: { staffId: number; ip: string; verified: boolean; replacing?: string }): Promise<string> {
      const sessionId = randomToken();
      const now = new Date();
      await db.transaction().execute(async (tx) => {
        if (replacing) await tx.deleteFrom("staff_sessions").where("id_hash", "=", hashToken(replacing)).execute();
        await tx
          .insertInto("staff_sessions")
          .values({ id_hash: hashToken(sessionId), staff_id: staffId, ip, verified_at: verified ? now : null, last_seen_at: now, expires_at: new Date(now.getTime() + STAFF_SESSION_MS) })
          .execute();
      });
      return cookie.serialize(sessionId);
    },

    /** Ends a session and answers the Set-Cookie header that clears the cookie. */
    async end(sessionId: string | undefined): Promise<string> {
      if (sessionId) await db.deleteFrom("staff_sessions").where("id_hash", "=", hashToken(sessionId)).execute();
      return cookie.serialize("", { maxAge: 0 });
    },

    /** Ends every session of a staff account (disabled, or its factors changed). */
    async endAll(staffId: number): Promise<void> {
      await db.deleteFrom("staff_sessions").where("staff_id", "=", staffId).execute();
    },

    async purgeExpired(now = new Date()): Promise<void> {
      await db
        .deleteFrom("staff_sessions")
        .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<=", sql<Date>`${new Date(now.getTime() - STAFF_IDLE_MS)}`)]))
        .execute();
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
