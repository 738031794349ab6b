import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ACCOUNT_HOLDER_MAX, CITY_MAX, HOUSE_NUMBER_MAX, IBAN_MAX, PHONE_MAX, STREET_MAX, ZIP_MAX } from "../../../server/directdebit/form-fields";
import { useCheckedForm } from "../../lib/use-checked-form";
import { Messages, type MessageValues } from "../form-field";
import * as form from "../form.css";
import * as payment from "../payment/payment.css";
import * as styles from "../../routes/directdebit.css";

type Props = {
  /** The member's country: the phone and postal code are read as its. */
  country: string;
  tier: string;
  credits: number;
  price: string;
  creditor: { name: string; id: string };
  /** The discount code the price is after: the server looks it up again when the form comes in. */
  discountCode?: string;
  orderKey: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** Values a refusal's message takes ({{minutes}}). */
  values?: MessageValues;
};

type TextProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  maxLength: number;
  autoComplete?: string;
  inputMode?: "text" | "tel" | "numeric";
  hint?: string;
};

function TextField({ meta, label, maxLength, autoComplete, inputMode, hint }: TextProps) {
  const { key, ...props } = getInputProps(meta, { type: inputMode === "tel" ? "tel" : "text" });
  const hintId = `${meta.id}-hint`;
  return (
    <div className={form.field}>
      <label htmlFor={meta.id} className={form.label}>
        {label}
      </label>
      <input
        key={key}
        {...props}
        className={form.input}
        maxLength={maxLength}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-describedby={[hint ? hintId : undefined, props["aria-describedby"]].filter(Boolean).join(" ") || undefined}
      />
      {hint ? (
        <p id={hintId} className={form.hint}>
          {hint}
        </p>
      ) : null}
      <Messages id={meta.errorId} messages={meta.errors} />
    </div>
  );
}

/**
 * The direct-debit form (§3): account holder, IBAN, address and phone, and the mandate in plain
 * words that the checkbox signs. Checked in the browser by the action's own schema once the member
 * starts typing; without JavaScript the server's answer shows the same messages beside the fields.
 */
export function MandateForm({ country, tier, credits, price, creditor, orderKey, discountCode, lastResult, values }: Props) {
  const { t } = useTranslation("directdebit");
  const busy = useNavigation().state !== "idle";
  const [mandateForm, fields] = useCheckedForm(
    "direct-debit",
    () => import("../../../server/directdebit/form").then((module) => module.mandateFormSchema({ country })),
    lastResult,
  );
  const { key: mandateKey, ...mandateProps } = getInputProps(fields.mandate, { type: "checkbox", value: "on" });
  const refused = mandateForm.errors && mandateForm.errors.length > 0;

  return (
    <Form method="post" action={`/directdebit?${new URLSearchParams({ package: tier, ...(discountCode ? { code: discountCode } : {}) })}`} {...getFormProps(mandateForm)} className={payment.form}>
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="order_key" value={orderKey} />
      {refused ? (
        <div className={payment.alert} role="alert" id={mandateForm.errorId} data-refusal>
          <Messages messages={mandateForm.errors} values={values} />
          <Link to={`/credits/${tier}`} className={payment.link}>
            {t("otherMethod")}
          </Link>
        </div>
      ) : null}
      <TextField meta={fields.account_holder} label={t("fields.accountHolder")} maxLength={ACCOUNT_HOLDER_MAX} autoComplete="name" hint={t("hints.accountHolder")} />
      <TextField meta={fields.iban} label={t("fields.iban")} maxLength={IBAN_MAX} autoComplete="off" hint={t("hints.iban")} />
      <div className={styles.pair}>
        <TextField meta={fields.street} label={t("fields.street")} maxLength={STREET_MAX} autoComplete="address-line1" />
        <TextField meta={fields.house_number} label={t("fields.houseNumber")} maxLength={HOUSE_NUMBER_MAX} />
      </div>
      <div className={styles.pairNarrowFirst}>
        <TextField meta={fields.zip} label={t("fields.zip")} maxLength={ZIP_MAX} autoComplete="postal-code" />
        <TextField meta={fields.city} label={t("fields.city")} maxLength={CITY_MAX} autoComplete="address-level2" />
      </div>
      <TextField meta={fields.phone} label={t("fields.phone")} maxLength={PHONE_MAX} autoComplete="tel" inputMode="tel" hint={t("hints.phone")} />
      <div className={styles.mandate}>
        <input key={mandateKey} {...mandateProps} className={styles.checkbox} />
        <label htmlFor={fields.mandate.id}>
          <strong>{t("mandate.title")}</strong> {t("mandate.text", { creditor: creditor.name, creditorId: creditor.id, price, count: credits })}
        </label>
        <div className={styles.mandateErrors}>
          <Messages id={fields.mandate.errorId} messages={fields.mandate.errors} />
        </div>
      </div>
      <button type="submit" className={payment.payButton} disabled={busy}>
        {t("sendCode")}
      </button>
      <p className={payment.secure}>{t("smsNote")}</p>
    </Form>
  );
}
