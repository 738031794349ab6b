import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as styles from "./payment.css";
import { StatusLabel } from "./transaction-list";

export type ReceiptCompany = { name: string; address: string; zip: string; city: string; country: string; kvk: string; vat_numbers: string[] };

export type ReceiptPayment = {
  id: number;
  package: string;
  credits: number;
  amount: string;
  method: string;
  status: string;
  date: string;
  paidDate: string | null;
  /** What a discount code took off, written out. */
  discount: { code: string; percent: number; saved: string } | null;
};

/**
 * One payment as a receipt (§2 transactions): the brand's company, what was bought and paid, and
 * the VAT line. Prices include VAT; the brand file carries no rate, so none is printed.
 */
export function Receipt({ company, brand, payment }: { company: ReceiptCompany; brand: string; payment: ReceiptPayment }) {
  const { t } = useTranslation("payment");
  const rows: [string, ReactNode][] = [
    [t("receipt.number"), `#${payment.id}`],
    [t("receipt.date"), payment.date],
    ...(payment.paidDate ? ([[t("receipt.paid"), payment.paidDate]] as [string, string][]) : []),
    [t("receipt.package"), t("receipt.packageName", { brand, count: payment.credits })],
    [t("receipt.method"), t(`methods.${payment.method}`, { defaultValue: payment.method })],
    ...(payment.discount ? ([[t("receipt.discount"), t("receipt.discountValue", payment.discount)]] as [string, string][]) : []),
    [t("receipt.status"), <StatusLabel key="status" status={payment.status} />],
  ];
  return (
    <article className={styles.receipt} aria-label={t("receipt.title")} data-receipt={payment.id}>
      <address className={styles.company}>
        <strong>{company.name}</strong>
        <br />
        {company.address}
        <br />
        {[company.zip, company.city].filter(Boolean).join(" ")}
        <br />
        {company.country}
        {company.kvk ? (
          <>
            <br />
            {t("receipt.kvk", { number: company.kvk })}
          </>
        ) : null}
        {company.vat_numbers.map((number) => (
          <span key={number}>
            <br />
            {t("receipt.vatNumber", { number })}
          </span>
        ))}
      </address>
      <dl className={styles.details}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.detailRow}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <p className={styles.total}>
          <span>{t("receipt.total")}</span>
          <span>{payment.amount}</span>
        </p>
        <p className={styles.secure}>{t("receipt.vatIncluded")}</p>
      </div>
    </article>
  );
}
