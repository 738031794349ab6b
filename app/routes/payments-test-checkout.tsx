import { data as withHeaders, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../server/payments/money";
import { paymentByReference } from "../../server/payments/history";
import { returnPath } from "../../server/payments/orders";
import { CHECKOUT_OUTCOMES, isTestProvider, leavesMandate, type CheckoutOutcome } from "../../server/payments/test-provider";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import * as styles from "./payments-test-checkout.css";

export const handle = { i18n: ["checkout"] };
export const meta = accountMeta;

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * The test provider's payment of the signed-in member named by the address, or a 404: someone
 * else's payment, another brand's, another provider's, or a brand that may not take test payments.
 */
async function checkoutOf(context: AppLoadContext, request: Request, reference: string | undefined) {
  const member = requireMember(context, request);
  const provider = context.services.payments.byName("test");
  if (!isTestProvider(provider) || !provider.allowed(context.site) || !reference) throw new Response("Not found", { status: 404 });
  const payment = await paymentByReference(context.services.store.db, { siteId: context.site.id, accountId: member.accountId, provider: "test", reference });
  if (!payment) throw new Response("Not found", { status: 404 });
  return { provider, payment, reference };
}

/** /payments/test-checkout/:reference: the built-in test provider's hosted checkout. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { provider, payment } = await checkoutOf(context, request, params.reference);
  const { t, site, language } = context;
  return withHeaders(
    {
      title: t("checkout:title"),
      brand: site.name,
      amount: formatMoney(payment.amount, payment.currency, language),
      credits: payment.credits,
      method: t(`checkout:methods.${payment.method}`, { defaultValue: payment.method }),
      bank: provider.issuerName(payment.method, payment.issuer) ?? null,
      open: payment.status === "open",
      // "paid_declining" only where a paid payment leaves a card or account to charge again.
      outcomes: CHECKOUT_OUTCOMES.filter((outcome) => outcome !== "paid_declining" || leavesMandate(payment)),
      returnPath: returnPath(payment),
    },
    { headers: NO_STORE },
  );
}

/** Reports the chosen outcome to the shop's webhook, signed, then sends the member back as a provider does. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { provider, payment, reference } = await checkoutOf(context, request, params.reference);
  const outcome = (await request.formData()).get("outcome");
  const valid = CHECKOUT_OUTCOMES.includes(outcome as CheckoutOutcome) && (outcome !== "paid_declining" || leavesMandate(payment));
  if (!valid) return withHeaders({ problem: context.t("checkout:invalidOutcome") }, { status: 400, headers: NO_STORE });
  // A payment that has its outcome already (a second click, the back button) is not reported again.
  if (payment.status === "open") {
    const answer = await provider
      .reportOutcome({
        site: context.site,
        payment: { id: payment.id, reference, amount: payment.amount, currency: payment.currency, method: payment.method, sequence: payment.sequence },
        outcome: outcome as CheckoutOutcome,
        webhookUrl: `${context.origin}/payments/webhook/test`,
      })
      .catch((error: Error) => {
        context.log.error({ err: error, paymentId: payment.id }, "test checkout could not reach the webhook");
        return undefined;
      });
    if (!answer || answer.status >= 300) {
      if (answer) context.log.warn({ paymentId: payment.id, status: answer.status, body: answer.body.slice(0, 200) }, "the webhook refused the test checkout's report");
      return withHeaders({ problem: context.t("checkout:notDelivered") }, { status: 502, headers: NO_STORE });
    }
  }
  return redirect(returnPath(payment), { headers: NO_STORE });
}

const OUTCOME_STYLE: Partial<Record<string, string>> = { paid: styles.paid, paid_declining: styles.paid };

export default function TestCheckout() {
  const data = useLoaderData<typeof loader>();
  const problem = useActionData<typeof action>()?.problem;
  const { t } = useTranslation("checkout");
  return (
    <div className={styles.page}>
      <main id="main" className={styles.card}>
        <span className={styles.badge}>{t("badge")}</span>
        <h1 className={styles.heading}>{t("title")}</h1>
        <p className={styles.intro}>{t("intro", { brand: data.brand })}</p>
        <dl className={styles.facts}>
          <dt className={styles.term}>{t("shop")}</dt>
          <dd className={styles.value}>{data.brand}</dd>
          <dt className={styles.term}>{t("order")}</dt>
          <dd className={styles.value}>{t("description", { brand: data.brand, credits: data.credits })}</dd>
          <dt className={styles.term}>{t("amount")}</dt>
          <dd className={styles.amount}>{data.amount}</dd>
          <dt className={styles.term}>{t("method")}</dt>
          <dd className={styles.value}>{data.method}</dd>
          {data.bank ? (
            <>
              <dt className={styles.term}>{t("bank")}</dt>
              <dd className={styles.value}>{data.bank}</dd>
            </>
          ) : null}
        </dl>
        {problem ? (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        ) : null}
        {data.open ? (
          <Form method="post">
            <fieldset className={styles.outcomes}>
              <legend className={styles.legend}>{t("choose")}</legend>
              {data.outcomes.map((outcome) => (
                <button key={outcome} type="submit" name="outcome" value={outcome} className={OUTCOME_STYLE[outcome] ?? styles.outcome}>
                  {t(`outcomes.${outcome}`)}
                </button>
              ))}
            </fieldset>
          </Form>
        ) : (
          <p>
            {t("done")}{" "}
            <Link to={data.returnPath} className={styles.back}>
              {t("back", { brand: data.brand })}
            </Link>
          </p>
        )}
      </main>
    </div>
  );
}
