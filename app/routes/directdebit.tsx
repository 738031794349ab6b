import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { codeFormSchema } from "../../server/directdebit/code-form";
import { mandateFormSchema } from "../../server/directdebit/form";
import { confirmMandate, resendCode, startMandate, type SmsText, type StartRefusal } from "../../server/directdebit/mandates";
import { CODE_VALID_MS } from "../../server/directdebit/code";
import { directDebitAmount, directDebitOffer, type DirectDebitOffer } from "../../server/directdebit/offer";
import { memberMandate } from "../../server/directdebit/view";
import { formatMoney } from "../../server/payments/money";
import { CodeStep, type ResendState } from "../components/direct-debit/code-step";
import { MandateForm } from "../components/direct-debit/mandate-form";
import { MandateState } from "../components/direct-debit/mandate-state";
import * as form from "../components/form.css";
import * as payment from "../components/payment/payment.css";
import { requireMember } from "../lib/auth.server";
import { CODE_PARAM, orderDiscount, shopDiscount } from "../lib/discounts.server";
import { accountMeta } from "../lib/meta";
import { moneyLocale } from "../lib/shop.server";
import * as styles from "./directdebit.css";

export const handle = { i18n: ["directdebit", "payment"] };
export const meta = accountMeta;

const notFound = () => new Response("Not found", { status: 404 });

/** The brand's direct debit for this visitor, or a 404 where it offers none. */
function requireOffer(context: AppLoadContext): DirectDebitOffer {
  const offer = directDebitOffer({ site: context.site, country: context.country, currency: context.currency, vault: context.services.ibanVault });
  if (!offer) throw notFound();
  return offer;
}

const creditorOf = (offer: DirectDebitOffer) => ({ name: offer.settings.creditor_name, id: offer.settings.creditor_id });
const money = (context: AppLoadContext, amount: number, currency: string) => formatMoney(amount, currency, moneyLocale(context));
/** The code SMS in the visitor's language. */
const smsText =
  (context: AppLoadContext): SmsText =>
  (code) =>
    context.t("directdebit:sms", { code, brand: context.site.name, minutes: CODE_VALID_MS / 60_000 });

/** A masked number stays on one line: "NL91 •••• •••• 4300" read in one piece. */
const unbroken = (masked: string) => masked.replace(/ /g, "\u00a0");

/** `?mandate=` names a mandate; a reference is A-Z, 0-9 and - only (anything else is nobody's). */
function referenceOf(request: Request): string | undefined {
  const value = new URL(request.url).searchParams.get("mandate");
  return value && /^[A-Z0-9-]{1,35}$/.test(value) ? value : undefined;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const offer = requireOffer(context);
  const url = new URL(request.url);
  const title = context.t("directdebit:title");
  const reference = referenceOf(request);
  if (url.searchParams.has("mandate")) {
    const mandate = reference && (await memberMandate(context.services.store.db, context.services.ibanVault, { siteId: context.site.id, accountId: member.accountId, reference }));
    if (!mandate) throw notFound();
    const credits = mandate.payment?.credits ?? directDebitAmount({ site: context.site, currency: mandate.currency, tier: mandate.package })?.credits ?? 0;
    return {
      title,
      step: mandate.status === "awaiting_code" ? ("code" as const) : mandate.status === "confirmed" ? ("confirmed" as const) : ("void" as const),
      tier: mandate.package,
      credits,
      price: money(context, mandate.amount, mandate.currency),
      creditor: creditorOf(offer),
      mandate: { reference: mandate.reference, iban: unbroken(mandate.ibanMasked), phone: unbroken(mandate.phoneMasked), attemptsLeft: mandate.attemptsLeft, payment: mandate.payment },
      smsFailed: url.searchParams.get("sms") === "failed",
      voidReason: mandate.status === "void" ? VOID_REASONS[url.searchParams.get("reason") ?? ""] : undefined,
      orderKey: "",
      country: member.country,
      discountCode: mandate.discountCode ?? undefined,
    };
  }
  const tier = url.searchParams.get("package") ?? "";
  // The member's discount (the code they brought from /credits, else their offer), as on the other methods.
  const { discount } = await shopDiscount(context, member, url.searchParams.get(CODE_PARAM));
  const priced = directDebitAmount({ site: context.site, currency: context.currency, tier, discount });
  if (!priced) throw notFound();
  return {
    title,
    step: "form" as const,
    tier,
    credits: priced.credits,
    price: money(context, priced.amount, context.currency),
    creditor: creditorOf(offer),
    mandate: null,
    smsFailed: false,
    voidReason: undefined,
    orderKey: randomUUID(),
    country: member.country,
    discountCode: priced.discount?.code,
  };
}

