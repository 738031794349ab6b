import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PackageTier } from "../../../server/sites/payments";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as styles from "./package-card.css";

/** A package as the shop shows it, every amount already written in the visitor's currency and locale. */
export type ShopPackage = {
  tier: PackageTier;
  credits: number;
  popular: boolean;
  price: string;
  normalPrice: string | null;
  discountPercent: number | null;
  perCredit: string;
  /** The member's discount code this price is after, when one lowers it (the struck price is then the package's own). */
  discountCode?: string;
};

/** Where a card's button goes, and what it says ("Choose", or "Log in to buy" for visitors). */
export type BuyAction = { href: (tier: PackageTier) => string; label: string };

/** The packages as cards, p0 to p3, the popular one raised; each button is a plain link, so it works without JavaScript. */
export function PackageCards({ packages, action }: { packages: ShopPackage[]; action: BuyAction }) {
  return (
    <ul className={styles.grid} data-packages>
      {packages.map((pack) => (
        <PackageCard key={pack.tier} pack={pack} action={action} />
      ))}
    </ul>
  );
}

function PackageCard({ pack, action }: { pack: ShopPackage; action: BuyAction }) {
  const { t } = useTranslation("credits");
  const name = t(`package.tier.${pack.tier}`);
  const headingId = `package-${pack.tier}`;
  return (
    <li className={pack.popular ? styles.popularCard : styles.card} data-tier={pack.tier} data-popular={pack.popular ? "true" : undefined}>
      {pack.popular ? <p className={styles.popularBadge}>{t("package.popular")}</p> : null}
      <h3 id={headingId} className={styles.tier}>
        {name}
      </h3>
      {pack.discountPercent !== null ? (
        <p className={styles.ribbon} data-discount>
          <span className={visuallyHidden}>{t("package.discountLabel", { percent: pack.discountPercent })}</span>
          <span aria-hidden="true">−{pack.discountPercent}%</span>
        </p>
      ) : (
        <span className={styles.noRibbon} />
      )}
      <p className={styles.credits}>
        <span className={styles.creditsNumber}>{pack.credits}</span>
        <span className={styles.creditsUnit}>{t("package.creditsUnit", { count: pack.credits })}</span>
      </p>
      <p className={styles.price}>
        {pack.normalPrice !== null ? (
          <s className={styles.normalPrice} data-normal-price>
            <span className={visuallyHidden}>{t("package.normalPrice")} </span>
            {pack.normalPrice}
          </s>
        ) : null}
        <span className={styles.amount} data-price>
          {pack.normalPrice !== null ? <span className={visuallyHidden}>{t("package.nowPrice")} </span> : null}
          {pack.price}
        </span>
      </p>
      <p className={styles.perCredit}>{t("package.perCredit", { price: pack.perCredit })}</p>
      {pack.discountCode ? (
        <p className={styles.codeNote} data-code-price={pack.discountCode}>
          {t("package.withCode", { code: pack.discountCode })}
        </p>
      ) : null}
      <Link
        to={action.href(pack.tier)}
        className={pack.popular ? styles.buyPopular : styles.buy}
        aria-label={`${action.label}: ${name}, ${t("package.summary", { count: pack.credits, price: pack.price })}`}
      >
        {action.label}
      </Link>
    </li>
  );
}
