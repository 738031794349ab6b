import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { keptSecret } from "../kept-secret";
import { normaliseIban } from "./iban";

/**
 * Bank details at rest: IBANs are stored encrypted with AES-256-GCM, and looked up (blocks, the
 * monthly limit) by a keyed HMAC, so the table holds nothing a reader could use or test guesses
 * against. Both keys come from one master key: IBAN_KEY (32 bytes, base64) in production, else a
 * secret kept in DATA_DIR. Without a key under production's rules the vault is closed: it refuses
 * to encrypt, and the brands offer no direct debit.
 */
export type IbanVault = {
  /** False in production without IBAN_KEY. */
  readonly open: boolean;
  readonly encryptionKey: Buffer;
  readonly hashKey: Buffer;
};

const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const AAD = Buffer.from("amora iban");

export class IbanVaultClosed extends Error {
  override name = "IbanVaultClosed";
  constructor() {
    super("IBAN_KEY is not set: bank details cannot be stored or read");
  }
}

/** The master key as IBAN_KEY gives it: exactly 32 bytes in base64 (or base64url). */
export function parseIbanKey(value: string): Buffer | undefined {
  const bytes = Buffer.from(value.trim(), /[-_]/.test(value) ? "base64url" : "base64");
  return bytes.length === 32 ? bytes : undefined;
}

function fromMasterKey(master: Buffer): IbanVault {
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `amora direct debit ${purpose}`, 32));
  return { open: true, encryptionKey: derive("iban encryption"), hashKey: derive("lookup hash") };
}

const CLOSED: IbanVault = { open: false, encryptionKey: Buffer.alloc(0), hashKey: Buffer.alloc(0) };

/** The vault of this process: IBAN_KEY when set, else (never under production's rules) a key kept in DATA_DIR. */
export async function openIbanVault({ ibanKey, dataDir, production }: { ibanKey: string | undefined; dataDir: string; production: boolean }): Promise<IbanVault> {
  if (ibanKey) {
    const master = parseIbanKey(ibanKey);
    if (!master) throw new Error("IBAN_KEY must be 32 bytes in base64 (openssl rand -base64 32)");
    return fromMasterKey(master);
  }
  if (production) return CLOSED;
  const kept = await keptSecret(dataDir, "iban-key");
  return fromMasterKey(Buffer.from(kept, "base64url").subarray(0, 32));
}

function requireOpen(vault: IbanVault) {
  if (!vault.open) throw new IbanVaultClosed();
}

/** "v1." and base64url of the random IV, the GCM tag and the ciphertext of the normalised IBAN. */
export function encryptIban(vault: IbanVault, iban: string): string {
  requireOpen(vault);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", vault.encryptionKey, iv);
  cipher.setAAD(AAD);
  const ciphertext = Buffer.concat([cipher.update(normaliseIban(iban), "utf8"), cipher.final()]);
  return `${FORMAT}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url")}`;
}

/** The IBAN a stored value holds; throws when it was not made with this vault's key or was altered. */
export function decryptIban(vault: IbanVault, stored: string): string {
  requireOpen(vault);
  const [format, body] = stored.split(".");
  if (format !== FORMAT || !body) throw new Error("not an encrypted IBAN");
  const bytes = Buffer.from(body, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", vault.encryptionKey, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(AAD);
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** A keyed hash for looking a value up without storing it; the purpose keeps the kinds apart. */
function keyedHash(vault: IbanVault, purpose: string, value: string): string {
  requireOpen(vault);
  return createHmac("sha256", vault.hashKey).update(`${purpose}\u0000${value}`).digest("hex");
}

/** The lookup hash of an IBAN (blocks, the per-IBAN monthly limit): the same for every way of typing it. */
export const ibanHash = (vault: IbanVault, iban: string) => keyedHash(vault, "iban", normaliseIban(iban));

/** The lookup hash of a phone number in E.164 (blocks). */
export const phoneHash = (vault: IbanVault, phone: string) => keyedHash(vault, "phone", phone);

/** The stored form of an SMS code, bound to its mandate so a hash cannot be moved to another. */
export const codeHash = (vault: IbanVault, mandateReference: string, code: string) => keyedHash(vault, `code ${mandateReference}`, code);

/** Whether a typed code is the one a hash was made of, compared in constant time. */
export function codeMatches(vault: IbanVault, mandateReference: string, code: string, stored: string): boolean {
  const given = Buffer.from(codeHash(vault, mandateReference, code), "hex");
  const expected = Buffer.from(stored, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What a member recognises their account by: "NL91 •••• •••• 4300". */
export function maskIban(iban: string): string {
  const normal = normaliseIban(iban);
  return `${normal.slice(0, 4)} •••• •••• ${normal.slice(-4)}`;
}
