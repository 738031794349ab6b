import { createCookie } from "@remix-run/node";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { membersOf, toMember, type Member } from "./member";
import { hashToken, randomToken } from "./tokens";

export const AUTH_COOKIE = "auth";
/** The auth cookie and its session live 30 days (§9). */
export const SESSION_SECONDS = 30 * 24 * 60 * 60;

export type SignedIn = { sessionId: string; member: Member };

/**
 * Sessions in the database, named by a random id in a signed cookie: httpOnly, SameSite=Lax, path
 * '/', Secure in production. The first secret signs; the others still verify, so secrets rotate
 * without signing anyone out. Deleting the row revokes the session at once.
 */
export function createSessions({ db, secrets, secure }: { db: Kysely<Database>; secrets: string[]; secure: boolean }) {
  const cookie = createCookie(AUTH_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", maxAge: SESSION_SECONDS, secure, secrets });

  async function sessionIdFrom(cookieHeader: string | null | undefined): Promise<string | undefined> {
    const value: unknown = await cookie.parse(cookieHeader ?? null);
    return typeof value === "string" && value.length > 0 ? value : undefined;
  }

  return {
    /** The signed-in member of this site, when the cookie names a live session of it. */
    async resolve(siteId: string, cookieHeader: string | undefined): Promise<SignedIn | undefined> {
      const sessionId = await sessionIdFrom(cookieHeader);
      if (!sessionId) return undefined;
      // One query on every signed-in request: the session and its member together.
      const row = await membersOf(db, siteId)
        .innerJoin("sessions", "sessions.account_id", "accounts.id")
        .where("sessions.id_hash", "=", hashToken(sessionId))
        .where("sessions.expires_at", ">", new Date())
        .executeTakeFirst();
      return row ? { sessionId, member: toMember(row) } : undefined;
    },

    /** Starts a new session (a new id at every sign-in) and answers the Set-Cookie header for it. */
    async start({ siteId, accountId, replacing }: { siteId: string; accountId: number; replacing?: string }): Promise<string> {
      const sessionId = randomToken();
      await db.transaction().execute(async (tx) => {
        if (replacing) await tx.deleteFrom("sessions").where("id_hash", "=", hashToken(replacing)).execute();
        await tx
          .insertInto("sessions")
          .values({ id_hash: hashToken(sessionId), account_id: accountId, site_id: siteId, expires_at: new Date(Date.now() + SESSION_SECONDS * 1000) })
          .execute();
      });
      return cookie.serialize(sessionId);
    },

    /** Ends a session and answers the Set-Cookie header that clears the cookie. */
    async end(sessionId: string | undefined): Promise<string> {
      if (sessionId) await db.deleteFrom("sessions").where("id_hash", "=", hashToken(sessionId)).execute();
      return cookie.serialize("", { maxAge: 0 });
    },

    /** Ends every session of an account but the one named (after a password reset). */
    async endOthers({ accountId, keep }: { accountId: number; keep?: string }): Promise<void> {
      let query = db.deleteFrom("sessions").where("account_id", "=", accountId);
      if (keep) query = query.where("id_hash", "!=", hashToken(keep));
      await query.execute();
    },

    async purgeExpired(): Promise<void> {
      await db.deleteFrom("sessions").where("expires_at", "<=", new Date()).execute();
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
