import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { repeatOrderState } from "../../server/payments/history";
import { repeatOrder } from "../../server/payments/orders";
import { MethodMark } from "../components/payment/method-mark";
import * as styles from "../components/payment/payment.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { isMethod, orderMember, pricedPackage } from "../lib/payments.server";

export const handle = { i18n: ["payment"] };
export const meta = accountMeta;

const repeatForm = z.object({ order_key: z.string().regex(/^[\w-]{16,64}$/) });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const state = await repeatOrderState(context.services.store.db, { siteId: context.site.id, accountId: member.accountId, provider: context.site.payment_provider });
  const tier = state.recurringFailed?.package ?? state.last?.package;
  // The package as the brand sells it today, in the visitor's currency; one it no longer sells is not offered.
  const chosen = tier ? pricedPackage(context, tier) : undefined;
  return {
    title: context.t("common:screens.credits-repeat-order"),
    chosen: chosen ?? null,
    mandate: state.mandate && isMethod(state.mandate.method) ? { method: state.mandate.method, label: state.mandate.label } : null,
    recurringFailed: Boolean(state.recurringFailed),
    orderKey: randomUUID(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const parsed = repeatForm.safeParse({ order_key: (await request.formData()).get("order_key") });
  const state = await repeatOrderState(context.services.store.db, { siteId: context.site.id, accountId: member.accountId, provider: context.site.payment_provider });
  const tier = state.recurringFailed?.package ?? state.last?.package;
  const chosen = tier ? pricedPackage(context, tier) : undefined;
  if (!parsed.success || !chosen) return data({ refusal: "no_mandate" as const, orderKey: randomUUID() }, { status: 400 });
  const result = await repeatOrder({
    services: context.services,
    site: context.site,
    member: orderMember(member),
    country: context.country,
    currency: context.currency,
    tier: chosen.tier,
    orderKey: parsed.data.order_key,
    origin: context.origin,
  });
  if (result.kind === "charged") return redirect(result.returnPath);
  if (result.kind === "checkout") return redirect(result.url);
  context.log.info({ reason: result.reason }, "repeat order refused");
  return data({ refusal: result.reason, orderKey: randomUUID() }, { status: result.reason === "provider_error" ? 502 : 400 });
}

/**
 * /credits/repeat-order (§2): the last package again on the stored card or mandate in one click,
 * or another package. A failed recurring charge shows §8's text: try again, or pay with PayPal.
 */
export default function RepeatOrder() {
  const { chosen, mandate, recurringFailed, orderKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation(["payment", "common"]);

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{t("common:screens.credits-repeat-order")}</h1>
      {recurringFailed && chosen ? (
        <div className={styles.alert} role="alert" data-recurring-failed>
          <strong className={styles.alertTitle}>{t("repeat.failedTitle")}</strong>
          {t("repeat.failedText")}{" "}
          <Link to={`/credits/${chosen.tier}/paypal`} className={styles.link}>
            {t("repeat.payPal")}
          </Link>
        </div>
      ) : null}
      {chosen && mandate ? (
        <Form method="post" className={styles.form}>
          <input type="hidden" name="order_key" value={actionData?.orderKey ?? orderKey} />
          {actionData ? (
            <p className={styles.alert} role="alert" data-problem>
              {t(`refused.${actionData.refusal}`)}
            </p>
          ) : null}
          <div className={styles.summary} data-package={chosen.tier}>
            <p className={styles.summaryCredits}>{t("summary.credits", { count: chosen.credits })}</p>
            <p className={styles.summaryPrice}>{chosen.price}</p>
            <p className={styles.summaryNote}>{t("summary.oneTime")}</p>
          </div>
          <div className={styles.storedCard} data-mandate>
            <MethodMark method={mandate.method} />
            <span className={styles.tileName}>
              {mandate.label || t(`methods.${mandate.method}`)}
              <span className={styles.muted}> · {t("repeat.stored")}</span>
            </span>
          </div>
          <button type="submit" className={styles.payButton} disabled={busy}>
            {recurringFailed ? t("repeat.retry", { price: chosen.price }) : t("repeat.buyAgain", { price: chosen.price })}
          </button>
        </Form>
      ) : (
        <p className={styles.muted}>{t("repeat.nothing")}</p>
      )}
      <p className={styles.moreStart}>
        <Link to="/credits" className={styles.secondaryButton}>
          {t("repeat.other")}
        </Link>
      </p>
    </main>
  );
}
