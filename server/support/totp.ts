import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after is still taken: a phone's clock a little off, a code typed as it turned. */
const WINDOW = 1;
const ISSUER = "Amora support";

function totp(secret: string, email = "") {
  return new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: DIGITS, period: PERIOD_SECONDS });
}

/** A secret of 20 given bytes, 160 bits as RFC 4226 recommends, in base32 as apps take it. */
export function totpSecretFromBytes(bytes: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(bytes.subarray(0, 20)).buffer }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export function otpauthUri({ secret, email }: { secret: string; email: string }): string {
  return totp(secret, email).toString();
}

/** The URI as an inline SVG QR code (no image request, nothing sent elsewhere). */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The secret in groups of four, easier to type than to read as one word. */
export function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * The time step a code belongs to, if it is right for the secret within the window; undefined
 * otherwise. The caller refuses a step already used (see staff_accounts.totp_last_step).
 */
export function totpStep({ secret, code, now = Date.now() }: { secret: string; code: string; now?: number }): number | undefined {
  const token = code.replace(/\s/g, "");
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(token)) return undefined;
  const delta = totp(secret).validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? undefined : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

/** The code of a moment (tests, and nothing else, need it). */
export function totpCode({ secret, now = Date.now() }: { secret: string; now?: number }): string {
  return totp(secret).generate({ timestamp: now });
}

/** A new random secret for an authenticator app. */
export function randomTotpSecret(): string {
  return totpSecretFromBytes(randomBytes(20));
}
