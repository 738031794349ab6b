import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resetRequestSchema } from "../../server/accounts/forms";
import { requestPasswordReset } from "../../server/accounts/password-reset";
import { Field, Messages } from "../components/form-field";
import * as styles from "../components/form.css";
import { accountMeta } from "../lib/meta";
import { useCheckedForm } from "../lib/use-checked-form";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ context }: LoaderFunctionArgs) {
  return { title: context.t("account:reset.title") };
}

const OUTCOME_ERROR = { not_found: "validation.emailNotFound", too_many: "errors.tooManyResets" } as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetRequestSchema });
  if (submission.status !== "success") return { result: submission.reply() };
  const outcome = await requestPasswordReset(context.services.store.db, context.services.limits, {
    site: context.site,
    email: submission.value.email,
    ip: context.ip,
    origin: context.origin,
    today: context.today,
    translatorFor: context.translatorFor,
  });
  if (outcome === "sent") {
    context.services.mailer.kick();
    return { result: submission.reply({ resetForm: true }), sentTo: submission.value.email };
  }
  return { result: submission.reply({ fieldErrors: { email: [OUTCOME_ERROR[outcome]] } }) };
}

/** Forgot password: a link by e-mail to the address of the account (§5, §8). */
export default function ResetPassword() {
  const { title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useCheckedForm("reset-password", () => import("../../server/accounts/forms").then((forms) => forms.resetRequestSchema), actionData?.result);
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : undefined;
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <div role="status">{sentTo ? <p className={styles.success}>{t("reset.sent", { email: sentTo })}</p> : null}</div>
      {sentTo ? null : (
        <>
          <p className={styles.lead}>{t("reset.lead")}</p>
          <Form method="post" {...getFormProps(form)} className={styles.form}>
            <Messages id={form.errorId} messages={[...(form.errors ?? []), ...(fields.website.errors ?? [])]} />
            <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
            <div className={styles.honeypot} aria-hidden="true">
              <label htmlFor="reset-website">Website</label>
              <input id="reset-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <button type="submit" className={styles.button} disabled={busy}>
              {t("reset.submit")}
            </button>
          </Form>
        </>
      )}
      <div className={styles.links}>
        <Link to="/login" className={styles.link}>
          {t("reset.backToLogin")}
        </Link>
      </div>
    </main>
  );
}
