import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as styles from "../components/form.css";
import * as signupStyles from "../components/signup/signup.css";
import { sendNewActivationLink } from "../lib/activation.server";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { safeRedirect } from "../lib/safe-redirect";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  // Signed up from somewhere (liking Kees, say): the way on leads back there.
  const back = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "") || undefined;
  return { title: context.t("account:complete.title"), email: member.email, memberId: member.profileId, confirmed: member.status === "confirmed", back };
}

export async function action({ request, context }: ActionFunctionArgs) {
  return sendNewActivationLink(context, requireMember(context, request));
}

/**
 * After signup: check your mailbox, your member number, and a way to a new link (§2, §4). The one
 * place that says so right after signup: the banners leave the reminder and the push offer out here.
 */
export default function CompleteSignup() {
  const { title, email, memberId, confirmed, back } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{confirmed ? t("complete.activatedTitle") : title}</h1>
      <p className={signupStyles.memberId}>{t("signup.memberId", { id: memberId })}</p>
      {confirmed ? (
        <p className={styles.lead}>{t("complete.activated")}</p>
      ) : (
        <>
          <p className={styles.lead}>{t("complete.checkMail", { email })}</p>
          <p>{t("complete.meanwhile")}</p>
          <Form method="post" className={styles.form}>
            <div role="status">{result ? <p className={result.sent ? styles.success : styles.notice}>{t(result.message, { email })}</p> : null}</div>
            <button type="submit" className={styles.secondaryButton} disabled={busy}>
              {t("activation.resend")}
            </button>
          </Form>
        </>
      )}
      <div className={styles.links}>
        <Link to={back ?? "/signup-matches"} className={styles.button}>
          {back ? t("complete.continueBack") : t("complete.continue")}
        </Link>
      </div>
    </main>
  );
}
