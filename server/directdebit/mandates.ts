import { sql, type Transaction } from "kysely";
import { consume, minutesFrom } from "../accounts/limits";
import type { Database } from "../db/schema";
import type { Services } from "../http/request-context";
import type { Site } from "../sites/schema";
import { directDebitBlocked, lockIban, withinMonthlyLimit } from "./checks";
import { CODE_VALID_MS, MAX_WRONG_CODES, newCode } from "./code";
import type { MandateForm } from "./form";
import { codeHash, codeMatches, encryptIban, ibanHash, phoneHash } from "./iban-vault";
import { directDebitAmount, directDebitOffer, mandateReference } from "./offer";
import { holdDiscount, validityOf, type Discount } from "../promotions/discounts";

/**
 * A member's direct-debit mandate from form to pending payment (§3, §4 Direct debit): the form
 * makes a mandate that waits for its SMS code; the right code signs it and creates the payment in
 * the same transaction; five wrong codes void it. Every refusal is a value the page words.
 */

export type DirectDebitServices = Pick<Services, "store" | "log" | "sms" | "ibanVault" | "directDebitLimits">;

/** The SMS text of a code, in the member's language. */
export type SmsText = (code: string) => string;

/** How long a direct-debit payment may wait for the collection run before the unsettled sweep gives it up. */
export const COLLECTION_WINDOW_DAYS = 30;

export type StartRefusal = "unavailable" | "unknown_package" | "blocked" | "limit_reached" | "too_many_codes";

export type StartResult =
  | { kind: "code_sent"; reference: string; smsFailed: boolean }
  /** The same form again (its order key): the mandate it made, no second one and no second SMS. */
  | { kind: "earlier"; reference: string }
  | { kind: "refused"; reason: StartRefusal; minutes?: number };

type StartInput = {
  services: DirectDebitServices;
  site: Site;
  accountId: number;
  /** The visitor's country and currency, from the request context. */
  country: string;
  currency: string;
  tier: string;
  form: MandateForm;
  smsText: SmsText;
  /** The member's discount, as server/promotions looked it up for this request. */
  discount?: Discount;
};

/**
 * Stores a mandate that waits for its code and texts the code to the member. The account row is
 * locked first, so a member's forms and confirmations queue up: of two equal order keys the second
 * finds the first's mandate. A member's earlier mandate still waiting for a code is voided: one is
 * open at a time.
 */
export async function startMandate({ services, site, accountId, country, currency, tier, form, smsText, discount }: StartInput): Promise<StartResult> {
  const { store, ibanVault: vault, directDebitLimits: limits } = services;
  const offer = directDebitOffer({ site, country, currency, vault });
  if (!offer) return { kind: "refused", reason: "unavailable" };
  const priced = directDebitAmount({ site, currency, tier, discount });
  if (!priced) return { kind: "refused", reason: "unknown_package" };
  const hashes = { ibanHash: ibanHash(vault, form.iban), phoneHash: phoneHash(vault, form.phone) };
  const code = newCode();

  const outcome = await store.db.transaction().execute(async (tx): Promise<StartResult> => {
    await lockAccount(tx, site.id, accountId);
    const earlier = await tx.selectFrom("direct_debit_mandates").select("reference").where("account_id", "=", accountId).where("order_key", "=", form.order_key).executeTakeFirst();
    if (earlier) return { kind: "earlier", reference: earlier.reference };
    if (await directDebitBlocked(tx, { accountId, ...hashes })) return { kind: "refused", reason: "blocked" };
    const fits = await withinMonthlyLimit(tx, { site, currency, accountId, ibanHash: hashes.ibanHash, amount: priced.amount, limit: offer.monthlyLimit });
    if (!fits) return { kind: "refused", reason: "limit_reached" };
    const sms = await consume(limits.memberSms, `${site.id}:${accountId}`);
    if (!sms.allowed) return { kind: "refused", reason: "too_many_codes", minutes: minutesFrom(sms.msBeforeNext) };

    await tx
      .updateTable("direct_debit_mandates")
      .set({ status: "void", code_hash: null })
      .where("account_id", "=", accountId)
      .where("status", "=", "awaiting_code")
      .execute();
    const { number } = await sql<{ number: string }>`select nextval('direct_debit_mandate_numbers') as number`.execute(tx).then((result) => result.rows[0]!);
    const reference = mandateReference(site.id, Number(number));
    await tx
      .insertInto("direct_debit_mandates")
      .values({
        site_id: site.id,
        account_id: accountId,
        reference,
        account_holder: form.account_holder,
        iban_encrypted: encryptIban(vault, form.iban),
        iban_hash: hashes.ibanHash,
        iban_last4: form.iban.slice(-4),
        street: form.street,
        house_number: form.house_number,
        zip: form.zip,
        city: form.city,
        phone: form.phone,
        phone_hash: hashes.phoneHash,
        package: tier,
        amount: priced.amount,
        currency,
        ...(priced.discount ? { discount_code: priced.discount.code, discount_percentage: priced.discount.percentage, amount_before_discount: priced.price } : {}),
        order_key: form.order_key,
        code_hash: codeHash(vault, reference, code),
        code_sent_at: sql<Date>`now()`,
        code_expires_at: sql<Date>`now() + make_interval(secs => ${CODE_VALID_MS / 1000})`,
      })
      .execute();
    return { kind: "code_sent", reference, smsFailed: false };
  });
  if (outcome.kind !== "code_sent") return outcome;
  // After the commit: no transaction waits on the SMS provider. A failed send leaves the resend button.
  const sent = await sendCode(services, { siteId: site.id, to: form.phone, text: smsText(code), reference: outcome.reference });
  return { ...outcome, smsFailed: !sent };
}