/** Why a mandate became void, as the code step's answer names it in the address. */
const VOID_REASONS: Record<string, string | undefined> = {
  wrong_codes: "directdebit:errors.tooManyWrongCodes",
  blocked: "errors.directDebitBlocked",
  limit_reached: "directdebit:errors.limitReached",
  discount_used: "directdebit:errors.discountUsed",
};

const REFUSAL_MESSAGES: Record<StartRefusal, string> = {
  unavailable: "directdebit:errors.unavailable",
  unknown_package: "directdebit:errors.unavailable",
  blocked: "errors.directDebitBlocked",
  limit_reached: "directdebit:errors.limitReached",
  too_many_codes: "directdebit:errors.tooManyCodes",
};
const REFUSAL_STATUS: Record<StartRefusal, number> = { unavailable: 404, unknown_package: 404, blocked: 403, limit_reached: 403, too_many_codes: 429 };

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  requireOffer(context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const services = context.services;
  const site = context.site;

  if (intent === "start") {
    const tier = new URL(request.url).searchParams.get("package") ?? "";
    const submission = parseWithZod(formData, { schema: mandateFormSchema({ country: member.country }) });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), values: undefined }, { status: 400 });
    const found = await orderDiscount(context, member, new URL(request.url).searchParams.get(CODE_PARAM));
    if ("refusal" in found) return data({ intent, result: submission.reply({ formErrors: [`payment:refused.discount_${found.refusal}`] }), values: undefined }, { status: 409 });
    const started = await startMandate({ services, site, accountId: member.accountId, country: context.country, currency: context.currency, tier, form: submission.value, smsText: smsText(context), discount: found.discount });
    if (started.kind === "code_sent") return redirect(`/directdebit?mandate=${started.reference}${started.smsFailed ? "&sms=failed" : ""}`);
    if (started.kind === "earlier") return redirect(`/directdebit?mandate=${started.reference}`);
    context.log.info({ reason: started.reason, tier }, "direct-debit mandate refused");
    const result = submission.reply({ formErrors: [REFUSAL_MESSAGES[started.reason]] });
    return data({ intent, result, values: { minutes: started.minutes ?? 0 } }, { status: REFUSAL_STATUS[started.reason] });
  }

  const reference = referenceOf(request);
  if (!reference) throw notFound();
  const mandate = { services, site, accountId: member.accountId, reference };
  if (intent === "confirm") {
    const submission = parseWithZod(formData, { schema: codeFormSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), values: undefined }, { status: 400 });
    const confirmed = await confirmMandate({ ...mandate, code: submission.value.code });
    switch (confirmed.kind) {
      case "not_found":
        throw notFound();
      case "confirmed":
        return redirect(`/directdebit?mandate=${reference}`);
      case "wrong_code":
        return data({ intent, result: submission.reply({ fieldErrors: { code: ["errors.codeInvalid"] } }), values: undefined, attemptsLeft: confirmed.attemptsLeft }, { status: 400 });
      case "expired":
        return data({ intent, result: submission.reply({ fieldErrors: { code: ["directdebit:errors.codeExpired"] } }), values: undefined }, { status: 400 });
      // The mandate is void now: its own address says why, on every reload.
      case "void":
        return redirect(`/directdebit?mandate=${reference}&reason=wrong_codes`);
      case "refused":
        return redirect(`/directdebit?mandate=${reference}&reason=${confirmed.reason}`);
    }
  }
  if (intent === "resend") {
    const resent = await resendCode({ ...mandate, smsText: smsText(context) });
    if (resent.kind === "not_found") throw notFound();
    if (resent.kind === "closed") return redirect(`/directdebit?mandate=${reference}`);
    const resend: ResendState = resent.kind === "too_many" ? { kind: "too_many", minutes: resent.minutes } : { kind: resent.smsFailed ? "failed" : "sent" };
    return data({ intent, resend }, { status: resent.kind === "too_many" ? 429 : 200 });
  }
  return data({ intent: "unknown", result: undefined, values: undefined }, { status: 400 });
}

