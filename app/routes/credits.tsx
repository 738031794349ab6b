import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { hasPaidBefore } from "../../server/payments/paid-before";
import { useMemberStatus } from "../components/member/member-status";
import { PackageCards } from "../components/shop/package-card";
import * as styles from "../components/shop/shop.css";
import { DiscountCodeForm } from "../components/shop/discount-code-form";
import { ActiveDiscount, OneTimePaymentNotice } from "../components/shop/shop-notices";
import { requireMember } from "../lib/auth.server";
import { CODE_PARAM, codeQuery, discountForView, shopDiscount } from "../lib/discounts.server";
import { accountMeta } from "../lib/meta";
import { shopPackages } from "../lib/shop.server";

export const handle = { i18n: ["credits"] };
export const meta = accountMeta;

/**
 * /credits (§2): the member's balance and the brand's packages in their currency, after their
 * discount (a code in ?code=, else the time bonus or welcome discount); each leads to the method choice.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const { discount, refusal, typedCode } = await shopDiscount(context, member, new URL(request.url).searchParams.get(CODE_PARAM));
  return {
    title: context.t("credits:credits.title"),
    credits: member.credits,
    packages: shopPackages(context, discount),
    repeatOrder: await hasPaidBefore(context.services.store.db, { siteId: context.site.id, accountId: member.accountId }),
    discount: discount ? discountForView(context, discount) : null,
    typedCode: typedCode ?? refusal?.code ?? "",
    refusal: refusal?.message,
    orderQuery: codeQuery(typedCode),
  };
}

export default function Credits() {
  const { title, credits, packages, repeatOrder, discount, typedCode, refusal, orderQuery } = useLoaderData<typeof loader>();
  const { t } = useTranslation("credits");
  // The live balance once the page runs (a purchase in another tab, a message sent); the loader's before.
  const balance = useMemberStatus().member?.credits ?? credits;
  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{title}</h1>
          <p className={styles.lead}>{t("credits.lead")}</p>
        </div>
        <p className={styles.balance}>
          <span className={styles.balanceLabel}>{t("credits.balanceLabel")}</span>
          <span className={styles.balanceValue} data-balance={balance}>
            {t("credits.balance", { count: balance })}
          </span>
        </p>
      </header>
      <ActiveDiscount discount={discount} />
      <h2 className={styles.sectionTitle}>{t("credits.choose")}</h2>
      <PackageCards packages={packages} action={{ href: (tier) => `/credits/${tier}${orderQuery}`, label: t("package.buy") }} />
      <DiscountCodeForm value={typedCode} refusal={refusal} />
      <OneTimePaymentNotice />
      <div className={styles.links}>
        {repeatOrder ? (
          <Link to="/credits/repeat-order" className={styles.link} data-repeat-order>
            {t("credits.repeatOrder")}
          </Link>
        ) : null}
        <Link to="/pricing" className={styles.link}>
          {t("credits.pricingLink")}
        </Link>
        <Link to="/transactions" className={styles.link}>
          {t("credits.transactions")}
        </Link>
      </div>
    </main>
  );
}
