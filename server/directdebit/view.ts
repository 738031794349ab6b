import type { Kysely } from "kysely";
import type { Database, DirectDebitMandateStatus, PaymentStatus } from "../db/schema";
import { MAX_WRONG_CODES } from "./code";
import { decryptIban, maskIban, type IbanVault } from "./iban-vault";

/** A mandate as its own member sees it: bank details masked, never whole. */
export type MandateView = {
  reference: string;
  status: DirectDebitMandateStatus;
  package: string;
  amount: number;
  currency: string;
  /** The discount code the amount is after, if any. */
  discountCode: string | null;
  accountHolder: string;
  ibanMasked: string;
  phoneMasked: string;
  attemptsLeft: number;
  codeExpiresAt: Date;
  signedAt: Date | null;
  payment: { id: number; status: PaymentStatus; credits: number } | null;
};

/** "+31 6 •••• ••78": the country code and the last two digits, enough to recognise one's own phone. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `+${digits.slice(0, 2)} ${"•".repeat(Math.max(digits.length - 4, 4))}${digits.slice(-2)}`;
}

/** The member's own mandate by its reference, on their brand; undefined for anyone else's. */
export async function memberMandate(db: Kysely<Database>, vault: IbanVault, { siteId, accountId, reference }: { siteId: string; accountId: number; reference: string }): Promise<MandateView | undefined> {
  const row = await db
    .selectFrom("direct_debit_mandates as mandate")
    .leftJoin("payments as payment", "payment.id", "mandate.payment_id")
    .select([
      "mandate.reference",
      "mandate.status",
      "mandate.package",
      "mandate.amount",
      "mandate.currency",
      "mandate.discount_code",
      "mandate.account_holder",
      "mandate.iban_encrypted",
      "mandate.phone",
      "mandate.code_attempts",
      "mandate.code_expires_at",
      "mandate.signed_at",
      "payment.id as paymentId",
      "payment.status as paymentStatus",
      "payment.credits as paymentCredits",
    ])
    .where("mandate.reference", "=", reference)
    .where("mandate.site_id", "=", siteId)
    .where("mandate.account_id", "=", accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    reference: row.reference,
    status: row.status,
    package: row.package,
    amount: row.amount,
    currency: row.currency,
    discountCode: row.discount_code,
    accountHolder: row.account_holder,
    ibanMasked: maskIban(decryptIban(vault, row.iban_encrypted)),
    phoneMasked: maskPhone(row.phone),
    attemptsLeft: Math.max(MAX_WRONG_CODES - row.code_attempts, 0),
    codeExpiresAt: row.code_expires_at,
    signedAt: row.signed_at,
    payment: row.paymentId !== null && row.paymentStatus !== null && row.paymentCredits !== null ? { id: row.paymentId, status: row.paymentStatus, credits: row.paymentCredits } : null,
  };
}
