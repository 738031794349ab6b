import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { FREE_CONVERSATIONS } from "../../server/chat/pricing";
import { PHOTO_LIMITS } from "../../server/photos/photos";
import { PackageCards } from "../components/shop/package-card";
import * as shop from "../components/shop/shop.css";
import { DiscountCodeForm } from "../components/shop/discount-code-form";
import { ActiveDiscount, OneTimePaymentNotice } from "../components/shop/shop-notices";
import { CODE_PARAM, codeQuery, discountForView, shopDiscount } from "../lib/discounts.server";
import { accountMeta } from "../lib/meta";
import { buyHref } from "../lib/shop-links";
import { shopPackages } from "../lib/shop.server";
import * as styles from "./premium.css";

export const handle = { i18n: ["credits"] };
export const meta = accountMeta;

/** §9: what premium members are told about their chances. */
const MATCH_CHANCE_PERCENT = 46;

/**
 * /premium (§2): the tiers p0–p3 and what premium gives. Any first purchase makes a member
 * premium; visitors may look, and the buttons send them through login first.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = context.member;
  // A member's prices are after their discount, as on /credits; a visitor sees the brand's own.
  const { discount, refusal, typedCode } = member ? await shopDiscount(context, member, new URL(request.url).searchParams.get(CODE_PARAM)) : { discount: undefined, refusal: undefined, typedCode: undefined };
  return {
    title: context.t("credits:premium.title"),
    signedIn: member !== undefined,
    premium: member?.paidUser ?? false,
    packages: shopPackages(context, discount),
    discount: discount ? discountForView(context, discount) : null,
    typedCode: typedCode ?? refusal?.code ?? "",
    refusal: refusal?.message,
    orderQuery: codeQuery(typedCode),
    // The numbers the photo and chat code enforce, so the page never promises more than they allow.
    limits: { freePhotos: PHOTO_LIMITS.free, premiumPhotos: PHOTO_LIMITS.premium, freeConversations: FREE_CONVERSATIONS },
  };
}

export default function Premium() {
  const { title, signedIn, premium, packages, limits, discount, typedCode, refusal, orderQuery } = useLoaderData<typeof loader>();
  const { t } = useTranslation("credits");
  return (
    <main id="main" className={shop.page}>
      <section className={styles.hero} aria-labelledby="premium-title">
        <p className={styles.eyebrow}>{t("premium.eyebrow")}</p>
        <h1 id="premium-title" className={styles.title}>
          {title}
        </h1>
        <p className={styles.claim} data-claim>
          {t("premium.claim", { percent: MATCH_CHANCE_PERCENT })}
        </p>
        {premium ? (
          <p className={styles.status} data-premium-member>
            {t("premium.already")}
          </p>
        ) : (
          <a href="#packages" className={styles.heroAction}>
            {t("premium.seePackages")}
          </a>
        )}
      </section>

      <h2 className={shop.sectionTitle}>{t("premium.benefitsTitle")}</h2>
      <ul className={styles.benefits}>
        <Benefit icon={<PhotosIcon />} title={t("premium.benefits.photos")} text={t("premium.benefits.photosText")} />
        <Benefit
          icon={<CameraIcon />}
          title={t("premium.benefits.ownPhotos", { premium: limits.premiumPhotos, free: limits.freePhotos })}
          text={t("premium.benefits.ownPhotosText", { count: limits.premiumPhotos })}
        />
        <Benefit icon={<ChatIcon />} title={t("premium.benefits.conversations")} text={t("premium.benefits.conversationsText", { count: limits.freeConversations })} />
      </ul>

      <h2 id="packages" className={shop.sectionTitle}>
        {premium ? t("premium.topUp") : t("premium.choose")}
      </h2>
      {/* An offer has its banner at the top of this page already (§4); a typed code is named here. */}
      <ActiveDiscount discount={discount?.kind === "code" ? discount : null} />
      <PackageCards packages={packages} action={{ href: (tier) => buyHref(tier, signedIn, orderQuery), label: signedIn ? t("package.buy") : t("package.signInToBuy") }} />
      {signedIn ? <DiscountCodeForm value={typedCode} refusal={refusal} /> : null}
      <OneTimePaymentNotice />
      <div className={shop.links}>
        <Link to="/pricing" className={shop.link}>
          {t("credits.pricingLink")}
        </Link>
      </div>
    </main>
  );
}

function Benefit({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <li className={styles.benefit}>
      <span className={styles.benefitIcon} aria-hidden="true">
        {icon}
      </span>
      <p className={styles.benefitTitle}>{title}</p>
      <p className={styles.benefitText}>{text}</p>
    </li>
  );
}

const iconProps = { width: 22, height: 22, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round", focusable: "false" } as const;

function PhotosIcon() {
  return (
    <svg {...iconProps}>
      <rect x="3" y="5" width="14" height="14" rx="2" />
      <path d="M7 3h12a2 2 0 0 1 2 2v12" />
      <path d="M3 15l4-4 4 4 2-2 4 4" />
    </svg>
  );
}

function CameraIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  );
}

function ChatIcon() {
  return (
    <svg {...iconProps}>
      <path d="M4 5h16v11H9l-5 4z" />
      <path d="M8 10h8M8 13h5" />
    </svg>
  );
}
