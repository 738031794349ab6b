import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMemoryBus } from "../../server/bus/memory-bus";
import { openStore, type Store } from "../../server/db/database";
import { migrate } from "../../server/db/migrate";
import { debitedThisMonth } from "../../server/directdebit/checks";
import { mandateFormSchema, type MandateForm } from "../../server/directdebit/form";
import { decryptIban, ibanHash, openIbanVault, phoneHash, type IbanVault } from "../../server/directdebit/iban-vault";
import { createDirectDebitLimits } from "../../server/directdebit/limits";
import { confirmMandate, resendCode, startMandate, type DirectDebitServices } from "../../server/directdebit/mandates";
import { createLogger } from "../../server/log";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import type { SmsMessage } from "../../server/sms/sender";
import { freshDatabaseUrl, freshDataDir } from "../support/databases";
import { blockIban, codeIn, freshIban, freshMobile, typedIban } from "../support/direct-debit";

/** The demo brand with its own direct debit: a monthly limit of €150, p3 at €79.95, p0 at €9.95. */
async function flirtNl(): Promise<Site> {
  const { site } = parseSiteFile("sites/flirt-nl.json", await readFile("sites/flirt-nl.json", "utf8"));
  if (!site?.direct_debit) throw new Error("flirt-nl has no direct debit");
  return site;
}

