import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: for session ids and e-mailed links. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: enough to find it, never enough to use it. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
