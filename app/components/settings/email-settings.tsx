import { getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useCheckedForm } from "../../lib/use-checked-form";
import * as settings from "../../routes/settings.css";
import { Field, Messages, type MessageValues } from "../form-field";
import * as styles from "../form.css";

type EmailAnswer = { result: SubmissionResult<string[]>; sentTo?: string; values?: MessageValues };

/** The address the member signs in with, its activation, and a change confirmed by a link to the new address (§5). */
export function EmailSettings({ email, confirmed, answer, activation, busy }: {
  email: string;
  confirmed: boolean;
  answer: EmailAnswer | undefined;
  activation: { sent: boolean; message: string } | undefined;
  busy: (intent: string) => boolean;
}) {
  const { t } = useTranslation(["settings", "account"]);
  const [form, fields] = useCheckedForm(
    "mail-change",
    () => import("../../../server/accounts/forms").then((forms) => forms.emailChangeSchema),
    answer?.result,
  );
  return (
    <section id="email" aria-labelledby="email-title" className={settings.card}>
      <h2 id="email-title" className={settings.cardTitle}>
        {t("email.title")}
      </h2>
      <p className={settings.cardLead}>{t("email.current", { email })}</p>
      {confirmed ? null : (
        <Form method="post" className={styles.form}>
          <p className={styles.notice}>{t("email.notConfirmed")}</p>
          <div role="status" className={settings.status}>{activation ? <p className={activation.sent ? styles.success : styles.notice}>{t(activation.message, { email })}</p> : null}</div>
          <div className={settings.actions}>
            <button type="submit" name="intent" value="activation" className={styles.secondaryButton} disabled={busy("activation")}>
              {t("account:activation.resend")}
            </button>
          </div>
        </Form>
      )}
      <div className={settings.block}>
        <h3 className={settings.subTitle}>{t("email.changeTitle")}</h3>
        <div role="status" className={settings.status}>{answer?.sentTo ? <p className={styles.success}>{t("email.sent", { email: answer.sentTo })}</p> : null}</div>
        <Form method="post" {...getFormProps(form)} className={styles.form}>
          <input type="hidden" name="intent" value="email" />
          <Messages id={form.errorId} messages={form.errors} values={answer?.values} />
          <Field meta={fields.new_email} label={t("account:fields.newEmail")} type="email" autoComplete="email" />
          <Field meta={fields.old_password} label={t("account:fields.oldPassword")} type="password" autoComplete="current-password" />
          <div className={settings.actions}>
            <button type="submit" className={styles.button} disabled={busy("email")}>
              {t("email.submit")}
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}
