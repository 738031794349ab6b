import { useTranslation } from "react-i18next";
import * as styles from "./shop.css";

/** The discount a member has now (a welcome or time bonus, a code): what the promotions fill in. */
export type ActiveDiscountData = {
  code: string;
  percentage: number;
  /** Whole hours the discount is still valid, when it runs out. */
  hoursLeft?: number;
};

/** The slot above the packages for the member's active discount; nothing at all when there is none. */
export function ActiveDiscount({ discount }: { discount: ActiveDiscountData | null }) {
  const { t } = useTranslation("credits");
  if (!discount) return null;
  return (
    <aside className={styles.discount} aria-label={t("discount.label")} data-active-discount>
      <strong className={styles.discountTitle}>{t("discount.title", { percent: discount.percentage })}</strong>
      <span className={styles.discountDetail}>{t("discount.code", { code: discount.code })}</span>
      {discount.hoursLeft !== undefined ? <span>{t("discount.hoursLeft", { count: discount.hoursLeft })}</span> : null}
    </aside>
  );
}

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