async function lockAccount(tx: Transaction<Database>, siteId: string, accountId: number) {
  await tx.selectFrom("accounts").select("id").where("id", "=", accountId).where("site_id", "=", siteId).forUpdate().executeTakeFirst();
}

async function sendCode(services: DirectDebitServices, { siteId, to, text, reference }: { siteId: string; to: string; text: string; reference: string }): Promise<boolean> {
  try {
    await services.sms.send({ siteId, to, text });
    services.log.info({ siteId, mandate: reference }, "direct-debit code sent");
    return true;
  } catch (error) {
    services.log.error({ err: error, siteId, mandate: reference }, "the direct-debit code could not be sent");
    return false;
  }
}

export type ConfirmResult =
  | { kind: "confirmed"; paymentId: number }
  | { kind: "wrong_code"; attemptsLeft: number }
  | { kind: "expired" }
  /** Five wrong codes, or refused after the code: the member starts again. */
  | { kind: "void" }
  /** The mandate is void: blocked, over the monthly limit, or its once-only discount was taken by another payment meanwhile. */
  | { kind: "refused"; reason: "blocked" | "limit_reached" | "discount_used" }
  | { kind: "not_found" };

/** The mandate's discount is held by another payment: its transaction must write nothing. */
class DiscountTaken extends Error {}

type MandateInput = { services: DirectDebitServices; site: Site; accountId: number; reference: string };

/**
 * Checks a code against the member's own mandate. The right one signs the mandate and creates its
 * pending payment (provider sepa, method directdebit) in one transaction; asked again, it answers
 * the same payment. A wrong one counts, and the fifth voids the mandate. Blocks and the monthly
 * limits are checked again at signing, under a lock per IBAN.
 */
