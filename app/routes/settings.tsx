import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requestEmailChange } from "../../server/accounts/email-change";
import { emailChangeSchema } from "../../server/accounts/forms";
import { Field, Messages } from "../components/form-field";
import * as styles from "../components/form.css";
import { sendNewActivationLink } from "../lib/activation.server";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { useCheckedForm } from "../lib/use-checked-form";
import * as settingsStyles from "./settings.css";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  return { title: context.t("account:settings.title"), email: member.email, confirmed: member.status === "confirmed" };
}

const CHANGE_ERROR: Record<"wrong_password" | "taken" | "too_many", Record<string, string[]>> = {
  wrong_password: { old_password: ["validation.oldPasswordWrong"] },
  taken: { new_email: ["validation.emailTaken"] },
  too_many: { new_email: ["account:activation.tooMany"] },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const formData = await request.formData();
  if (formData.get("intent") === "activation") return { activation: await sendNewActivationLink(context, member) };

  const submission = parseWithZod(formData, { schema: emailChangeSchema });
  const hidden = { hideFields: ["old_password"] };
  if (submission.status !== "success") return { result: submission.reply(hidden) };
  const outcome = await requestEmailChange(context.services.store.db, context.services.limits, {
    member,
    oldPassword: submission.value.old_password,
    newEmail: submission.value.new_email,
    outgoing: { site: context.site, origin: context.origin, t: context.t, language: context.language },
  });
  if (outcome.status === "sent") {
    context.services.mailer.kick();
    return { result: submission.reply({ resetForm: true }), sentTo: submission.value.new_email };
  }
  if (outcome.status === "locked") return { result: submission.reply({ ...hidden, formErrors: ["errors.tooManyAttempts"] }), values: { minutes: outcome.minutes } };
  return { result: submission.reply({ ...hidden, fieldErrors: CHANGE_ERROR[outcome.status] }) };
}

/** Account settings: the e-mail address (changed by a confirmed link, §5) and the activation state. */
export default function Settings() {
  const { title, email, confirmed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useCheckedForm(
    "mail-change",
    () => import("../../server/accounts/forms").then((forms) => forms.emailChangeSchema),
    actionData && "result" in actionData ? actionData.result : undefined,
  );
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : undefined;
  const activation = actionData && "activation" in actionData ? actionData.activation : undefined;
  const values = actionData && "values" in actionData ? actionData.values : undefined;

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <section className={settingsStyles.section} aria-labelledby="settings-email">
        <h2 id="settings-email">{t("settings.emailTitle")}</h2>
        <p>{t("settings.currentEmail", { email })}</p>
        {confirmed ? null : (
          <Form method="post" className={styles.form}>
            <p className={styles.notice}>{t("settings.notConfirmed")}</p>
            <div role="status">{activation ? <p className={activation.sent ? styles.success : styles.notice}>{t(activation.message, { email })}</p> : null}</div>
            <button type="submit" name="intent" value="activation" className={styles.secondaryButton} disabled={busy}>
              {t("activation.resend")}
            </button>
          </Form>
        )}
      </section>
      <section className={settingsStyles.section} aria-labelledby="settings-change">
        <h2 id="settings-change">{t("settings.changeTitle")}</h2>
        <div role="status">{sentTo ? <p className={styles.success}>{t("settings.changeSent", { email: sentTo })}</p> : null}</div>
        <Form method="post" {...getFormProps(form)} className={styles.form}>
          <Messages id={form.errorId} messages={form.errors} values={values} />
          <Field meta={fields.new_email} label={t("fields.newEmail")} type="email" autoComplete="email" />
          <Field meta={fields.old_password} label={t("fields.oldPassword")} type="password" autoComplete="current-password" />
          <button type="submit" className={styles.button} disabled={busy}>
            {t("settings.changeSubmit")}
          </button>
        </Form>
      </section>
    </main>
  );
}
