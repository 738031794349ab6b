import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PaymentStatus } from "../../../server/db/schema";
import * as payment from "../payment/payment.css";

type Props = {
  reference: string;
  payment: { id: number; status: PaymentStatus; credits: number };
  price: string;
  iban: string;
  creditor: { name: string; id: string };
};

/**
 * A signed mandate: while its payment waits for the collection run the member reads when the money
 * goes and when the credits come; afterwards what became of it. The same on every reload.
 */
export function MandateState({ reference, payment: paid, price, iban, creditor }: Props) {
  const { t } = useTranslation(["directdebit", "payment"]);
  const waiting = paid.status === "pending" || paid.status === "open";
  const state = waiting ? "pending" : paid.status === "paid" ? "completed" : paid.status;
  return (
    <section className={payment.state} data-payment-state={state} aria-live="polite">
      <svg className={payment.stateIcon[waiting ? "waiting" : paid.status === "paid" ? "done" : "failed"]} width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="29" fill="none" stroke="currentColor" strokeWidth="5" />
        {waiting ? (
          <path d="M32 16 v17 l11 7" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        ) : paid.status === "paid" ? (
          <path d="M19 33 l9 9 l17 -19" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M23 23 l18 18 M41 23 l-18 18" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
        )}
      </svg>
      <h2 className={payment.stateTitle}>{t(`state.${waiting ? "pending" : paid.status === "paid" ? "paid" : "ended"}.title`)}</h2>
      <p className={payment.stateText}>
        {waiting
          ? t("state.pending.text", { price, iban, count: paid.credits })
          : paid.status === "paid"
            ? t("state.paid.text", { count: paid.credits })
            : t(`payment:status.${paid.status}`)}
      </p>
      <dl className={payment.details}>
        <dt className={payment.term}>{t("state.reference")}</dt>
        <dd className={payment.value}>{reference}</dd>
        <dt className={payment.term}>{t("state.creditor")}</dt>
        <dd className={payment.value}>
          {creditor.name} ({creditor.id})
        </dd>
        <dt className={payment.term}>{t("state.account")}</dt>
        <dd className={payment.value}>{iban}</dd>
        <dt className={payment.term}>{t("state.amount")}</dt>
        <dd className={payment.value}>{price}</dd>
      </dl>
      <div className={payment.actions}>
        <Link to="/members" className={payment.payButton}>
          {t("payment:state.completed.search")}
        </Link>
        <Link to={`/transactions/${paid.id}`} className={payment.link}>
          {t("state.transaction")}
        </Link>
      </div>
    </section>
  );
}
