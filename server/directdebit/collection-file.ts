import { Document } from "sepa";
import type { DirectDebitSettings } from "../sites/payments";

/** The ISO 20022 message banks take SEPA Core direct debits in (EPC's implementation guide version). */
export const PAIN_FORMAT = "pain.008.001.02";

/** One debit of a collection file, as the mandate and the payment give it. */
export type CollectionDebit = {
  endToEndId: string;
  /** Minor units (cents). */
  amount: number;
  mandateReference: string;
  /** 'YYYY-MM-DD': the mandate's date of signature. */
  mandateSignedOn: string;
  debtorName: string;
  debtorIban: string;
  remittance: string;
};

export type CollectionFileInput = {
  messageId: string;
  createdAt: Date;
  /** 'YYYY-MM-DD': the day the bank is asked to collect. */
  collectionDate: string;
  currency: string;
  creditor: DirectDebitSettings;
  debits: CollectionDebit[];
};

/**
 * The pain.008.001.02 document of one collection: one payment information block of one-off (OOFF)
 * SEPA Core debits for the brand's creditor id, written by the `sepa` library. The same input
 * always gives the same file, so a rerun can write a lost file again exactly.
 */
export function collectionFile({ messageId, createdAt, collectionDate, currency, creditor, debits }: CollectionFileInput): string {
  const document = new Document(PAIN_FORMAT);
  document.grpHdr.id = messageId;
  document.grpHdr.created = createdAt;
  document.grpHdr.initiatorName = sepaText(creditor.creditor_name, 70);

  const info = document.createPaymentInfo();
  info.collectionDate = localDay(collectionDate);
  info.creditorIBAN = creditor.creditor_iban;
  // Without a BIC the library writes NOTPROVIDED, which SEPA has accepted since IBAN-only came in.
  info.creditorBIC = creditor.creditor_bic ?? "";
  info.creditorName = sepaText(creditor.creditor_name, 70);
  info.creditorId = creditor.creditor_id;
  info.localInstrumentation = "CORE";
  info.sequenceType = "OOFF";
  info.batchBooking = true;
  document.addPaymentInfo(info);

  for (const debit of debits) {
    const transaction = info.createTransaction();
    transaction.end2endId = debit.endToEndId;
    transaction.amount = debit.amount / 100;
    transaction.currency = currency;
    transaction.mandateId = debit.mandateReference;
    transaction.mandateSignatureDate = localDay(debit.mandateSignedOn);
    // A name wholly outside the basic Latin set (Cyrillic, Greek) leaves nothing: the IBAN identifies the debtor.
    transaction.debtorName = sepaText(debit.debtorName, 70) || "NOTPROVIDED";
    transaction.debtorIBAN = debit.debtorIban;
    transaction.debtorBIC = "";
    transaction.remittanceInfo = sepaText(debit.remittance, 140);
    info.addTransaction(transaction);
  }
  return document.toString();
}

/**
 * The library writes dates in the process's time zone; a calendar day made at local midnight comes
 * out as the same day whatever that zone is.
 */
function localDay(isoDay: string): Date {
  const [year, month, day] = isoDay.split("-").map(Number);
  return new Date(year!, month! - 1, day!);
}

/**
 * Text in the SEPA character set (EPC's basic Latin: letters, digits, space and / - ? : ( ) . , ' +):
 * accents are dropped (Müller → Muller), anything else becomes a space, at most `max` characters.
 */
export function sepaText(value: string, max: number): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
}
