import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as styles from "../components/form.css";
import { SignupForm } from "../components/signup/signup-form";
import { redirectMembersHome } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { createSignup } from "../lib/signup.server";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ context }: LoaderFunctionArgs) {
  redirectMembersHome(context);
  return { title: context.t("account:signup.title") };
}

/** Without JavaScript all four steps run here, in one request; the mail goes out right after. */
export async function action({ request, context }: ActionFunctionArgs) {
  const created = await createSignup(context, await request.formData());
  if (!created.ok) return data({ result: created.result }, { status: "tooMany" in created && created.tooMany ? 429 : 200 });
  context.services.mailer.kick();
  return redirect("/complete-signup", { headers: created.headers });
}

/** The signup page: what phones (and visitors without JavaScript) see instead of the modal (§2). */
export default function Signup() {
  const { title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("account");
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.lead}>{t("signup.lead")}</p>
      <SignupForm serverResult={actionData?.result} />
      <div className={styles.links}>
        <Link to="/login" className={styles.link}>
          {t("signup.haveAccount")}
        </Link>
      </div>
    </main>
  );
}
