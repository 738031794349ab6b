import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { XMLParser } from "fast-xml-parser";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBus, type Bus } from "../../server/bus";
import { balancesOffLedger, changeCredits } from "../../server/credits/ledger";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { collectionFolder, runCollection, type CollectionServices } from "../../server/directdebit/collection";
import { encryptIban, ibanHash, openIbanVault, phoneHash, type IbanVault } from "../../server/directdebit/iban-vault";
import { applyReturnReport } from "../../server/directdebit/returns";
import { parseReturnReport, ReturnReportError } from "../../server/directdebit/returns-report";
import { SiteRegistry } from "../../server/sites/registry";
import type { Site } from "../../server/sites/schema";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { copyDemoSites } from "../support/site-fixtures";
import { addProfile, addSite } from "../support/store-fixtures";

const run = promisify(execFile);
/** The official ISO 20022 schemas (see tests/fixtures/iso20022/README.md). */
const PAIN_008_XSD = path.resolve("tests/fixtures/iso20022/pain.008.001.02.xsd");
const CAMT_054_XSD = path.resolve("tests/fixtures/iso20022/camt.054.001.02.xsd");

const CREDITOR = { creditor_id: "NL32ZZZ876543210000", creditor_name: "Amora Media B.V.", creditor_iban: "NL91ABNA0417164300", monthly_limit: { EUR: 50_000 } };
/** Debtors' IBANs with valid check digits (NL, DE, BE). */
const IBANS = ["NL39RABO0300065264", "DE89370400440532013000", "BE68539007547034", "NL20INGB0001234567"];

const xml = new XMLParser({ removeNSPrefix: true, ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false, isArray: (name) => ["PmtInf", "DrctDbtTxInf"].includes(name) });

/** One DrctDbtTxInf of a written file, as the parser reads it. */
type ParsedDebit = {
  PmtId: { EndToEndId: string };
  InstdAmt: { "#text": string; "@Ccy": string };
  DrctDbtTx: { MndtRltdInf: { MndtId: string; DtOfSgntr: string } };
  Dbtr: { Nm: string };
  DbtrAcct: { Id: { IBAN: string } };
};

