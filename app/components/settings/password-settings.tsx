import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useCheckedForm } from "../../lib/use-checked-form";
import * as settings from "../../routes/settings.css";
import { Field, Messages, type MessageValues } from "../form-field";
import * as styles from "../form.css";

type PasswordAnswer = { result: SubmissionResult<string[]>; signedOut?: number; values?: MessageValues };

/** A new password, given the current one; the member's other devices are signed out by it. */
export function PasswordSettings({ answer, busy }: { answer: PasswordAnswer | undefined; busy: boolean }) {
  const { t } = useTranslation(["settings", "account"]);
  const [form, fields] = useCheckedForm(
    "password-change",
    () => import("../../../server/accounts/forms").then((forms) => forms.passwordChangeSchema),
    answer?.result,
  );
  const signedOut = answer?.signedOut;
  return (
    <section id="password" aria-labelledby="password-title" className={settings.card}>
      <h2 id="password-title" className={settings.cardTitle}>
        {t("password.title")}
      </h2>
      <p className={settings.cardLead}>{t("password.lead")}</p>
      <div role="status" className={settings.status}>
        {signedOut === undefined ? null : (
          <p className={styles.success}>
            {t("password.changed")} {signedOut > 0 ? t("password.signedOut", { count: signedOut }) : null}
          </p>
        )}
      </div>
      <Form method="post" {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value="password" />
        <Messages id={form.errorId} messages={form.errors} values={answer?.values} />
        <Field meta={fields.old_password} label={t("account:fields.oldPassword")} type="password" autoComplete="current-password" />
        <Field meta={fields.new_password} label={t("account:fields.newPassword")} type="password" autoComplete="new-password">
          <p className={styles.hint}>{t("account:password.rule")}</p>
        </Field>
        <div className={settings.actions}>
          <button type="submit" className={styles.button} disabled={busy}>
            {t("password.submit")}
          </button>
        </div>
      </Form>
    </section>
  );
}
