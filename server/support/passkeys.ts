import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { hashToken } from "../accounts/tokens";
import type { Bus } from "../bus";
import type { Database } from "../db/schema";
import { recordAudit, type Actor } from "./audit";

/**
 * WebAuthn for staff: passkeys as the second factor (the password stays the first). The relying
 * party is the console's own host, so a passkey made here is good nowhere else.
 *
 * The challenge of a ceremony waits on the server in the bus's cache (Redis when there is one),
 * keyed by the hash of the session that asked for it, for five minutes, and is taken out when the
 * answer comes. The cache rather than a table row: it expires by itself, every instance sees it,
 * and losing it costs nothing but a retry (the person presses the button again).
 */

const RP_NAME = "Amora support";
/** How long the browser's ceremony may take, and so how long its challenge is kept. */
const CEREMONY_SECONDS = 5 * 60;
export const PASSKEY_NAME_MAX = 60;

type Db = Kysely<Database>;
type Ceremony = "registration" | "authentication";

export type RelyingParty = { rpID: string; origin: string };

/** The console's origin as WebAuthn wants it: the host name (no port) as the RP id, the full origin to check. */
export function relyingParty(origin: string): RelyingParty {
  return { rpID: new URL(origin).hostname, origin };
}

const challengeKey = (ceremony: Ceremony, sessionId: string) => `staff-webauthn:${ceremony}:${hashToken(sessionId)}`;

async function keepChallenge(bus: Bus, ceremony: Ceremony, sessionId: string, challenge: string) {
  await bus.cacheSet(challengeKey(ceremony, sessionId), challenge, CEREMONY_SECONDS);
}

/** The session's challenge for the ceremony, once: a second answer to it finds none. */
async function takeChallenge(bus: Bus, ceremony: Ceremony, sessionId: string): Promise<string | undefined> {
  const key = challengeKey(ceremony, sessionId);
  const challenge = await bus.cacheGet<string>(key);
  await bus.cacheDelete(key);
  return challenge;
}

export type PasskeySummary = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

export async function listPasskeys(db: Db, staffId: number): Promise<PasskeySummary[]> {
  const rows = await db.selectFrom("staff_passkeys").select(["id", "name", "created_at", "last_used_at"]).where("staff_id", "=", staffId).orderBy("created_at").execute();
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at }));
}

export async function hasPasskeys(db: Db, staffId: number): Promise<boolean> {
  return (await db.selectFrom("staff_passkeys").select("id").where("staff_id", "=", staffId).limit(1).executeTakeFirst()) !== undefined;
}

/** Options for adding a passkey to the signed-in account; its existing passkeys are excluded. */
export async function registrationOptions(
  { db, bus }: { db: Db; bus: Bus },
  { staff, sessionId, rp }: { staff: { id: number; email: string }; sessionId: string; rp: RelyingParty },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.selectFrom("staff_passkeys").select(["id", "transports"]).where("staff_id", "=", staff.id).execute();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: staff.email,
    // A stable handle that says nothing about the person: the account id, not the address.
    userID: new TextEncoder().encode(`staff-${staff.id}`),
    timeout: CEREMONY_SECONDS * 1000,
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports as never })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(bus, "registration", sessionId, options.challenge);
  return options;
}

export type PasskeyResult = { status: "ok" } | { status: "failed"; message: string };

