import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { whatThingsCost } from "../../server/payments/packages";
import { PackageCards } from "../components/shop/package-card";
import * as shop from "../components/shop/shop.css";
import { OneTimePaymentNotice } from "../components/shop/shop-notices";
import { loaderHead } from "../lib/meta";
import { publicPageHead } from "../lib/page-head.server";
import { countryNamer } from "../lib/profiles.server";
import { buyHref } from "../lib/shop-links";
import { shopPackages } from "../lib/shop.server";
import * as styles from "./pricing.css";

export const handle = { i18n: ["credits"] };

/** A public page: search engines may show what the brand costs. */
export const meta = loaderHead;

/**
 * /pricing (§2, public): the packages in the visitor's currency and what each thing costs on this
 * brand for a visitor of their country, with the refund period and the return policy.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const { site, t } = context;
  const costs = whatThingsCost(site, context.country);
  return {
    head: publicPageHead(context, request, { title: `${t("credits:pricing.title")} | ${site.name}`, description: t("credits:pricing.lead", { name: site.name }) }),
    brand: site.name,
    signedIn: context.member !== undefined,
    packages: shopPackages(context),
    costs,
    // The minimum is worth a line only where it raises the price of a message.
    minimum: costs.countryMinimum !== undefined && costs.countryMinimum >= site.message_credits ? { country: countryNamer(context.language)(context.country), count: costs.countryMinimum } : null,
    refundDays: site.refund_days,
  };
}

export default function Pricing() {
  const { brand, signedIn, packages, costs, minimum, refundDays } = useLoaderData<typeof loader>();
  const { t } = useTranslation("credits");
  const rows = [
    ["message", costs.message],
    ["photo", costs.photo],
    ["gift", costs.gift],
  ] as const;
  return (
    <main id="main" className={shop.page}>
      <header className={shop.header}>
        <div>
          <h1 className={shop.heading}>{t("pricing.title")}</h1>
          <p className={shop.lead}>{t("pricing.lead", { name: brand })}</p>
        </div>
      </header>

      <h2 className={shop.sectionTitle}>{t("pricing.packagesTitle")}</h2>
      <PackageCards packages={packages} action={{ href: (tier) => buyHref(tier, signedIn), label: signedIn ? t("package.buy") : t("package.signInToBuy") }} />
      <OneTimePaymentNotice />

      <div className={styles.columns}>
        <section className={styles.panel} aria-labelledby="pricing-costs">
          <h2 id="pricing-costs" className={styles.panelTitle}>
            {t("pricing.costsTitle")}
          </h2>
          <dl className={styles.costs} data-costs>
            {rows.map(([thing, count]) => (
              <div key={thing} className={styles.cost} data-cost={thing}>
                <dt className={styles.costLabel}>{t(`pricing.things.${thing}`)}</dt>
                <dd className={styles.costValue}>{t("pricing.creditsCost", { count })}</dd>
              </div>
            ))}
          </dl>
          {minimum ? (
            <p className={styles.note} data-minimum>
              {t("pricing.minimum", { country: minimum.country, count: minimum.count })}
            </p>
          ) : null}
          <p className={styles.free}>{t("pricing.free")}</p>
        </section>
        <section className={styles.panel} aria-labelledby="pricing-refund">
          <h2 id="pricing-refund" className={styles.panelTitle}>
            {t("pricing.refundTitle")}
          </h2>
          <p>{t("pricing.refund", { count: refundDays })}</p>
          <Link to="/pages/return-policy" className={shop.link}>
            {t("pricing.returnPolicy")}
          </Link>
        </section>
      </div>
    </main>
  );
}