describe("direct-debit mandates", () => {
  let store: Store;
  let drop: () => Promise<void>;
  let site: Site;
  let vault: IbanVault;
  let services: DirectDebitServices;
  const outbox: SmsMessage[] = [];
  let sendFails = false;

  beforeAll(async () => {
    const database = await freshDatabaseUrl();
    drop = database.drop;
    const dataDir = await freshDataDir("direct-debit", database.url);
    store = await openStore({ databaseUrl: database.url, dataDir });
    await migrate(store);
    site = await flirtNl();
    await store.db.insertInto("sites").values({ id: site.id, pool: site.pool, name: site.name }).execute();
    vault = await openIbanVault({ ibanKey: undefined, dataDir, production: false });
    services = {
      store,
      log: createLogger("silent"),
      ibanVault: vault,
      directDebitLimits: createDirectDebitLimits(createMemoryBus()),
      sms: {
        kind: "folder",
        async send(message) {
          if (sendFails) throw new Error("the SMS provider is down");
          outbox.push(message);
        },
      },
    };
  });

  afterAll(async () => {
    await store?.close();
    await drop?.();
  });

  let counter = 0;
  async function member() {
    counter += 1;
    const row = await store.db
      .insertInto("accounts")
      .values({ site_id: site.id, email: `debtor${counter}.${randomUUID()}@example.com`, password_hash: "x", language: "nl", country: "NL", date_of_birth: "1990-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The form as the action parses it, from what a member types. */
  function form(overrides: Partial<Record<keyof MandateForm, string>> = {}): MandateForm {
    const parsed = mandateFormSchema({ country: "NL" }).safeParse({
      account_holder: "J. de Vries",
      iban: typedIban(freshIban()),
      street: "Keizersgracht",
      house_number: "12a",
      zip: "1015 aa",
      city: "Amsterdam",
      phone: "06 12345678",
      mandate: "on",
      order_key: randomUUID(),
      ...overrides,
    });
    if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
    return parsed.data;
  }

  const smsText = (code: string) => `Code ${code}`;
  const start = (accountId: number, input: MandateForm, tier = "p0") =>
    startMandate({ services, site, accountId, country: "NL", currency: "EUR", tier, form: input, smsText });
  const lastCode = () => codeIn(outbox.at(-1)!.text);

  /** A mandate signed with the code it was sent: its payment id. */
  async function signed(accountId: number, input: MandateForm, tier = "p0") {
    const started = await start(accountId, input, tier);
    if (started.kind !== "code_sent") throw new Error(`refused: ${JSON.stringify(started)}`);
    const confirmed = await confirmMandate({ services, site, accountId, reference: started.reference, code: lastCode() });
    if (confirmed.kind !== "confirmed") throw new Error(`not confirmed: ${confirmed.kind}`);
    return { reference: started.reference, paymentId: confirmed.paymentId };
  }

  const mandateRow = (reference: string) => store.db.selectFrom("direct_debit_mandates").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();

  it("refuses a brand file whose creditor id or account does not check out, naming the field", async () => {
    const file = JSON.parse(await readFile("sites/flirt-nl.json", "utf8")) as { direct_debit: Record<string, unknown> };
    const problems = (directDebit: Record<string, unknown>) =>
      parseSiteFile("sites/flirt-nl.json", JSON.stringify({ ...file, direct_debit: { ...file.direct_debit, ...directDebit } })).problems.map((problem) => problem.path);
    expect(problems({})).toEqual([]);
    expect(problems({ creditor_id: "NL98ZZZ999999999999" })).toEqual(["direct_debit.creditor_id"]);
    expect(problems({ creditor_iban: "NL91ABNA0417164301" })).toEqual(["direct_debit.creditor_iban"]);
    expect(problems({ creditor_bic: "ABN" })).toEqual(["direct_debit.creditor_bic"]);
    expect(problems({ monthly_limit: { EUR: 0 } })).toEqual(["direct_debit.monthly_limit.EUR"]);
  });

  it("checks the IBAN's country, length and check digits, the phone for the member's country, and the mandate box", () => {
    const schema = mandateFormSchema({ country: "NL" });
    const problems = (input: Record<string, string>) => {
      const result = schema.safeParse({ account_holder: "J. de Vries", iban: "NL91ABNA0417164300", street: "Dam", house_number: "1", zip: "1012 JS", city: "Amsterdam", phone: "0612345678", mandate: "on", order_key: randomUUID(), ...input });
      return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
    };
    expect(problems({})).toEqual({});
    expect(problems({ iban: "NL91 ABNA 0417 1643 01" })).toEqual({ iban: "directdebit:errors.iban.checksum" });
    expect(problems({ iban: "NL91ABNA041716430" })).toEqual({ iban: "directdebit:errors.iban.length" });
    expect(problems({ iban: "US12345678901234" })).toEqual({ iban: "directdebit:errors.iban.country" });
    // A landline cannot receive the code; a Dutch number written as local or international is read alike.
    expect(problems({ phone: "020 555 0134" })).toEqual({ phone: "directdebit:errors.phone" });
    expect(schema.parse({ account_holder: "A B", iban: "NL91ABNA0417164300", street: "Dam", house_number: "1", zip: "1012JS", city: "Amsterdam", phone: "+31 6 1234 5678", mandate: "on", order_key: randomUUID() }).phone).toBe("+31612345678");
    expect(problems({ mandate: "" })).toEqual({ mandate: "directdebit:errors.mandate" });
    expect(problems({ zip: "12345" })).toEqual({ zip: "directdebit:errors.zip" });
  });

  it("stores the IBAN encrypted: the raw number is nowhere in the row, yet the vault reads it back", async () => {
    const accountId = await member();
    const input = form();
    const { reference } = await signed(accountId, input);
    const row = await mandateRow(reference);
    const dump = JSON.stringify(row);
    expect(dump).not.toContain(input.iban);
    expect(dump).not.toContain(input.iban.slice(4));
    expect(row.iban_encrypted).toMatch(/^v1\./);
    expect(decryptIban(vault, row.iban_encrypted)).toBe(input.iban);
    expect(row.iban_hash).toBe(ibanHash(vault, typedIban(input.iban)));
    expect(row.iban_last4).toBe(input.iban.slice(-4));
    expect(row).toMatchObject({ status: "confirmed", code_hash: null, phone: "+31612345678", zip: "1015 AA" });
    expect(row.signed_at).toBeInstanceOf(Date);
  });

  it("a confirmed mandate makes one pending SEPA payment, however often the code is sent again", async () => {
    const accountId = await member();
    const input = form();
    const started = await start(accountId, input, "p1");
    expect(started.kind).toBe("code_sent");
    const reference = (started as { reference: string }).reference;
    expect(reference).toMatch(/^FLIRTNL-\d{6,}$/);
    // The same form again (a double click, a resent form): the same mandate, no second SMS.
    const sent = outbox.length;
    expect(await start(accountId, input, "p1")).toEqual({ kind: "earlier", reference });
    expect(outbox).toHaveLength(sent);

    const code = lastCode();
    const answers = await Promise.all([1, 2, 3].map(() => confirmMandate({ services, site, accountId, reference, code })));
    const paymentIds = new Set(answers.map((answer) => (answer.kind === "confirmed" ? answer.paymentId : 0)));
    expect(paymentIds.size).toBe(1);
    expect(paymentIds.has(0)).toBe(false);
    const payments = await store.db.selectFrom("payments").selectAll().where("account_id", "=", accountId).execute();
    expect(payments).toHaveLength(1);
    const p1 = site.packages.find((pack) => pack.tier === "p1")!;
    expect(payments[0]).toMatchObject({ provider: "sepa", method: "directdebit", status: "pending", provider_reference: reference, package: "p1", credits: p1.credits, amount: p1.prices.EUR, currency: "EUR", order_key: input.order_key });
    // Left for the collection run: the unsettled sweep does not give it up for weeks.
    expect(payments[0]!.expires_at.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    expect((await mandateRow(reference)).payment_id).toBe(payments[0]!.id);
    // No credits before the money is collected.
    const account = await store.db.selectFrom("accounts").select(["credits", "paid_user"]).where("id", "=", accountId).executeTakeFirstOrThrow();
    expect(account).toEqual({ credits: 0, paid_user: false });
  });

  it("another member cannot confirm, or ask a new code for, someone else's mandate", async () => {
    const owner = await member();
    const stranger = await member();
    const started = await start(owner, form());
    const reference = (started as { reference: string }).reference;
    const code = lastCode();
    expect(await confirmMandate({ services, site, accountId: stranger, reference, code })).toEqual({ kind: "not_found" });
    expect(await resendCode({ services, site, accountId: stranger, reference, smsText })).toEqual({ kind: "not_found" });
    expect((await mandateRow(reference)).status).toBe("awaiting_code");
    expect(await confirmMandate({ services, site, accountId: owner, reference, code })).toMatchObject({ kind: "confirmed" });
  });

  it("answers 'Code ongeldig' for a wrong code, and the fifth wrong code voids the mandate for good", async () => {
    const accountId = await member();
    const started = await start(accountId, form());
    const reference = (started as { reference: string }).reference;
    const right = lastCode();
    const wrong = right === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left -= 1) {
      expect(await confirmMandate({ services, site, accountId, reference, code: wrong })).toEqual({ kind: "wrong_code", attemptsLeft: left });
    }
    expect(await confirmMandate({ services, site, accountId, reference, code: wrong })).toEqual({ kind: "void" });
    // Void is final: not even the right code signs it now, and no payment was made.
    expect(await confirmMandate({ services, site, accountId, reference, code: right })).toEqual({ kind: "void" });
    expect(await mandateRow(reference)).toMatchObject({ status: "void", code_attempts: 5, code_hash: null, payment_id: null });
    expect(await store.db.selectFrom("payments").select("id").where("account_id", "=", accountId).execute()).toEqual([]);
    expect(await resendCode({ services, site, accountId, reference, smsText })).toEqual({ kind: "closed" });
  });

  it("a new code replaces the old one, keeps the wrong tries counted, and is rate-limited", async () => {
    const accountId = await member();
    const started = await start(accountId, form());
    const reference = (started as { reference: string }).reference;
    const first = lastCode();
    const wrong = first === "000000" ? "111111" : "000000";
    await confirmMandate({ services, site, accountId, reference, code: wrong });
    // Three new codes per 15 minutes for one mandate; the fourth is refused with the minutes to wait.
    for (let i = 0; i < 3; i += 1) expect(await resendCode({ services, site, accountId, reference, smsText })).toEqual({ kind: "sent", smsFailed: false });
    const refused = await resendCode({ services, site, accountId, reference, smsText });
    expect(refused).toMatchObject({ kind: "too_many" });
    expect((refused as { minutes: number }).minutes).toBeGreaterThanOrEqual(1);
    expect(await mandateRow(reference)).toMatchObject({ resend_count: 3, code_attempts: 1 });
    const newest = lastCode();
    if (newest !== first) expect(await confirmMandate({ services, site, accountId, reference, code: first })).toEqual({ kind: "wrong_code", attemptsLeft: 3 });
    expect(await confirmMandate({ services, site, accountId, reference, code: newest })).toMatchObject({ kind: "confirmed" });
  });

  it("an expired code is refused without counting as wrong; a new one then signs", async () => {
    const accountId = await member();
    const started = await start(accountId, form());
    const reference = (started as { reference: string }).reference;
    await store.db.updateTable("direct_debit_mandates").set({ code_expires_at: new Date(Date.now() - 1000) }).where("reference", "=", reference).execute();
    expect(await confirmMandate({ services, site, accountId, reference, code: lastCode() })).toEqual({ kind: "expired" });
    expect((await mandateRow(reference)).code_attempts).toBe(0);
    await resendCode({ services, site, accountId, reference, smsText });
    expect(await confirmMandate({ services, site, accountId, reference, code: lastCode() })).toMatchObject({ kind: "confirmed" });
  });

  it("holds each member to the brand's monthly limit, counting only debits that did not fail", async () => {
    const accountId = await member();
    // €79.95 of €150: a second p3 would pass the limit, a p0 (€9.95) still fits.
    const { paymentId } = await signed(accountId, form(), "p3");
    expect(await start(accountId, form(), "p3")).toEqual({ kind: "refused", reason: "limit_reached" });
    await signed(accountId, form(), "p0");
    const debited = await debitedThisMonth(store.db, { site, currency: "EUR", accountId, ibanHash: "none" });
    expect(debited.member).toBe(7995 + 995);
    // A debit that failed no longer counts.
    await store.db.updateTable("payments").set({ status: "failed" }).where("id", "=", paymentId).execute();
    expect((await start(accountId, form(), "p3")).kind).toBe("code_sent");
  });

  it("holds each IBAN to the monthly limit across members, also when both sign at the same moment", async () => {
    const iban = typedIban(freshIban());
    const first = await member();
    await signed(first, form({ iban }), "p3");
    const second = await member();
    expect(await start(second, form({ iban }), "p3")).toEqual({ kind: "refused", reason: "limit_reached" });

    // Two members with one fresh IBAN, both waiting for a code: only one of them fits at signing.
    const shared = typedIban(freshIban());
    const [a, b] = [await member(), await member()];
    const startedA = await start(a, form({ iban: shared }), "p3");
    const codeA = lastCode();
    const startedB = await start(b, form({ iban: shared }), "p3");
    const codeB = lastCode();
    const results = await Promise.all([
      confirmMandate({ services, site, accountId: a, reference: (startedA as { reference: string }).reference, code: codeA }),
      confirmMandate({ services, site, accountId: b, reference: (startedB as { reference: string }).reference, code: codeB }),
    ]);
    expect(results.map((result) => result.kind).sort()).toEqual(["confirmed", "refused"]);
    expect(results.find((result) => result.kind === "refused")).toEqual({ kind: "refused", reason: "limit_reached" });
  });

  it("refuses a blocked IBAN or phone, and an account a chargeback blocked, before any SMS goes out", async () => {
    const accountId = await member();
    const iban = freshIban();
    await blockIban(store.db, vault, iban);
    const sent = outbox.length;
    expect(await start(accountId, form({ iban: typedIban(iban) }))).toEqual({ kind: "refused", reason: "blocked" });
    const phone = freshMobile();
    await store.db.insertInto("direct_debit_blocks").values({ kind: "phone", value_hash: phoneHash(vault, phone), reason: "fraud" }).execute();
    expect(await start(accountId, form({ phone }))).toEqual({ kind: "refused", reason: "blocked" });
    expect(outbox).toHaveLength(sent);

    const charged = await member();
    await store.db.updateTable("accounts").set({ purchases_blocked_at: new Date() }).where("id", "=", charged).execute();
    expect(await start(charged, form())).toEqual({ kind: "refused", reason: "blocked" });
  });

  it("a block that arrives while the code is on its way stops the signing too", async () => {
    const accountId = await member();
    const iban = freshIban();
    const started = await start(accountId, form({ iban }));
    await blockIban(store.db, vault, iban);
    expect(await confirmMandate({ services, site, accountId, reference: (started as { reference: string }).reference, code: lastCode() })).toEqual({ kind: "refused", reason: "blocked" });
  });

  it("starting again voids the member's mandate still waiting for its code", async () => {
    const accountId = await member();
    const first = (await start(accountId, form())) as { reference: string };
    const firstCode = lastCode();
    await start(accountId, form());
    expect((await mandateRow(first.reference)).status).toBe("void");
    expect(await confirmMandate({ services, site, accountId, reference: first.reference, code: firstCode })).toEqual({ kind: "void" });
  });

  it("keeps the mandate when the SMS cannot be sent, so a new code can be asked for", async () => {
    const accountId = await member();
    sendFails = true;
    const started = await start(accountId, form());
    sendFails = false;
    expect(started).toMatchObject({ kind: "code_sent", smsFailed: true });
    const reference = (started as { reference: string }).reference;
    expect(await resendCode({ services, site, accountId, reference, smsText })).toEqual({ kind: "sent", smsFailed: false });
    expect(await confirmMandate({ services, site, accountId, reference, code: lastCode() })).toMatchObject({ kind: "confirmed" });
  });

  it("debits the member's discount, records it on the mandate and the payment, and voids a mandate whose once-only code was taken meanwhile", async () => {
    const accountId = await member();
    await store.db.insertInto("discount_codes").values({ site_id: site.id, code: "INCASSO20", percentage: 20 }).execute();
    const discount = { kind: "code" as const, code: "INCASSO20", percentage: 20, minimumOrderValue: null, currency: null, country: null, personal: false, expiresAt: null, validity: "once_per_user" as const, paymentMethods: [] };
    const p1 = site.packages.find((pack) => pack.tier === "p1")!.prices.EUR!;
    const lower = Math.round(p1 * 0.8);

    const first = await startMandate({ services, site, accountId, country: "NL", currency: "EUR", tier: "p1", form: form(), smsText, discount });
    const firstCode = lastCode();
    const second = await startMandate({ services, site, accountId: await member(), country: "NL", currency: "EUR", tier: "p1", form: form(), smsText, discount });
    if (first.kind !== "code_sent" || second.kind !== "code_sent") throw new Error("not started");
    expect(await mandateRow(first.reference)).toMatchObject({ amount: lower, discount_code: "INCASSO20", amount_before_discount: p1 });
    const confirmed = await confirmMandate({ services, site, accountId, reference: first.reference, code: firstCode });
    if (confirmed.kind !== "confirmed") throw new Error(confirmed.kind);
    const payment = await store.db.selectFrom("payments").selectAll().where("id", "=", confirmed.paymentId).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ amount: lower, discount_code: "INCASSO20", amount_before_discount: p1 });
    expect(await store.db.selectFrom("discount_uses").select(["code", "state"]).where("payment_id", "=", payment.id).execute()).toEqual([{ code: "INCASSO20", state: "held" }]);

    // A later mandate carrying the code as it was looked up before the first was signed: its signing finds the code taken.
    const again = await startMandate({ services, site, accountId, country: "NL", currency: "EUR", tier: "p1", form: form(), smsText, discount });
    if (again.kind !== "code_sent") throw new Error("not started");
    expect(await confirmMandate({ services, site, accountId, reference: again.reference, code: lastCode() })).toEqual({ kind: "refused", reason: "discount_used" });
    expect((await mandateRow(again.reference)).status).toBe("void");
    expect(await store.db.selectFrom("payments").select("id").where("account_id", "=", accountId).execute()).toHaveLength(1);
  });
});
