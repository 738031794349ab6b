import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as styles from "../components/form.css";
import { sendNewActivationLink } from "../lib/activation.server";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ context }: LoaderFunctionArgs) {
  const member = context.member;
  return { title: context.t("errors.activationFailed"), signedIn: Boolean(member), confirmed: member?.status === "confirmed" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return sendNewActivationLink(context, requireMember(context, request));
}

/** 'Activeren mislukt' (§8), with the way to a new link: at once when signed in, else after signing in. */
export default function ActivateError() {
  const { title, signedIn, confirmed } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <p className={styles.lead}>{confirmed ? t("activation.alreadyDone") : t("activation.failedText")}</p>
      {!signedIn ? (
        <Link to="/login?redirectTo=/complete-signup" className={styles.button}>
          {t("activation.loginForNewLink")}
        </Link>
      ) : confirmed ? (
        <Link to="/members" className={styles.button}>
          {t("activated.searchAction")}
        </Link>
      ) : (
        <Form method="post" className={styles.form}>
          <div role="status">{result ? <p className={result.sent ? styles.success : styles.notice}>{t(result.message)}</p> : null}</div>
          <button type="submit" className={styles.button} disabled={busy}>
            {t("activation.resend")}
          </button>
        </Form>
      )}
    </main>
  );
}