/** Exit code and messages of xmllint checking a file against a schema. */
async function validate(file: string, schema: string): Promise<{ valid: boolean; output: string }> {
  try {
    const { stderr } = await run("/usr/bin/xmllint", ["--noout", "--schema", schema, file]);
    return { valid: true, output: stderr };
  } catch (error) {
    return { valid: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

/** A bank's camt.054.001.02 debit notification returning the given debits, as banks send after a collection. */
function returnNotification(messageId: string, returns: { endToEndId: string; reason: string; amount: string }[]): string {
  const details = returns
    .map(
      ({ endToEndId, reason, amount }) => `
        <TxDtls>
          <Refs><EndToEndId>${endToEndId}</EndToEndId></Refs>
          <AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls>
          <RtrInf><Rsn><Cd>${reason}</Cd></Rsn></RtrInf>
        </TxDtls>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>2026-11-26T08:00:00</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>${messageId}-1</Id>
      <CreDtTm>2026-11-26T08:00:00</CreDtTm>
      <Acct><Id><IBAN>${CREDITOR.creditor_iban}</IBAN></Id></Acct>
      <Ntry>
        <Amt Ccy="EUR">1.00</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <RvslInd>true</RvslInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-26</Dt></BookgDt>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>${details}
        </NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>
`;
}

/** What one store's rows are made for: the store, the brand, the vault that encrypts the IBANs. */
type Fixture = { store: Store; site: Site; vault: IbanVault };
let counter = 0;

async function addMember({ store, site }: Fixture, credits = 0) {
  counter += 1;
  const account = await store.db
    .insertInto("accounts")
    .values({ site_id: site.id, email: `debtor${counter}@example.com`, password_hash: "x", status: "confirmed", language: "nl", country: "NL", date_of_birth: "1990-01-01", credits: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (credits > 0) await changeCredits(store.db, { siteId: site.id, accountId: account.id, delta: credits, reason: "signup", idempotencyKey: "signup" });
  const profileId = await addProfile(store, site, { name: `Debtor${counter}` });
  await store.db.updateTable("profiles").set({ account_id: account.id }).where("id", "=", profileId).execute();
  return account.id;
}

/** What the member's confirmation with the SMS code leaves: a confirmed mandate and its pending 'sepa' payment. */
async function addConfirmedDebit(
  { store, site, vault }: Fixture,
  accountId: number,
  { amount = 1995, credits = 120, iban = IBANS[0]!, holder = "J. de Vries", signedAt = new Date("2026-11-20T10:00:00Z"), currency = "EUR" } = {},
) {
  counter += 1;
  const reference = `DDNL-${String(counter).padStart(6, "0")}`;
  const payment = await store.db
    .insertInto("payments")
    .values({ site_id: site.id, account_id: accountId, package: "p1", credits, amount, currency, method: "directdebit", provider: "sepa", provider_reference: reference, status: "pending", order_key: `dd-${counter}`, expires_at: new Date(Date.now() + 30 * 86_400_000) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await store.db
    .insertInto("direct_debit_mandates")
    .values({
      site_id: site.id,
      account_id: accountId,
      reference,
      account_holder: holder,
      iban_encrypted: encryptIban(vault, iban),
      iban_hash: ibanHash(vault, iban),
      iban_last4: iban.slice(-4),
      street: "Kerkstraat",
      house_number: "1",
      zip: "1017 GC",
      city: "Amsterdam",
      phone: "+31612345678",
      phone_hash: phoneHash(vault, "+31612345678"),
      package: "p1",
      amount,
      currency,
      order_key: `dd-${counter}`,
      status: "confirmed",
      code_sent_at: signedAt,
      code_expires_at: signedAt,
      payment_id: payment.id,
      signed_at: signedAt,
    })
    .execute();
  return { paymentId: payment.id, reference };
}

describe("direct debit: the collection run (pain.008) and returned debits (camt.054)", () => {
  let store: Store;
  let bus: Bus;
  let drop: () => Promise<void>;
  let dataDir: string;
  let site: Site;
  let vault: IbanVault;
  let services: CollectionServices & { sites: { byId: (id: string) => Site | undefined } };

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    dataDir = await freshDataDir("dd", database.url);
    store = await openStore({ databaseUrl: database.url, dataDir });
    await migrate(store);
    bus = await openBus(undefined);
    site = await addSite(store, "dd-nl", { direct_debit: CREDITOR });
    vault = await openIbanVault({ ibanKey: randomBytes(32).toString("base64"), dataDir, production: false });
    services = { store, bus, log: pino({ level: "silent" }), dataDir, ibanVault: vault, sites: { byId: (id) => (id === site.id ? site : undefined) } };
  });

  afterAll(async () => {
    await bus?.close();
    await store?.close();
    await drop?.();
  });

  const member = (credits = 0) => addMember({ store, site, vault }, credits);
  const confirmedDebit = (accountId: number, options: Parameters<typeof addConfirmedDebit>[2] = {}) => addConfirmedDebit({ store, site, vault }, accountId, options);

  const paymentOf = (id: number) => store.db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const accountOf = (id: number) => store.db.selectFrom("accounts").select(["credits", "paid_user", "purchases_blocked_at"]).where("id", "=", id).executeTakeFirstOrThrow();
  const filesIn = async () => (await readdir(collectionFolder(dataDir, site.id)).catch(() => [] as string[])).filter((name) => name.endsWith(".xml"));

  it("writes one pain.008.001.02 the official XSD accepts, with the mandates, decimal amounts and the decrypted IBANs, and makes each payment paid", async () => {
    const first = await member();
    const second = await member();
    const debits = [
      await confirmedDebit(first, { amount: 1995, credits: 120, iban: IBANS[0], holder: "Jürgen Müller-Lüdenscheid", signedAt: new Date("2026-11-20T23:30:00Z") }),
      await confirmedDebit(second, { amount: 3995, credits: 300, iban: IBANS[1] }),
      await confirmedDebit(second, { amount: 995, credits: 50, iban: IBANS[2] }),
    ];
    // Not a euro: SEPA cannot collect it, so it stays out of the file and pending.
    const pounds = await confirmedDebit(first, { currency: "GBP" });

    const result = await runCollection({ services, site, now: new Date("2026-11-27T09:00:00Z") });

    expect(result.created).toMatchObject({ paymentCount: 3, totalAmount: 6985, currency: "EUR" });
    const files = await filesIn();
    expect(files).toEqual([result.created!.fileName]);
    const file = path.join(collectionFolder(dataDir, site.id), files[0]!);
    const schema = await validate(file, PAIN_008_XSD);
    expect(schema.output).toContain("validates");
    expect(schema.valid).toBe(true);

    const text = await readFile(file, "utf8");
    expect(text).toContain('xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"');
    const document = xml.parse(text).Document;
    const initiation = document.CstmrDrctDbtInitn;
    expect(initiation.GrpHdr).toMatchObject({ MsgId: result.created!.messageId, NbOfTxs: "3", CtrlSum: "69.85" });
    const [info] = initiation.PmtInf;
    expect(info.PmtTpInf).toEqual({ SvcLvl: { Cd: "SEPA" }, LclInstrm: { Cd: "CORE" }, SeqTp: "OOFF" });
    // Friday 27 November: the bank collects on the next business day, Monday the 30th.
    expect(info.ReqdColltnDt).toBe("2026-11-30");
    expect(info.CdtrAcct.Id.IBAN).toBe(CREDITOR.creditor_iban);
    expect(info.CdtrSchmeId.Id.PrvtId.Othr.Id).toBe(CREDITOR.creditor_id);
    const transactions = info.DrctDbtTxInf as ParsedDebit[];
    expect(transactions.map((tx) => tx.InstdAmt["#text"])).toEqual(["19.95", "39.95", "9.95"]);
    expect(transactions.map((tx) => tx.InstdAmt["@Ccy"])).toEqual(["EUR", "EUR", "EUR"]);
    expect(transactions.map((tx) => tx.DbtrAcct.Id.IBAN)).toEqual(IBANS.slice(0, 3));
    expect(transactions.map((tx) => tx.DrctDbtTx.MndtRltdInf.MndtId)).toEqual(debits.map((debit) => debit.reference));
    // Signed at 00:30 in Amsterdam on the 21st: the brand's day, not UTC's.
    expect(transactions[0]!.DrctDbtTx.MndtRltdInf.DtOfSgntr).toBe("2026-11-21");
    expect(transactions[0]!.Dbtr.Nm).toBe("Jurgen Muller-Ludenscheid");
    expect(transactions.map((tx) => tx.PmtId.EndToEndId)).toEqual(debits.map((debit) => `PAYMENT-${debit.paymentId}`));

    for (const debit of debits) {
      const payment = await paymentOf(debit.paymentId);
      expect(payment.status).toBe("paid");
      expect(payment.collection_id).toBe(result.created!.id);
    }
    expect(await accountOf(first)).toMatchObject({ credits: 120, paid_user: true });
    expect(await accountOf(second)).toMatchObject({ credits: 350, paid_user: true });
    expect(await balancesOffLedger(store.db)).toEqual([]);
    expect((await paymentOf(pounds.paymentId)).status).toBe("pending");
    expect((await paymentOf(pounds.paymentId)).collection_id).toBeNull();
  });

  it("collects nothing twice: a second run writes no file, pays nothing and adds no ledger rows", async () => {
    const before = await filesIn();
    const ledger = await store.db.selectFrom("credit_ledger").select((eb) => eb.fn.countAll<number>().as("rows")).executeTakeFirstOrThrow();
    const again = await runCollection({ services, site });
    expect(again).toEqual({ siteId: site.id, filesRewritten: [], paid: 0 });
    expect(await filesIn()).toEqual(before);
    expect(await store.db.selectFrom("credit_ledger").select((eb) => eb.fn.countAll<number>().as("rows")).executeTakeFirstOrThrow()).toEqual(ledger);
  });

  it("survives a crash between recording the collection and writing its file: the rerun writes that file and settles, once", async () => {
    const accountId = await member();
    const interrupted = await confirmedDebit(accountId, { amount: 2495, credits: 150, iban: IBANS[3] });
    // A vault with another key cannot read the IBAN: the run stops after its first transaction.
    const otherVault = await openIbanVault({ ibanKey: randomBytes(32).toString("base64"), dataDir, production: false });
    await expect(runCollection({ services: { ...services, ibanVault: otherVault }, site })).rejects.toThrow();
    const recorded = await paymentOf(interrupted.paymentId);
    expect(recorded.collection_id).not.toBeNull();
    expect(recorded.status).toBe("pending");
    const collection = await store.db.selectFrom("direct_debit_collections").selectAll().where("id", "=", recorded.collection_id!).executeTakeFirstOrThrow();
    expect(await filesIn()).not.toContain(collection.file_name);

    // A debit confirmed meanwhile goes into a new file, never into the recorded one.
    const later = await confirmedDebit(accountId, { amount: 995, credits: 50, iban: IBANS[3] });
    const rerun = await runCollection({ services, site });
    expect(rerun.filesRewritten).toEqual([collection.file_name]);
    expect(rerun.created).toMatchObject({ paymentCount: 1, totalAmount: 995 });
    expect(rerun.paid).toBe(2);
    const rewritten = path.join(collectionFolder(dataDir, site.id), collection.file_name);
    expect((await validate(rewritten, PAIN_008_XSD)).valid).toBe(true);
    const transactions = xml.parse(await readFile(rewritten, "utf8")).Document.CstmrDrctDbtInitn.PmtInf[0].DrctDbtTxInf;
    expect((transactions as ParsedDebit[]).map((tx) => tx.PmtId.EndToEndId)).toEqual([`PAYMENT-${interrupted.paymentId}`]);
    expect((await paymentOf(later.paymentId)).collection_id).toBe(rerun.created!.id);
    expect(await accountOf(accountId)).toMatchObject({ credits: 200, paid_user: true });

    // A lost file of a finished collection is not the run's business; a pending one's is written again, the same.
    const original = await readFile(rewritten, "utf8");
    await rm(rewritten);
    await store.db.updateTable("payments").set({ status: "pending" }).where("id", "=", interrupted.paymentId).execute();
    const third = await runCollection({ services, site });
    expect(third.filesRewritten).toEqual([collection.file_name]);
    expect(third.paid).toBe(1);
    expect(await readFile(rewritten, "utf8")).toBe(original);
    // Paid again through the state machine, but the ledger's key grants the credits once.
    expect(await accountOf(accountId)).toMatchObject({ credits: 200 });
    expect(await balancesOffLedger(store.db)).toEqual([]);
  });

  it("a returned debit takes back the unspent credits through the ledger, keeps the spent ones spent, stops purchases and blocks the IBAN of a closed account; the same report twice changes nothing twice", async () => {
    const accountId = await member();
    const debit = await confirmedDebit(accountId, { amount: 1995, credits: 120, iban: IBANS[0] });
    const unaffectedMember = await member();
    const unaffected = await confirmedDebit(unaffectedMember, { amount: 995, credits: 50, iban: IBANS[2] });
    await runCollection({ services, site });
    // 50 of the 120 credits were spent on messages before the bank returned the debit.
    await changeCredits(store.db, { siteId: site.id, accountId, delta: -50, reason: "message", idempotencyKey: "message:1" });

    const notification = returnNotification("RTRN-20261126-1", [
      { endToEndId: `PAYMENT-${debit.paymentId}`, reason: "AC04", amount: "19.95" },
      { endToEndId: `PAYMENT-${unaffected.paymentId}`, reason: "AM04", amount: "9.95" },
      { endToEndId: "SOMEONE-ELSES-1", reason: "AC04", amount: "1.00" },
    ]);
    const file = path.join(dataDir, "camt054-returns.xml");
    await writeFile(file, notification);
    // The test's notification is the real format: the official camt.054.001.02 schema accepts it.
    expect((await validate(file, CAMT_054_XSD)).valid).toBe(true);

    const report = parseReturnReport(notification);
    const first = await applyReturnReport({ services, report });
    expect(first).toEqual({ messageId: "RTRN-20261126-1", applied: 2, duplicates: 0, unknown: ["SOMEONE-ELSES-1"], refused: 0, blocked: 1 });

    const payment = await paymentOf(debit.paymentId);
    expect(payment).toMatchObject({ status: "charged_back", credits_taken_back: 70, credits_not_taken_back: 50 });
    const account = await accountOf(accountId);
    expect(account.credits).toBe(0);
    expect(account.purchases_blocked_at).not.toBeNull();
    const chargeback = await store.db.selectFrom("credit_ledger").select(["delta", "reason"]).where("account_id", "=", accountId).where("idempotency_key", "=", `chargeback:${debit.paymentId}`).execute();
    expect(chargeback).toEqual([{ delta: -70, reason: "chargeback" }]);
    const blocks = await store.db.selectFrom("direct_debit_blocks").select(["kind", "value_hash"]).execute();
    expect(blocks).toContainEqual({ kind: "iban", value_hash: ibanHash(vault, IBANS[0]!) });
    // No funds (AM04) is charged back too, but the account itself may be debited again.
    expect((await paymentOf(unaffected.paymentId)).status).toBe("charged_back");
    expect(blocks).not.toContainEqual({ kind: "iban", value_hash: ibanHash(vault, IBANS[2]!) });
    expect(await store.db.selectFrom("direct_debit_returns").select(["payment_id", "reason_code", "blocked_iban"]).where("payment_id", "=", debit.paymentId).execute()).toEqual([
      { payment_id: debit.paymentId, reason_code: "AC04", blocked_iban: true },
    ]);

    const ledgerRows = await store.db.selectFrom("credit_ledger").select((eb) => eb.fn.countAll<number>().as("rows")).executeTakeFirstOrThrow();
    const events = await store.db.selectFrom("payment_events").select((eb) => eb.fn.countAll<number>().as("rows")).executeTakeFirstOrThrow();
    const second = await applyReturnReport({ services, report: parseReturnReport(notification) });
    expect(second).toMatchObject({ applied: 0, duplicates: 2, blocked: 0, refused: 0 });
    expect(await store.db.selectFrom("credit_ledger").select((eb) => eb.fn.countAll<number>().as("rows")).executeTakeFirstOrThrow()).toEqual(ledgerRows);
    expect(await store.db.selectFrom("payment_events").select((eb) => eb.fn.countAll<number>().as("rows")).executeTakeFirstOrThrow()).toEqual(events);
    expect(await paymentOf(debit.paymentId)).toMatchObject({ status: "charged_back", credits_taken_back: 70, credits_not_taken_back: 50 });
    expect(await balancesOffLedger(store.db)).toEqual([]);
  });

  it("a debit returned before an interrupted run settled it fails: no credits were granted, none are taken", async () => {
    const accountId = await member(10);
    const debit = await confirmedDebit(accountId, { amount: 1995, credits: 120, iban: IBANS[1] });
    const otherVault = await openIbanVault({ ibanKey: randomBytes(32).toString("base64"), dataDir, production: false });
    await expect(runCollection({ services: { ...services, ibanVault: otherVault }, site })).rejects.toThrow();
    const applied = await applyReturnReport({ services, report: parseReturnReport(returnNotification("RTRN-EARLY-1", [{ endToEndId: `PAYMENT-${debit.paymentId}`, reason: "AM04", amount: "19.95" }])) });
    expect(applied).toMatchObject({ applied: 1, refused: 0 });
    expect((await paymentOf(debit.paymentId)).status).toBe("failed");
    expect(await accountOf(accountId)).toMatchObject({ credits: 10, paid_user: false, purchases_blocked_at: null });
    // A later run leaves it: a failed payment is never made paid.
    const rerun = await runCollection({ services, site });
    expect(rerun.paid).toBe(0);
    expect((await paymentOf(debit.paymentId)).status).toBe("failed");
    expect(await accountOf(accountId)).toMatchObject({ credits: 10 });
  });

  it("refuses a file that is not a camt.054 notification, before anything changes", () => {
    expect(() => parseReturnReport("<Document><unclosed></Document>")).toThrow(ReturnReportError);
    expect(() => parseReturnReport('<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt/></Document>')).toThrow(/not a camt\.054/);
    expect(parseReturnReport(returnNotification("EMPTY-1", []))).toEqual({ messageId: "EMPTY-1", returns: [] });
  });
});

/** Five runs of the command, each starting Node and opening the store: room for a busy machine. */
const COMMAND_ROOM_MS = 120_000;

describe("the direct-debit command (build/direct-debit.js)", () => {
  it("collects with `collect`, collects nothing twice when run again, and applies a bank's report with `returns <file>`", async () => {
    const database = await freshDatabaseUrl();
    const dataDir = await freshDataDir("dd-command", database.url);
    const sitesDir = await copyDemoSites();
    const ibanKey = randomBytes(32).toString("base64");
    const registry = await SiteRegistry.open({ dir: sitesDir, allowLocalhostIds: true, log: pino({ level: "silent" }) });
    const site = registry.byId("flirt-nl")!;
    registry.close();
    expect(site.direct_debit).toBeDefined();
    const vault = await openIbanVault({ ibanKey, dataDir, production: false });
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "test", DATA_DIR: dataDir, SITES_DIR: sitesDir, IBAN_KEY: ibanKey, DATABASE_URL: database.url, LOG_LEVEL: "warn" };
    if (!database.url) delete env.DATABASE_URL;
    const command = (...args: string[]) => run(process.execPath, ["build/direct-debit.js", ...args], { env });

    let store = await openStore({ databaseUrl: database.url, dataDir });
    let debit: { paymentId: number };
    let accountId: number;
    try {
      await migrate(store);
      await store.db.insertInto("sites").values({ id: site.id, pool: site.pool, name: site.name }).onConflict((conflict) => conflict.column("id").doNothing()).execute();
      accountId = await addMember({ store, site, vault });
      debit = await addConfirmedDebit({ store, site, vault }, accountId, { amount: 1995, credits: 120 });
    } finally {
      // The embedded store has one owner at a time: the command opens it next.
      await store.close();
    }
    try {
      const first = await command("collect");
      expect(first.stdout).toMatch(/^flirt-nl: collected 1 debits, 19\.95 EUR, in DD\w+\.xml; 1 payments paid\.$/m);
      const second = await command("collect", "--site", "flirt-nl");
      expect(second.stdout.trim()).toBe("flirt-nl: nothing new to collect; 0 payments paid.");
      const files = (await readdir(collectionFolder(dataDir, site.id))).filter((name) => name.endsWith(".xml"));
      expect(files).toHaveLength(1);
      expect((await validate(path.join(collectionFolder(dataDir, site.id), files[0]!), PAIN_008_XSD)).valid).toBe(true);

      const report = path.join(dataDir, "returns.xml");
      await writeFile(report, returnNotification("RTRN-COMMAND-1", [{ endToEndId: `PAYMENT-${debit.paymentId}`, reason: "MD06", amount: "19.95" }]));
      expect((await command("returns", report)).stdout).toContain("Report RTRN-COMMAND-1: 1 returned debits applied, 0 already applied, 1 IBANs blocked.");
      expect((await command("returns", report)).stdout).toContain("0 returned debits applied, 1 already applied, 0 IBANs blocked.");
      await expect(command("returns", path.join(sitesDir, "flirt-nl.json"))).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("is not a return report") });
    } finally {
      store = await openStore({ databaseUrl: database.url, dataDir });
    }
    try {
      expect(await store.db.selectFrom("payments").select(["status", "credits_taken_back"]).where("id", "=", debit.paymentId).executeTakeFirstOrThrow()).toEqual({ status: "charged_back", credits_taken_back: 120 });
      expect((await store.db.selectFrom("accounts").select("credits").where("id", "=", accountId).executeTakeFirstOrThrow()).credits).toBe(0);
      expect(await balancesOffLedger(store.db)).toEqual([]);
    } finally {
      await store.close();
      await database.drop();
    }
  }, COMMAND_ROOM_MS);
});
