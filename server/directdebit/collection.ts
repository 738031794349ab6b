import { randomBytes } from "node:crypto";
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";
import type { Services } from "../http/request-context";
import { todayIn } from "../i18n/dates";
import { announce, settleWithin } from "../payments/settle";
import { COUNTRIES } from "../sites/countries";
import type { DirectDebitSettings } from "../sites/payments";
import type { Site } from "../sites/schema";
import { collectionFile, type CollectionDebit } from "./collection-file";
import { decryptIban } from "./iban-vault";

export type CollectionServices = Pick<Services, "store" | "bus" | "log" | "dataDir" | "ibanVault">;

/** The provider name of a brand's own direct debits (payments.provider). */
export const DIRECT_DEBIT_PROVIDER = "sepa";
/** SEPA debits are in euros only; a payment in another currency is never put in a file. */
const SEPA_CURRENCY = "EUR";

export type CollectionRun = {
  siteId: string;
  /** The collection this run recorded, when there was anything to collect. */
  created?: { id: number; messageId: string; fileName: string; paymentCount: number; totalAmount: number; currency: string };
  /** Files of earlier collections that were missing and written again. */
  filesRewritten: string[];
  /** Payments moved to paid by this run (its own and those an interrupted run left). */
  paid: number;
};

type RecordedCollection = { id: number; message_id: string; file_name: string; currency: string; collection_date: string; created_at: Date };

export function collectionFolder(dataDir: string, siteId: string): string {
  return path.join(dataDir, "sepa", siteId);
}

/**
 * The collection run of one brand: its confirmed direct debits not yet collected go into one
 * pain.008 file for its bank, and each becomes paid. The order makes a crash at any point safe:
 * (1) one transaction records the collection and ties the payments to it, so no payment can go
 * into two files; (2) the file is written (aside, then renamed); (3) each payment is settled through
 * the payment state machine. A rerun finds collections whose payments are still pending, writes
 * their file again if it is missing, and settles what is left; settling twice is a recorded duplicate.
 */
export async function runCollection({ services, site, now = new Date() }: { services: CollectionServices; site: Site; now?: Date }): Promise<CollectionRun> {
  const creditor = site.direct_debit;
  const run: CollectionRun = { siteId: site.id, filesRewritten: [], paid: 0 };
  if (!creditor) return run;
  const created = await recordCollection(services.store.db, site, now);
  if (created) {
    run.created = { id: created.id, messageId: created.message_id, fileName: created.file_name, paymentCount: created.payment_count, totalAmount: created.total_amount, currency: created.currency };
    services.log.info({ siteId: site.id, collectionId: created.id, messageId: created.message_id, payments: created.payment_count }, "direct-debit collection recorded");
  }
  for (const collection of await unfinishedCollections(services.store.db, site.id)) {
    const written = await ensureCollectionFile(services, site, creditor, collection);
    if (written && collection.id !== created?.id) run.filesRewritten.push(collection.file_name);
    run.paid += await settleCollected(services, site, collection.id);
  }
  return run;
}

