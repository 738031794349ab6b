import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { memberPayment, paymentIdOf } from "../../server/payments/history";
import { formatMoney } from "../../server/payments/money";
import { placeOrder, type OrderRefusal } from "../../server/payments/orders";
import { discountAllowsMethod, priceAfter, type Discount, type DiscountRefusal } from "../../server/promotions/discounts";
import { UNSUCCESSFUL } from "../../server/payments/states";
import { PAYMENT_METHODS } from "../../server/sites/payments";
import { MethodPicker } from "../components/payment/method-picker";
import { PaymentReturn } from "../components/payment/payment-return";
import * as styles from "../components/payment/payment.css";
import { visuallyHidden } from "../styles/visually-hidden.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { CODE_PARAM, orderDiscount, shopDiscount } from "../lib/discounts.server";
import { choosePackage, isMethod, methodChoices, orderMember, ownMethodPath, type ChosenPackage, type MethodChoice } from "../lib/payments.server";
import { moneyLocale } from "../lib/shop.server";

export const handle = { i18n: ["payment"] };
export const meta = accountMeta;

const notFound = () => new Response("Not found", { status: 404 });

/** The order form: a method of §9 and the per-render key that makes a resent form one payment. */
const orderForm = z.object({
  method: z.enum(PAYMENT_METHODS),
  order_key: z.string().regex(/^[\w-]{16,64}$/),
  discount_code: z.string().max(64).optional(),
});

export type PaymentRefusal = OrderRefusal | "no_mandate" | "choose_method" | `discount_${DiscountRefusal}`;

/** The package at the price the discount gives it, the package's own price kept to strike through. */
function discountedPackage(context: LoaderFunctionArgs["context"], chosen: ChosenPackage, discount: Discount | undefined) {
  const lowered = priceAfter(discount, chosen.amount);
  if (!lowered.discount) return { ...chosen, normalPrice: null, discountCode: undefined };
  return { ...chosen, amount: lowered.amount, price: formatMoney(lowered.amount, chosen.currency, moneyLocale(context)), normalPrice: chosen.price, discountCode: lowered.discount.code };
}

