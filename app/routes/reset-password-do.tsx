import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { resetPasswordSchema } from "../../server/accounts/forms";
import { findLink } from "../../server/accounts/links";
import { resetPassword } from "../../server/accounts/password-reset";
import { Field, Messages } from "../components/form-field";
import * as styles from "../components/form.css";
import { MEMBER_HOME, signIn } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { useCheckedForm } from "../lib/use-checked-form";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = token ? await findLink(context.services.store.db, { siteId: context.site.id, token, purpose: "password_reset" }) : undefined;
  return { title: context.t("account:resetDo.title"), token: link ? token : undefined };
}

/** Sets the new password, ends every other session of the account, and signs in here. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  const hidden = { hideFields: ["password", "password_repeat"] };
  if (submission.status !== "success") return { result: submission.reply(hidden) };
  const { token, password } = submission.value;
  const accountId = await resetPassword(context.services.store.db, { siteId: context.site.id, token, password });
  if (!accountId) return { result: submission.reply({ ...hidden, formErrors: ["errors.linkExpired"] }) };
  context.log.info({ accountId }, "password reset");
  return redirect(MEMBER_HOME, { headers: await signIn(context, accountId) });
}

/** The reset link's page: two new passwords, or 'Link verlopen of invalide' for an old or used link (§8). */
export default function ResetPasswordDo() {
  const { title, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useCheckedForm("reset-password-do", () => import("../../server/accounts/forms").then((forms) => forms.resetPasswordSchema), actionData?.result);
  const expired = !token || form.errors?.includes("errors.linkExpired");
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      {expired ? (
        <>
          <div role="alert" className={styles.alert}>
            <Messages messages={["errors.linkExpired"]} />
          </div>
          <div className={styles.links}>
            <Link to="/reset-password" className={styles.button}>
              {t("resetDo.requestNew")}
            </Link>
          </div>
        </>
      ) : (
        <Form method="post" {...getFormProps(form)} className={styles.form}>
          <input type="hidden" name="token" value={token} />
          <Messages id={form.errorId} messages={form.errors} />
          <Field meta={fields.password} label={t("fields.newPassword")} type="password" autoComplete="new-password">
            <p className={styles.hint}>{t("password.rule")}</p>
          </Field>
          <Field meta={fields.password_repeat} label={t("fields.repeatPassword")} type="password" autoComplete="new-password" />
          <button type="submit" className={styles.button} disabled={busy}>
            {t("resetDo.submit")}
          </button>
        </Form>
      )}
    </main>
  );
}
