import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../server/i18n/dates";
import { CREDITED, formatCursor, memberPayment, parseCursor, paymentIdOf, transactionsPage } from "../../server/payments/history";
import { formatMoney } from "../../server/payments/money";
import { Receipt } from "../components/payment/receipt";
import { TransactionList, type TransactionRow } from "../components/payment/transaction-list";
import * as styles from "../components/payment/payment.css";
import { emptyState, emptyStateTitle } from "../styles/empty-state.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { useHydrated } from "../lib/use-hydrated";
import { memberTimeZone, paymentForView } from "../lib/payments.server";
import { moneyLocale } from "../lib/shop.server";

export const handle = { i18n: ["payment"] };
export const meta = accountMeta;

const notFound = () => new Response("Not found", { status: 404 });

/**
 * /transactions/:id? (§2): the member's payments and credit movements, newest first, a page at a
 * time by a `before` cursor; with a payment id, that payment's receipt (the member's own only).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const db = context.services.store.db;
  const owner = { siteId: context.site.id, accountId: member.accountId };
  const timeZone = memberTimeZone(context, member);

  if (params.id !== undefined) {
    const paymentId = paymentIdOf(params.id);
    const payment = paymentId === undefined ? undefined : await memberPayment(db, { ...owner, paymentId });
    if (!payment) throw notFound();
    const { name, address, zip, city, country, kvk, vat_numbers } = context.site.company;
    return {
      title: context.t("payment:receipt.title"),
      receipt: { payment: paymentForView(context, payment, timeZone), company: { name, address, zip, city, country, kvk, vat_numbers }, brand: context.site.name },
      rows: [],
      next: null,
      balance: member.credits,
    };
  }

  const before = parseCursor(new URL(request.url).searchParams.get("before"));
  const page = await transactionsPage(db, { ...owner, before });
  const rows: TransactionRow[] = page.entries.map((entry) =>
    entry.kind === "payment"
      ? {
          kind: "payment",
          key: entry.key,
          date: formatDate(entry.at, context.language, timeZone, "PPp"),
          id: entry.payment.id,
          status: entry.payment.status,
          credits: entry.payment.credits,
          amount: formatMoney(entry.payment.amount, entry.payment.currency, moneyLocale(context)),
          credited: CREDITED.includes(entry.payment.status),
        }
      : { kind: "ledger", key: entry.key, date: formatDate(entry.at, context.language, timeZone, "PPp"), reason: entry.reason, delta: entry.delta },
  );
  return {
    title: context.t("payment:transactions.title"),
    receipt: null,
    rows,
    next: page.next ? `/transactions?before=${formatCursor(page.next)}` : null,
    balance: member.credits,
  };
}

export default function Transactions() {
  const { receipt, rows, next, balance } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payment");

  if (receipt) {
    return (
      <main id="main" className={styles.page}>
        <p className={styles.noPrint}>
          <Link to="/transactions" className={styles.link}>
            {t("receipt.back")}
          </Link>
        </p>
        <h1 className={styles.heading}>{t("receipt.heading", { brand: receipt.brand })}</h1>
        <Receipt company={receipt.company} brand={receipt.brand} payment={receipt.payment} />
        <p className={`${styles.more} ${styles.noPrint}`}>
          <PrintButton />
        </p>
      </main>
    );
  }

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{t("transactions.title")}</h1>
      <p className={styles.balance}>{t("transactions.balance", { count: balance })}</p>
      <p className={styles.muted}>
        <Link to="/credits" className={styles.link}>
          {t("transactions.buy")}
        </Link>
      </p>
      {rows.length === 0 ? (
        <div className={emptyState}>
          <h2 className={emptyStateTitle}>{t("transactions.empty")}</h2>
        </div>
      ) : (
        <TransactionList rows={rows} />
      )}
      {next ? (
        <p className={styles.more}>
          <Link to={next} className={styles.secondaryButton} rel="next">
            {t("transactions.older")}
          </Link>
        </p>
      ) : null}
    </main>
  );
}

/** Printing is the browser's own; the button saves a trip to its menu, and shows only where a script can press it. */
function PrintButton() {
  const { t } = useTranslation("payment");
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className={styles.secondaryButton} onClick={() => window.print()}>
      {t("receipt.print")}
    </button>
  );
}
