import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as styles from "./payment.css";

export type TransactionRow =
  | { kind: "payment"; key: string; date: string; id: number; status: string; credits: number; amount: string; credited: boolean }
  | { kind: "ledger"; key: string; date: string; reason: string; delta: number };

const TONE: Record<string, keyof typeof styles.status> = {
  paid: "good",
  open: "waiting",
  pending: "waiting",
  failed: "bad",
  canceled: "bad",
  expired: "bad",
  refunded: "waiting",
  charged_back: "bad",
};

export function StatusLabel({ status }: { status: string }) {
  const { t } = useTranslation("payment");
  return (
    <span className={styles.status[TONE[status] ?? "waiting"]} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

function Credits({ delta }: { delta: number }) {
  const { t } = useTranslation("payment");
  if (delta === 0) return <span className={styles.rowCredits}>–</span>;
  return (
    <span className={`${styles.rowCredits} ${delta > 0 ? styles.plus : styles.minus}`}>
      {t("transactions.credits", { count: Math.abs(delta), sign: delta > 0 ? "+" : "−" })}
    </span>
  );
}

/** The member's statement: newest first, each row what happened, when, and the credits it moved. */
export function TransactionList({ rows }: { rows: TransactionRow[] }) {
  const { t } = useTranslation("payment");
  return (
    <ul className={styles.rows}>
      {rows.map((row) =>
        row.kind === "payment" ? (
          <li key={row.key} className={styles.row} data-transaction={row.key}>
            <span className={styles.rowWhat}>
              <Link to={`/transactions/${row.id}`} className={styles.link}>
                {t("transactions.purchase", { count: row.credits })}
              </Link>{" "}
              · <StatusLabel status={row.status} />
            </span>
            <Credits delta={row.credited ? row.credits : 0} />
            <span className={styles.rowDate}>{row.date}</span>
            <span className={styles.rowAmount}>{row.amount}</span>
          </li>
        ) : (
          <li key={row.key} className={styles.row} data-transaction={row.key}>
            <span className={styles.rowWhat}>{t(`reasons.${row.reason}`)}</span>
            <Credits delta={row.delta} />
            <span className={styles.rowDate}>{row.date}</span>
          </li>
        ),
      )}
    </ul>
  );
}
