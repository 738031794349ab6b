import { fromZonedTime, toZonedTime } from "date-fns-tz";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { UNSUCCESSFUL } from "../payments/states";
import { COUNTRIES, isCountryCode } from "../sites/countries";
import type { Site } from "../sites/schema";
import { ibanHash, phoneHash, type IbanVault } from "./iban-vault";

type Db = Kysely<Database> | Transaction<Database>;

/** Whether an IBAN or phone number (by their hashes), or the account itself, may not sign a mandate. */
export async function directDebitBlocked(db: Db, { accountId, ibanHash: iban, phoneHash: phone }: { accountId: number; ibanHash: string; phoneHash: string }): Promise<boolean> {
  const blocked = await db
    .selectFrom("direct_debit_blocks")
    .select("kind")
    .where((where) => where.or([where.and([where("kind", "=", "iban"), where("value_hash", "=", iban)]), where.and([where("kind", "=", "phone"), where("value_hash", "=", phone)])]))
    .limit(1)
    .executeTakeFirst();
  if (blocked) return true;
  // A chargeback stops further purchases (server/payments/settle.ts): direct debit included.
  const account = await db.selectFrom("accounts").select("purchases_blocked_at").where("id", "=", accountId).executeTakeFirst();
  return !account || account.purchases_blocked_at !== null;
}

/** Stops an IBAN or a phone number from signing mandates on every brand (a returned debit, fraud). */
export async function blockForDirectDebit(db: Db, vault: IbanVault, { kind, value, reason }: { kind: "iban" | "phone"; value: string; reason: string }): Promise<void> {
  const valueHash = kind === "iban" ? ibanHash(vault, value) : phoneHash(vault, value);
  await db
    .insertInto("direct_debit_blocks")
    .values({ kind, value_hash: valueHash, reason })
    .onConflict((conflict) => conflict.columns(["kind", "value_hash"]).doNothing())
    .execute();
}

/** The first moment of this calendar month where the brand is (its default country's time zone). */
export function monthStart(site: Site, now = new Date()): Date {
  const timeZone = isCountryCode(site.default_country) ? COUNTRIES[site.default_country].timeZone : "Europe/Amsterdam";
  const local = toZonedTime(now, timeZone);
  return fromZonedTime(new Date(local.getFullYear(), local.getMonth(), 1), timeZone);
}

/**
 * What a member, and an IBAN, have signed for in direct debits this calendar month, in minor units
 * of a currency: confirmed mandates whose payment did not fail, expire or get canceled.
 */
export async function debitedThisMonth(db: Db, { site, currency, accountId, ibanHash: iban, now = new Date() }: { site: Site; currency: string; accountId: number; ibanHash: string; now?: Date }) {
  const since = monthStart(site, now);
  const sum = (who: "account" | "iban") =>
    db
      .selectFrom("direct_debit_mandates as mandate")
      .innerJoin("payments as payment", "payment.id", "mandate.payment_id")
      .select(sql<string>`coalesce(sum(mandate.amount), 0)`.as("total"))
      .where("mandate.site_id", "=", site.id)
      .where("mandate.status", "=", "confirmed")
      .where("mandate.currency", "=", currency)
      .where("mandate.signed_at", ">=", since)
      .where("payment.status", "not in", UNSUCCESSFUL)
      .where(who === "account" ? "mandate.account_id" : "mandate.iban_hash", "=", who === "account" ? accountId : iban)
      .executeTakeFirstOrThrow();
  // One after the other: inside a transaction both run on its one connection anyway.
  const byMember = await sum("account");
  const byIban = await sum("iban");
  return { member: Number(byMember.total), iban: Number(byIban.total) };
}

/** Whether one more debit of `amount` keeps the member and the IBAN within the brand's monthly limit. */
export async function withinMonthlyLimit(db: Db, input: { site: Site; currency: string; accountId: number; ibanHash: string; amount: number; limit: number }): Promise<boolean> {
  const debited = await debitedThisMonth(db, input);
  return Math.max(debited.member, debited.iban) + input.amount <= input.limit;
}

/**
 * Serialises the signing of mandates for one IBAN across members until the transaction ends, so
 * two members confirming at once cannot both fit under the per-IBAN limit.
 */
export async function lockIban(tx: Transaction<Database>, hash: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`direct-debit-iban:${hash}`}, 0))`.execute(tx);
}
