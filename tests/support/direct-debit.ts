import { randomInt } from "node:crypto";
import { composeIBAN } from "ibantools";
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema";
import { blockForDirectDebit } from "../../server/directdebit/checks";
import type { IbanVault } from "../../server/directdebit/iban-vault";

/** A valid Dutch IBAN no other test uses: the per-IBAN monthly limit never joins two tests. */
export function freshIban(): string {
  const iban = composeIBAN({ countryCode: "NL", bban: `ABNA${String(randomInt(0, 10_000_000_000)).padStart(10, "0")}` });
  if (!iban) throw new Error("could not compose an IBAN");
  return iban;
}

/** A valid Dutch mobile number (06-1…) no other test uses. */
export const freshMobile = () => `+3161${String(randomInt(0, 10_000_000)).padStart(7, "0")}`;

/** The IBAN written the way people type it: in groups of four, lower case. */
export const typedIban = (iban: string) => iban.toLowerCase().replace(/(.{4})/g, "$1 ").trim();

/** Blocks an IBAN for direct debit, as support or a returned debit would. */
export const blockIban = (db: Kysely<Database>, vault: IbanVault, iban: string) => blockForDirectDebit(db, vault, { kind: "iban", value: iban, reason: "test" });

/** The six-digit code in an SMS text. */
export function codeIn(text: string): string {
  const code = /\b\d{6}\b/.exec(text)?.[0];
  if (!code) throw new Error(`no code in "${text}"`);
  return code;
}