/** Checks the browser's answer and keeps the new passkey, with its audit row in the same transaction. */
export async function finishRegistration(
  { db, bus }: { db: Db; bus: Bus },
  { staffId, sessionId, rp, response, name, actor }: { staffId: number; sessionId: string; rp: RelyingParty; response: unknown; name: string; actor: Actor },
): Promise<PasskeyResult> {
  const expectedChallenge = await takeChallenge(bus, "registration", sessionId);
  if (!expectedChallenge) return { status: "failed", message: "The passkey request expired. Try again." };
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    return { status: "failed", message: "The passkey could not be checked. Try again." };
  }
  if (!verification.verified) return { status: "failed", message: "The passkey could not be checked. Try again." };
  const { credential } = verification.registrationInfo;
  const label = name.trim().slice(0, PASSKEY_NAME_MAX) || "Passkey";
  return db.transaction().execute(async (tx): Promise<PasskeyResult> => {
    const taken = await tx.selectFrom("staff_passkeys").select("id").where("id", "=", credential.id).executeTakeFirst();
    if (taken) return { status: "failed", message: "This passkey is already registered." };
    await tx
      .insertInto("staff_passkeys")
      .values({ id: credential.id, staff_id: staffId, public_key: credential.publicKey, counter: credential.counter, transports: credential.transports ?? [], name: label })
      .execute();
    await recordAudit(tx, actor, { action: "staff.passkey.add", detail: { name: label } });
    return { status: "ok" };
  });
}

/** Removes one of the account's own passkeys. */
export async function removePasskey(db: Db, { staffId, id, actor }: { staffId: number; id: string; actor: Actor }): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const removed = await tx.deleteFrom("staff_passkeys").where("id", "=", id).where("staff_id", "=", staffId).returning("name").executeTakeFirst();
    if (!removed) return false;
    await recordAudit(tx, actor, { action: "staff.passkey.remove", detail: { name: removed.name } });
    return true;
  });
}

/** Options for the second step of signing in with one of the account's passkeys. */
export async function authenticationOptions(
  { db, bus }: { db: Db; bus: Bus },
  { staffId, sessionId, rp }: { staffId: number; sessionId: string; rp: RelyingParty },
): Promise<PublicKeyCredentialRequestOptionsJSON | undefined> {
  const passkeys = await db.selectFrom("staff_passkeys").select(["id", "transports"]).where("staff_id", "=", staffId).execute();
  if (passkeys.length === 0) return undefined;
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.id, transports: passkey.transports as never })),
    timeout: CEREMONY_SECONDS * 1000,
    userVerification: "preferred",
  });
  await keepChallenge(bus, "authentication", sessionId, options.challenge);
  return options;
}

/**
 * Checks a passkey's signature for the second step: the passkey must be this account's, and its
 * signature counter (where the authenticator keeps one) must move on. The counter, the last use
 * and the sign-in's audit row are written together.
 */
export async function finishAuthentication(
  { db, bus }: { db: Db; bus: Bus },
  { staffId, sessionId, rp, response, ip }: { staffId: number; sessionId: string; rp: RelyingParty; response: unknown; ip: string },
): Promise<PasskeyResult> {
  const expectedChallenge = await takeChallenge(bus, "authentication", sessionId);
  if (!expectedChallenge) return { status: "failed", message: "The passkey request expired. Try again." };
  const answer = response as AuthenticationResponseJSON;
  const credentialId = typeof answer?.id === "string" ? answer.id : "";
  const passkey = await db.selectFrom("staff_passkeys").selectAll().where("id", "=", credentialId).where("staff_id", "=", staffId).executeTakeFirst();
  if (!passkey) return { status: "failed", message: "This passkey does not belong to this account." };
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: { id: passkey.id, publicKey: new Uint8Array(passkey.public_key), counter: passkey.counter, transports: passkey.transports as never },
      requireUserVerification: false,
    });
  } catch {
    return { status: "failed", message: "The passkey could not be checked. Try again." };
  }
  if (!verification.verified) return { status: "failed", message: "The passkey could not be checked. Try again." };
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("staff_passkeys")
      .set({ counter: verification.authenticationInfo.newCounter, last_used_at: new Date() })
      .where("id", "=", passkey.id)
      .execute();
    await recordAudit(tx, { staffId, ip }, { action: "staff.sign-in", detail: { factor: "passkey", passkey: passkey.name } });
  });
  return { status: "ok" };
}