/** The methods the discount may be paid with, when it names some (and any of them is offered). */
function methodsForDiscount(methods: MethodChoice[] | "unavailable", discount: Discount | undefined) {
  if (methods === "unavailable" || !discount) return methods;
  const allowed = methods.filter((method) => discountAllowsMethod(discount, method.id));
  return allowed.length > 0 ? allowed : methods;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const query = new URL(request.url).searchParams;
  const paymentParam = query.get("payment");
  // The member's discount (the code they typed, else their offer), checked again when they pay.
  const { discount, refusal } = paymentParam === null ? await shopDiscount(context, member, query.get(CODE_PARAM)) : { discount: undefined, refusal: undefined };
  const chosen = discountedPackage(context, choosePackage(context, params.id), discount);
  const base = { chosen, orderKey: randomUUID(), formAction: `/credits/${chosen.tier}`, codeRefusal: refusal?.message };

  if (paymentParam === null) {
    const methods = methodsForDiscount(await methodChoices(context, chosen), chosen.discountCode ? discount : undefined);
    const selected = isMethod(params.paymentmethod) ? params.paymentmethod : undefined;
    return { ...base, title: context.t("payment:choose.title"), methods, selected, returned: null };
  }

  const paymentId = paymentIdOf(paymentParam);
  const payment = paymentId === undefined ? undefined : await memberPayment(context.services.store.db, { siteId: context.site.id, accountId: member.accountId, paymentId });
  if (!payment) throw notFound();
  const unsuccessful = UNSUCCESSFUL.includes(payment.status);
  const methods: MethodChoice[] | "unavailable" = unsuccessful ? await methodChoices(context, chosen) : [];
  return {
    ...base,
    title: context.t(unsuccessful ? "common:errors.paymentFailedTitle" : "payment:state.title"),
    methods,
    selected: undefined,
    returned: {
      payment: { id: payment.id, status: payment.status, credits: payment.credits, price: formatMoney(payment.amount, payment.currency, moneyLocale(context)), method: payment.method },
      balance: member.credits,
      paidUser: member.paidUser,
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const chosen = choosePackage(context, params.id);
  const form = await request.formData();
  const parsed = orderForm.safeParse({ method: form.get("method"), order_key: form.get("order_key"), discount_code: form.get("discount_code") ?? undefined });
  // A fresh key with every refusal: the next attempt is a new order, not the refused one again.
  const refuse = (refusal: PaymentRefusal, status: number) => data({ refusal, orderKey: randomUUID() }, { status });
  if (!parsed.success) return refuse("choose_method", 400);
  const { method, order_key: orderKey, discount_code: code } = parsed.data;
  const ownPath = ownMethodPath(context, method, chosen.tier, code);
  if (ownPath) return redirect(ownPath);
  const issuer = form.get(`issuer_${method}`);
  const found = await orderDiscount(context, member, code);
  if ("refusal" in found) return refuse(`discount_${found.refusal}`, 409);
  const result = await placeOrder({
    services: context.services,
    site: context.site,
    member: orderMember(member),
    country: context.country,
    currency: context.currency,
    tier: chosen.tier,
    method,
    issuer: typeof issuer === "string" && issuer !== "" ? issuer : undefined,
    orderKey,
    origin: context.origin,
    discount: found.discount,
  });
  if (result.kind === "checkout") return redirect(result.url);
  if (result.kind === "charged") return redirect(result.returnPath);
  context.log.info({ reason: result.reason, method, tier: chosen.tier }, "order refused");
  return refuse(result.reason, result.reason === "provider_error" ? 502 : result.reason === "purchases_blocked" ? 403 : result.reason === "discount_used" ? 409 : 400);
}

/** What is bought: the package being chosen, or on the return page what this payment was for. */
function Summary({ credits, price, normalPrice, discountCode, choosing }: { credits: number; price: string; normalPrice?: string | null; discountCode?: string; choosing: boolean }) {
  const { t } = useTranslation("payment");
  return (
    <div className={styles.summary}>
      <p className={styles.summaryCredits}>{t("summary.credits", { count: credits })}</p>
      <p className={styles.summaryPrice} data-price>
        {normalPrice ? (
          <s className={styles.summaryNormalPrice} data-normal-price>
            <span className={visuallyHidden}>{t("summary.normalPrice")} </span>
            {normalPrice}
          </s>
        ) : null}{" "}
        {price}
      </p>
      {discountCode ? (
        <p className={styles.summaryNote} data-discount-code={discountCode}>
          {t("summary.discount", { code: discountCode })}
        </p>
      ) : null}
      {choosing ? (
        <p className={styles.summaryNote}>
          {t("summary.oneTime")}{" "}
          <Link to="/credits" className={styles.change}>
            {t("summary.change")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * /credits/:id/:paymentmethod? (§2): the chosen package and the methods of the member's country,
 * then off to the provider. With `?payment=` it is the return page that follows the payment.
 */
export default function CreditsMethod() {
  const { chosen, orderKey, formAction, methods, selected, returned, codeRefusal } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("payment");
  const problem = actionData ? t(`refused.${actionData.refusal}`) : codeRefusal;
  const picker =
    methods === "unavailable" ? (
      <p className={styles.alert} role="alert">
        {t("refused.provider_error")}
      </p>
    ) : (
      <MethodPicker
        action={formAction}
        methods={methods}
        selected={selected}
        failed={returned?.payment.method}
        price={chosen.price}
        orderKey={actionData?.orderKey ?? orderKey}
        discountCode={chosen.discountCode}
        problem={problem}
      />
    );

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{returned ? t("state.title") : t("choose.title")}</h1>
      {returned && !UNSUCCESSFUL.includes(returned.payment.status) ? (
        <Summary credits={returned.payment.credits} price={returned.payment.price} choosing={false} />
      ) : (
        <Summary credits={chosen.credits} price={chosen.price} normalPrice={chosen.normalPrice} discountCode={chosen.discountCode} choosing />
      )}
      {returned ? <PaymentReturn payment={returned.payment} balance={returned.balance} paidUser={returned.paidUser} retry={picker} /> : picker}
    </main>
  );
}