function Steps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation("directdebit");
  return (
    <ol className={styles.steps}>
      {(["details", "code", "done"] as const).map((name, i) => (
        <li key={name} className={i + 1 === current ? styles.currentStep : undefined} aria-current={i + 1 === current ? "step" : undefined}>
          {i + 1}. {t(`steps.${name}`)}
        </li>
      ))}
    </ol>
  );
}

/**
 * /directdebit (§2, §3 Direct debit form, §4 Direct debit): pay for a package (`?package=p0…p3`)
 * by SEPA direct debit. The form signs a one-off mandate with an SMS code; then the mandate's own
 * address (`?mandate=`) shows the code step, and once signed the pending payment until the
 * collection run settles it. Plain forms throughout: it all works without JavaScript.
 */
export default function DirectDebit() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["directdebit", "payment"]);
  const { step, tier, credits, price, creditor, mandate } = loaded;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const values = actionData && "values" in actionData ? actionData.values : undefined;

  return (
    <main id="main" className={payment.page} data-direct-debit-step={step}>
      <h1 className={payment.heading}>{t("title")}</h1>
      <Steps current={step === "form" ? 1 : step === "code" ? 2 : step === "confirmed" ? 3 : 1} />
      <div className={payment.summary}>
        <p className={payment.summaryCredits}>{t("payment:summary.credits", { count: credits })}</p>
        <p className={payment.summaryPrice}>{price}</p>
        {loaded.discountCode ? (
          <p className={payment.summaryNote} data-discount-code={loaded.discountCode}>
            {t("payment:summary.discount", { code: loaded.discountCode })}
          </p>
        ) : null}
        <p className={payment.summaryNote}>
          {t("oneOff")}{" "}
          {step === "form" ? (
            <Link to="/credits" className={payment.change}>
              {t("payment:summary.change")}
            </Link>
          ) : null}
        </p>
      </div>
      {step === "form" ? (
        <>
          <h2 className={payment.subheading}>{t("form.title")}</h2>
          <MandateForm
            country={loaded.country}
            tier={tier}
            credits={credits}
            price={price}
            creditor={creditor}
            orderKey={loaded.orderKey}
            discountCode={loaded.discountCode}
            lastResult={actionData?.intent === "start" ? result : undefined}
            values={values}
          />
        </>
      ) : null}
      {step === "code" && mandate ? (
        <>
          <h2 className={payment.subheading}>{t("code.title")}</h2>
          {loaded.smsFailed && !(actionData && "resend" in actionData) ? (
            <p className={form.alert} role="alert">
              {t("code.smsFailed")}
            </p>
          ) : null}
          <CodeStep
            reference={mandate.reference}
            tier={tier}
            phone={mandate.phone}
            iban={mandate.iban}
            attemptsLeft={actionData && "attemptsLeft" in actionData && typeof actionData.attemptsLeft === "number" ? actionData.attemptsLeft : mandate.attemptsLeft}
            lastResult={actionData?.intent === "confirm" ? result : undefined}
            resend={actionData && "resend" in actionData ? actionData.resend : undefined}
          />
        </>
      ) : null}
      {step === "confirmed" && mandate?.payment ? <MandateState reference={mandate.reference} payment={mandate.payment} price={price} iban={mandate.iban} creditor={creditor} /> : null}
      {step === "void" ? <VoidMandate tier={tier} problem={loaded.voidReason} /> : null}
    </main>
  );
}

/** A mandate that can no longer be signed: why, when the last answer says, and the way to start again. */
function VoidMandate({ tier, problem }: { tier: string; problem: string | undefined }) {
  const { t } = useTranslation("directdebit");
  const { t: common } = useTranslation(["common", "directdebit"]);
  return (
    <section className={payment.state} data-payment-state="void">
      <h2 className={payment.stateTitle}>{t("void.title")}</h2>
      <p className={payment.stateText} role="alert">
        {problem ? common(problem) : t("void.text")}
      </p>
      <div className={payment.actions}>
        <Link to={`/directdebit?package=${tier}`} className={payment.payButton}>
          {t("void.startAgain")}
        </Link>
        <Link to={`/credits/${tier}`} className={payment.link}>
          {t("otherMethod")}
        </Link>
      </div>
    </section>
  );
}