/** Ties every uncollected euro direct debit of the brand to a new collection, in one transaction; none to collect, none recorded. */
async function recordCollection(db: Kysely<Database>, site: Site, now: Date) {
  return db.transaction().execute(async (tx) => {
    // Locked, so a run beside this one waits and then finds them collected.
    const payments = await tx
      .selectFrom("payments")
      .innerJoin("direct_debit_mandates as mandate", "mandate.payment_id", "payments.id")
      .select(["payments.id", "payments.amount"])
      .where("payments.site_id", "=", site.id)
      .where("payments.provider", "=", DIRECT_DEBIT_PROVIDER)
      .where("payments.status", "=", "pending")
      .where("payments.collection_id", "is", null)
      .where("payments.currency", "=", SEPA_CURRENCY)
      .where("mandate.status", "=", "confirmed")
      .orderBy("payments.id")
      .forUpdate("payments")
      .execute();
    if (payments.length === 0) return undefined;
    const messageId = newMessageId(now);
    const collection = await tx
      .insertInto("direct_debit_collections")
      .values({
        site_id: site.id,
        message_id: messageId,
        file_name: `${messageId}.xml`,
        payment_count: payments.length,
        total_amount: payments.reduce((sum, payment) => sum + payment.amount, 0),
        currency: SEPA_CURRENCY,
        collection_date: nextBusinessDay(todayIn(timeZoneOf(site), now)),
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await tx
      .updateTable("payments")
      .set({ collection_id: collection.id, updated_at: now })
      .where("id", "in", payments.map((payment) => payment.id))
      .execute();
    return collection;
  });
}

/** Collections of the brand with payments still pending: the one just recorded, or one a crash left half done. */
async function unfinishedCollections(db: Kysely<Database>, siteId: string): Promise<RecordedCollection[]> {
  return db
    .selectFrom("direct_debit_collections as collection")
    .select(["collection.id", "collection.message_id", "collection.file_name", "collection.currency", "collection.created_at", sql<string>`collection.collection_date::text`.as("collection_date")])
    .where("collection.site_id", "=", siteId)
    .where((eb) => eb.exists(eb.selectFrom("payments").select("payments.id").whereRef("payments.collection_id", "=", "collection.id").where("payments.status", "=", "pending")))
    .orderBy("collection.id")
    .execute();
}

/** Writes the collection's file unless it is there; answers whether it wrote it. */
async function ensureCollectionFile(services: CollectionServices, site: Site, creditor: DirectDebitSettings, collection: RecordedCollection): Promise<boolean> {
  const folder = collectionFolder(services.dataDir, site.id);
  const target = path.join(folder, collection.file_name);
  if (await exists(target)) return false;
  const debits = await collectionDebits(services, site, collection.id);
  const xml = collectionFile({
    messageId: collection.message_id,
    createdAt: collection.created_at,
    collectionDate: collection.collection_date,
    currency: collection.currency,
    creditor,
    debits,
  });
  // The file holds the debtors' names and IBANs in clear, as the bank needs them: for this user only.
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // Aside first: the bank's upload never picks up half a file.
  const partial = path.join(folder, `.${collection.file_name}.${randomBytes(4).toString("hex")}.partial`);
  await writeFile(partial, xml, { mode: 0o600 });
  await rename(partial, target);
  services.log.info({ siteId: site.id, collectionId: collection.id, file: target, debits: debits.length }, "direct-debit collection file written");
  return true;
}

/** Every debit of a collection, whatever became of its payment since, so a rewritten file equals the first. */
async function collectionDebits(services: CollectionServices, site: Site, collectionId: number): Promise<CollectionDebit[]> {
  const rows = await services.store.db
    .selectFrom("payments")
    .innerJoin("direct_debit_mandates as mandate", "mandate.payment_id", "payments.id")
    .select(["payments.id", "payments.amount", "mandate.reference", "mandate.signed_at", "mandate.account_holder", "mandate.iban_encrypted"])
    .where("payments.collection_id", "=", collectionId)
    .orderBy("payments.id")
    .execute();
  const timeZone = timeZoneOf(site);
  return rows.map((row) => ({
    endToEndId: endToEndId(row.id),
    amount: row.amount,
    mandateReference: row.reference,
    mandateSignedOn: todayIn(timeZone, row.signed_at ?? new Date()),
    debtorName: row.account_holder,
    debtorIban: decryptIban(services.ibanVault, row.iban_encrypted),
    remittance: `${site.name} ${row.id}`,
  }));
}

/** Moves the collection's pending payments to paid, each in its own transaction; answers how many moved. */
async function settleCollected(services: CollectionServices, site: Site, collectionId: number): Promise<number> {
  const pending = await services.store.db
    .selectFrom("payments")
    .select(["id", "provider_reference", "amount", "currency"])
    .where("collection_id", "=", collectionId)
    .where("status", "=", "pending")
    .orderBy("id")
    .execute();
  let paid = 0;
  for (const payment of pending) {
    const report = { paymentId: payment.id, providerReference: payment.provider_reference ?? "", status: "paid" as const, amount: payment.amount, currency: payment.currency };
    const outcome = await services.store.db.transaction().execute((tx) => settleWithin(tx, { site, provider: DIRECT_DEBIT_PROVIDER, report, source: `direct-debit collection ${collectionId}` }));
    if ("refused" in outcome) {
      services.log.warn({ siteId: site.id, collectionId, paymentId: payment.id, reason: outcome.refused.reason }, `collected payment not settled: ${outcome.refused.message}`);
      continue;
    }
    if (outcome.settled.outcome === "applied") paid += 1;
    if (outcome.announce) await announce(services, outcome.announce);
  }
  return paid;
}

/** The debit's EndToEndId: the bank quotes it back in a return report. */
export function endToEndId(paymentId: number): string {
  return `PAYMENT-${paymentId}`;
}

/** The payment an EndToEndId of ours names, if it is one of ours. */
export function paymentIdOf(endToEnd: string): number | undefined {
  const match = /^PAYMENT-([1-9][0-9]{0,15})$/.exec(endToEnd.trim());
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) ? id : undefined;
}

/** DD + the creation time to the second + 6 random hex: 22 characters, unique for the creditor, leaving room for the ids the library derives from it. */
function newMessageId(now: Date): string {
  return `DD${now.toISOString().replace(/\D/g, "").slice(0, 14)}${randomBytes(3).toString("hex").toUpperCase()}`;
}

/** The first weekday after the given day: SEPA Core needs the file at the bank a business day before collection. */
export function nextBusinessDay(isoDay: string): string {
  const day = new Date(`${isoDay}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

function timeZoneOf(site: Site): string {
  return COUNTRIES[site.default_country].timeZone;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}
