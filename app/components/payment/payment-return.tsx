import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentStatus } from "../../../server/db/schema";
import { apiFetch } from "../../lib/api";
import { useMemberEvents, useMemberStatus } from "../member/member-status";
import { useToast } from "../toast";
import * as styles from "./payment.css";

export type ReturnPayment = { id: number; status: PaymentStatus; credits: number };

const WAITING: readonly PaymentStatus[] = ["open", "pending"];
const FAILED: readonly PaymentStatus[] = ["failed", "canceled", "expired"];

/** The poll's backoff: soon at first (most payments settle in seconds), then calmer. */
export const POLL_DELAYS_MS = [1_000, 2_000, 3_000, 5_000, 8_000, 13_000, 20_000];

type PaymentAnswer = { payment: { id: number; status: PaymentStatus }; user: { credits: number; paid_user: boolean } };

/**
 * Follows a payment that is not settled yet: the member's live `payment` event when the stream is
 * open, and a poll of /api/payment.php with backoff in case it is not. Either way, a changed status
 * reloads the page's data (the root's balance and premium with it).
 */
function useSettling(payment: ReturnPayment) {
  const { revalidate } = useRevalidator();
  const { update } = useMemberStatus();
  const waiting = WAITING.includes(payment.status);
  // The status the page shows, as the handlers last saw it (a render with fresh data resets it).
  const known = useRef(payment.status);
  useEffect(() => {
    known.current = payment.status;
  }, [payment.status]);

  useMemberEvents((event) => {
    if (event.type !== "payment" || event.payment_id !== payment.id || event.status === known.current) return;
    known.current = event.status;
    update({ paidUser: event.paid_user });
    revalidate();
  });

  useEffect(() => {
    if (!waiting) return;
    let attempt = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const response = await apiFetch(`/api/payment.php?id=${payment.id}`);
        if (response.ok) {
          const answer = (await response.json()) as PaymentAnswer;
          if (!stopped && answer.payment.status !== known.current) {
            known.current = answer.payment.status;
            update({ credits: answer.user.credits, paidUser: answer.user.paid_user });
            revalidate();
          }
        }
      } catch {
        // Offline for a moment: the next tick tries again.
      }
      if (stopped) return;
      timer = setTimeout(tick, POLL_DELAYS_MS[Math.min(attempt, POLL_DELAYS_MS.length - 1)]);
      attempt += 1;
    };
    timer = setTimeout(tick, POLL_DELAYS_MS[0]);
    attempt = 1;
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [waiting, payment.id, update, revalidate]);
}

function CompletedToast({ paymentId }: { paymentId: number }) {
  const { t } = useTranslation("payment");
  const toast = useToast();
  const shown = useRef<number>();
  useEffect(() => {
    if (shown.current === paymentId) return;
    shown.current = paymentId;
    toast({ text: t("completed.toast"), tone: "success" });
  }, [paymentId, toast, t]);
  return null;
}

type Props = {
  payment: ReturnPayment;
  balance: number;
  paidUser: boolean;
  /** The method list again, for a payment that did not go through. */
  retry: ReactNode;
};

/** The return page (§4 Payment): loading → pending → completed, or failed with a retry. */
export function PaymentReturn({ payment, balance, paidUser, retry }: Props) {
  const { t } = useTranslation(["payment", "common"]);
  const { pathname, search } = useLocation();
  useSettling(payment);
  const { status } = payment;

  if (WAITING.includes(status)) {
    const loading = status === "open";
    return (
      <section className={styles.state} aria-live="polite" aria-busy="true" data-payment-state={loading ? "loading" : "pending"}>
        <noscript>
          <meta httpEquiv="refresh" content="5" />
        </noscript>
        <div className={styles.spinner} role="img" aria-label={t(loading ? "state.loading.title" : "state.pending.title")} />
        <h2 className={styles.stateTitle}>{t(loading ? "state.loading.title" : "state.pending.title")}</h2>
        <p className={styles.stateText}>{t("state.pending.text")}</p>
        <div className={styles.actions}>
          <Link to={pathname + search} reloadDocument className={styles.link}>
            {t("state.pending.check")}
          </Link>
        </div>
      </section>
    );
  }

  if (status === "paid") {
    return (
      <section className={styles.state} aria-live="polite" data-payment-state="completed">
        <CompletedToast paymentId={payment.id} />
        <StateIcon kind="done" />
        <h2 className={styles.stateTitle}>{t("state.completed.title")}</h2>
        <p className={styles.stateText}>{t("state.completed.text", { count: payment.credits })}</p>
        <p className={styles.balance} data-balance={balance}>
          {t("state.completed.balance", { count: balance })}
        </p>
        {paidUser ? <p className={styles.stateText}>{t("state.completed.premium")}</p> : null}
        <div className={styles.actions}>
          <Link to="/members" className={styles.payButton}>
            {t("state.completed.search")}
          </Link>
          <Link to={`/transactions/${payment.id}`} className={styles.link}>
            {t("state.completed.receipt")}
          </Link>
        </div>
      </section>
    );
  }

  if (FAILED.includes(status)) {
    return (
      <>
        <section className={styles.state} aria-live="assertive" data-payment-state="failed">
          <StateIcon kind="failed" />
          <h2 className={styles.stateTitle}>{t("common:errors.paymentFailedTitle")}</h2>
          <p className={styles.stateText}>{t("common:errors.paymentFailedText")}</p>
        </section>
        <h2 className={styles.subheading}>{t("retry.title")}</h2>
        {retry}
      </>
    );
  }

  // Refunded or charged back since: the statement tells the rest.
  return (
    <section className={styles.state} data-payment-state={status}>
      <h2 className={styles.stateTitle}>{t(`status.${status}`)}</h2>
      <Link to={`/transactions/${payment.id}`} className={styles.link}>
        {t("state.completed.receipt")}
      </Link>
    </section>
  );
}

function StateIcon({ kind }: { kind: "done" | "failed" }) {
  return (
    <svg className={styles.stateIcon[kind]} width="64" height="64" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="29" fill="none" stroke="currentColor" strokeWidth="5" />
      {kind === "done" ? (
        <path d="M19 33 l9 9 l17 -19" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M23 23 l18 18 M41 23 l-18 18" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      )}
    </svg>
  );
}
