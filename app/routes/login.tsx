import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loginSchema } from "../../server/accounts/forms";
import { checkPassword } from "../../server/accounts/login";
import { reactivationPathForLogin } from "../../server/accounts/reactivation";
import { Field, Messages } from "../components/form-field";
import * as styles from "../components/form.css";
import { BAN_PAGE, MEMBER_HOME, redirectMembersHome, signIn } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { useCheckedForm } from "../lib/use-checked-form";
import { safeRedirect } from "../lib/safe-redirect";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ context }: LoaderFunctionArgs) {
  redirectMembersHome(context);
  return { title: context.t("account:login.title") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") return { result: submission.reply({ hideFields: ["password"] }) };
  const { email, password, redirectTo } = submission.value;
  const check = await checkPassword(context.services.store.db, context.services.limits, { siteId: context.site.id, email, password, ip: context.ip });
  if (check.status === "ok") {
    return redirect(safeRedirect(redirectTo, MEMBER_HOME), { headers: await signIn(context, check.accountId, check.language) });
  }
  if (check.status === "banned") return redirect(BAN_PAGE);
  // A deleted account within its grace: its page offers reactivation; nothing happens without the member's click.
  if (check.status === "deleted") return redirect(await reactivationPathForLogin(context.services.store.db, { accountId: check.accountId }), { headers: { "Cache-Control": "no-store" } });
  const message = check.status === "locked" ? "errors.tooManyAttempts" : "errors.loginFailed";
  return { result: submission.reply({ formErrors: [message], hideFields: ["password"] }), values: check.status === "locked" ? { minutes: check.minutes } : undefined };
}

export default function Login() {
  const { title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useCheckedForm("login", () => import("../../server/accounts/forms").then((forms) => forms.loginSchema), actionData?.result);

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.lead}>{t("login.lead")}</p>
      <Form method="post" {...getFormProps(form)} className={styles.form}>
        <div role="alert" aria-live="assertive">
          {form.errors?.length ? (
            <div className={styles.alert}>
              <Messages id={form.errorId} messages={form.errors} values={actionData?.values} />
            </div>
          ) : null}
        </div>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email" />
        <Field meta={fields.password} label={t("fields.password")} type="password" autoComplete="current-password" />
        <button type="submit" className={styles.button} disabled={busy}>
          {t("login.submit")}
        </button>
      </Form>
      <div className={styles.links}>
        <Link to="/reset-password" className={styles.link}>
          {t("login.forgotPassword")}
        </Link>
        <Link to="/signup" className={styles.link}>
          {t("login.noAccount")}
        </Link>
      </div>
    </main>
  );
}
