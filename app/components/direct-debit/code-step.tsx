import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useCheckedForm } from "../../lib/use-checked-form";
import { Messages } from "../form-field";
import * as form from "../form.css";
import * as payment from "../payment/payment.css";
import * as styles from "../../routes/directdebit.css";

export type ResendState = { kind: "sent" } | { kind: "failed" } | { kind: "too_many"; minutes: number };

type Props = {
  reference: string;
  tier: string;
  phone: string;
  iban: string;
  attemptsLeft: number;
  lastResult: SubmissionResult<string[]> | undefined;
  resend: ResendState | undefined;
};

/**
 * The code step: the six digits the member received, checked against the mandate; a new code on
 * request (rate-limited); and the way back to the form for another phone or account.
 */
export function CodeStep({ reference, tier, phone, iban, attemptsLeft, lastResult, resend }: Props) {
  const { t } = useTranslation("directdebit");
  const busy = useNavigation().state !== "idle";
  const action = `/directdebit?mandate=${reference}`;
  const [codeForm, fields] = useCheckedForm("direct-debit-code", () => import("../../../server/directdebit/code-form").then((module) => module.codeFormSchema), lastResult);
  const { key, ...codeProps } = getInputProps(fields.code, { type: "text" });
  const wrong = (fields.code.errors?.length ?? 0) > 0;

  return (
    <>
      <p className={payment.muted}>{t("code.sentTo", { phone })}</p>
      <p className={styles.note}>{t("code.forAccount", { iban })}</p>
      <Form method="post" action={action} {...getFormProps(codeForm)} className={payment.form}>
        <input type="hidden" name="intent" value="confirm" />
        <div className={form.field}>
          <label htmlFor={fields.code.id} className={form.label}>
            {t("code.label")}
          </label>
          <input key={key} {...codeProps} className={`${form.input} ${styles.code}`} inputMode="numeric" autoComplete="one-time-code" maxLength={9} />
          <div id={fields.code.errorId} role="alert">
            <Messages messages={fields.code.errors} />
            {wrong && attemptsLeft > 0 ? <p className={form.hint}>{t("code.attemptsLeft", { count: attemptsLeft })}</p> : null}
          </div>
        </div>
        <button type="submit" className={payment.payButton} disabled={busy}>
          {t("code.confirm")}
        </button>
      </Form>
      <div className={styles.resend}>
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value="resend" />
          <button type="submit" className={form.linkButton} disabled={busy}>
            {t("code.resend")}
          </button>
        </Form>
        <Link to={`/directdebit?package=${tier}`} className={payment.link}>
          {t("code.startAgain")}
        </Link>
      </div>
      <div role="status">
        {resend?.kind === "sent" ? <p className={styles.note}>{t("code.resent")}</p> : null}
        {resend?.kind === "failed" ? <p className={form.alert}>{t("code.smsFailed")}</p> : null}
        {resend?.kind === "too_many" ? <p className={form.alert}>{t("code.tooManyResends", { minutes: resend.minutes })}</p> : null}
      </div>
    </>
  );
}
