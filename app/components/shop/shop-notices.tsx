import { useTranslation } from "react-i18next";
import { deferredModule } from "../../lib/deferred-module";
import * as styles from "./shop.css";

/** The discount a member's prices are after (the time bonus, the welcome discount, a code they typed). */
export type ActiveDiscountData = {
  code: string;
  kind: "code" | "time_bonus" | "welcome";
  percentage: number;
  /** Whole hours the welcome discount is still valid. */
  hoursLeft?: number;
  /** Seconds the time bonus still runs, by the server's clock. */
  secondsLeft?: number;
  /** The lowest package price it applies to, written out. */
  minimum?: string;
};

/** The strip above the packages naming the member's discount; nothing at all when there is none. */
export function ActiveDiscount({ discount }: { discount: ActiveDiscountData | null }) {
  const { t } = useTranslation("credits");
  if (!discount) return null;
  const percent = Math.round(discount.percentage);
  return (
    <aside className={styles.discount} aria-label={t("discount.label")} data-active-discount={discount.code}>
      <strong className={styles.discountTitle}>
        {discount.kind === "time_bonus" ? t("discount.timeBonus", { percent }) : discount.kind === "welcome" ? t("discount.welcome", { percent }) : t("discount.title", { percent })}
      </strong>
      <span className={styles.discountDetail}>{t("discount.code", { code: discount.code })}</span>
      {discount.hoursLeft !== undefined ? <span data-hours-left={discount.hoursLeft}>{t("discount.hoursLeft", { count: discount.hoursLeft })}</span> : null}
      {discount.secondsLeft !== undefined ? <TimeLeft seconds={discount.secondsLeft} /> : null}
      {discount.minimum !== undefined ? <span>{t("discount.minimum", { amount: discount.minimum })}</span> : null}
    </aside>
  );
}

// The clock comes with the promotions' code, fetched only while a member has the time bonus.
const TimeLeft = deferredModule(() => import("../promotions/promotions")).part((module) => module.TimeLeft);

/** "No subscription": one payment, nothing renews (§2 one-time-payment notice). */
export function OneTimePaymentNotice() {
  const { t } = useTranslation("credits");
  return (
    <div className={styles.notice} data-one-time>
      <svg className={styles.noticeIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="11" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className={styles.noticeText}>
        <strong className={styles.noticeTitle}>{t("oneTime.title")}</strong>
        {t("oneTime.text")}
      </p>
    </div>
  );
}