export async function confirmMandate({ services, site, accountId, reference, code }: MandateInput & { code: string }): Promise<ConfirmResult> {
  const { store, ibanVault: vault } = services;
  const result = await store.db.transaction().execute(async (tx): Promise<ConfirmResult> => {
    await lockAccount(tx, site.id, accountId);
    const mandate = await tx
      .selectFrom("direct_debit_mandates")
      .selectAll()
      .where("reference", "=", reference)
      .where("site_id", "=", site.id)
      .where("account_id", "=", accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!mandate) return { kind: "not_found" };
    if (mandate.status === "confirmed" && mandate.payment_id !== null) return { kind: "confirmed", paymentId: mandate.payment_id };
    if (mandate.status === "void" || !mandate.code_hash) return { kind: "void" };
    const voidIt = () => tx.updateTable("direct_debit_mandates").set({ status: "void", code_hash: null }).where("id", "=", mandate.id).execute();

    if (!codeMatches(vault, reference, code, mandate.code_hash)) {
      const attempts = mandate.code_attempts + 1;
      if (attempts >= MAX_WRONG_CODES) {
        await tx.updateTable("direct_debit_mandates").set({ status: "void", code_hash: null, code_attempts: attempts }).where("id", "=", mandate.id).execute();
        return { kind: "void" };
      }
      await tx.updateTable("direct_debit_mandates").set({ code_attempts: attempts }).where("id", "=", mandate.id).execute();
      return { kind: "wrong_code", attemptsLeft: MAX_WRONG_CODES - attempts };
    }
    // The right code, but too late: it is not spent, a new one is asked for.
    if (mandate.code_expires_at.getTime() < Date.now()) return { kind: "expired" };

    await lockIban(tx, mandate.iban_hash);
    if (await directDebitBlocked(tx, { accountId, ibanHash: mandate.iban_hash, phoneHash: mandate.phone_hash })) {
      await voidIt();
      return { kind: "refused", reason: "blocked" };
    }
    const limit = site.direct_debit?.monthly_limit[mandate.currency];
    const pack = site.packages.find((candidate) => candidate.tier === mandate.package);
    const fits =
      limit !== undefined &&
      (await withinMonthlyLimit(tx, { site, currency: mandate.currency, accountId, ibanHash: mandate.iban_hash, amount: mandate.amount, limit }));
    if (!fits || !pack) {
      await voidIt();
      return { kind: "refused", reason: "limit_reached" };
    }

    const payment = await tx
      .insertInto("payments")
      .values({
        site_id: site.id,
        account_id: accountId,
        package: pack.tier,
        credits: pack.credits,
        amount: mandate.amount,
        currency: mandate.currency,
        method: "directdebit",
        provider: "sepa",
        provider_reference: reference,
        status: "pending",
        order_key: mandate.order_key,
        expires_at: sql<Date>`now() + make_interval(days => ${COLLECTION_WINDOW_DAYS})`,
        discount_code: mandate.discount_code,
        discount_percentage: mandate.discount_percentage === null ? null : Number(mandate.discount_percentage),
        amount_before_discount: mandate.amount_before_discount,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A once-only discount another payment of the member took meanwhile: this one may not have it too.
    if (mandate.discount_code) {
      const discount = { code: mandate.discount_code, validity: await validityOf(tx, { siteId: site.id, code: mandate.discount_code }) };
      if (!(await holdDiscount(tx, { discount, accountId, paymentId: payment.id }))) throw new DiscountTaken();
    }
    await tx
      .updateTable("direct_debit_mandates")
      .set({ status: "confirmed", code_hash: null, payment_id: payment.id, signed_at: sql<Date>`now()` })
      .where("id", "=", mandate.id)
      .execute();
    await tx
      .insertInto("payment_events")
      .values({ payment_id: payment.id, provider: "sepa", provider_reference: reference, status: "pending", outcome: "applied", detail: "mandate signed with the SMS code" })
      .execute();
    return { kind: "confirmed", paymentId: payment.id };
  }).catch(async (error: unknown): Promise<ConfirmResult> => {
    if (!(error instanceof DiscountTaken)) throw error;
    await store.db.updateTable("direct_debit_mandates").set({ status: "void", code_hash: null }).where("reference", "=", reference).where("status", "=", "awaiting_code").execute();
    return { kind: "refused", reason: "discount_used" };
  });
  services.log.info({ siteId: site.id, mandate: reference, outcome: result.kind }, "direct-debit code checked");
  return result;
}

export type ResendResult =
  | { kind: "sent"; smsFailed: boolean }
  | { kind: "too_many"; minutes: number }
  | { kind: "closed" }
  | { kind: "not_found" };

/**
 * A new code for a mandate still waiting for one (the old code stops working), within the resend
 * limits. Wrong codes given so far still count: a new code does not give five more tries.
 */
export async function resendCode({ services, site, accountId, reference, smsText }: MandateInput & { smsText: SmsText }): Promise<ResendResult> {
  const { store, ibanVault: vault, directDebitLimits: limits } = services;
  const mandate = await store.db
    .selectFrom("direct_debit_mandates")
    .select(["id", "status", "phone"])
    .where("reference", "=", reference)
    .where("site_id", "=", site.id)
    .where("account_id", "=", accountId)
    .executeTakeFirst();
  if (!mandate) return { kind: "not_found" };
  if (mandate.status !== "awaiting_code") return { kind: "closed" };
  for (const [limiter, key] of [
    [limits.resend, `${mandate.id}`],
    [limits.memberSms, `${site.id}:${accountId}`],
  ] as const) {
    const spent = await consume(limiter, key);
    if (!spent.allowed) return { kind: "too_many", minutes: minutesFrom(spent.msBeforeNext) };
  }
  const code = newCode();
  const renewed = await store.db
    .updateTable("direct_debit_mandates")
    .set((eb) => ({
      code_hash: codeHash(vault, reference, code),
      code_sent_at: sql<Date>`now()`,
      code_expires_at: sql<Date>`now() + make_interval(secs => ${CODE_VALID_MS / 1000})`,
      resend_count: eb("resend_count", "+", 1),
    }))
    .where("id", "=", mandate.id)
    .where("status", "=", "awaiting_code")
    .executeTakeFirst();
  if (renewed.numUpdatedRows === 0n) return { kind: "closed" };
  const sent = await sendCode(services, { siteId: site.id, to: mandate.phone, text: smsText(code), reference });
  return { kind: "sent", smsFailed: !sent };
}
