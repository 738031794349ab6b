import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { memberPayment, paymentIdOf } from "../../server/payments/history";
import { formatMoney } from "../../server/payments/money";
import { placeOrder, type OrderRefusal } from "../../server/payments/orders";
import { UNSUCCESSFUL } from "../../server/payments/states";
import { PAYMENT_METHODS } from "../../server/sites/payments";
import { MethodPicker } from "../components/payment/method-picker";
import { PaymentReturn } from "../components/payment/payment-return";
import * as styles from "../components/payment/payment.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { choosePackage, isMethod, methodChoices, orderMember, type MethodChoice } from "../lib/payments.server";
import { moneyLocale } from "../lib/shop.server";

export const handle = { i18n: ["payment"] };
export const meta = accountMeta;

const notFound = () => new Response("Not found", { status: 404 });

/** The order form: a method of §9 and the per-render key that makes a resent form one payment. */
const orderForm = z.object({
  method: z.enum(PAYMENT_METHODS),
  order_key: z.string().regex(/^[\w-]{16,64}$/),
});

export type PaymentRefusal = OrderRefusal | "no_mandate" | "choose_method";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const chosen = choosePackage(context, params.id);
  const paymentParam = new URL(request.url).searchParams.get("payment");
  const base = { chosen, orderKey: randomUUID(), formAction: `/credits/${chosen.tier}` };

  if (paymentParam === null) {
    const methods = await methodChoices(context, chosen);
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
  const parsed = orderForm.safeParse({ method: form.get("method"), order_key: form.get("order_key") });
  // A fresh key with every refusal: the next attempt is a new order, not the refused one again.
  const refuse = (refusal: PaymentRefusal, status: number) => data({ refusal, orderKey: randomUUID() }, { status });
  if (!parsed.success) return refuse("choose_method", 400);
  const { method, order_key: orderKey } = parsed.data;
  const issuer = form.get(`issuer_${method}`);
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
  });
  if (result.kind === "checkout") return redirect(result.url);
  if (result.kind === "charged") return redirect(result.returnPath);
  context.log.info({ reason: result.reason, method, tier: chosen.tier }, "order refused");
  return refuse(result.reason, result.reason === "provider_error" ? 502 : result.reason === "purchases_blocked" ? 403 : 400);
}

/** What is bought: the package being chosen, or on the return page what this payment was for. */
function Summary({ credits, price, choosing }: { credits: number; price: string; choosing: boolean }) {
  const { t } = useTranslation("payment");
  return (
    <div className={styles.summary}>
      <p className={styles.summaryCredits}>{t("summary.credits", { count: credits })}</p>
      <p className={styles.summaryPrice}>{price}</p>
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
  const { chosen, orderKey, formAction, methods, selected, returned } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("payment");
  const problem = actionData ? t(`refused.${actionData.refusal}`) : undefined;
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
        problem={problem}
      />
    );

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{returned ? t("state.title") : t("choose.title")}</h1>
      {returned && !UNSUCCESSFUL.includes(returned.payment.status) ? (
        <Summary credits={returned.payment.credits} price={returned.payment.price} choosing={false} />
      ) : (
        <Summary credits={chosen.credits} price={chosen.price} choosing />
      )}
      {returned ? <PaymentReturn payment={returned.payment} balance={returned.balance} paidUser={returned.paidUser} retry={picker} /> : picker}
    </main>
  );
}
