import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { confirmEmailChange } from "../../server/accounts/email-change";
import { findLink } from "../../server/accounts/links";
import { Messages } from "../components/form-field";
import * as styles from "../components/form.css";
import { accountMeta } from "../lib/meta";

export const handle = { i18n: ["account"] };
export const meta = accountMeta;

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = tokenOf(request);
  const link = token ? await findLink(context.services.store.db, { siteId: context.site.id, token, purpose: "mail_change" }) : undefined;
  return { title: context.t("account:mailChange.title"), newEmail: link?.newEmail ?? undefined };
}

/** Confirming is a button, not the link itself: a mail scanner opening links changes nothing. */
export async function action({ request, context }: ActionFunctionArgs) {
  const outcome = await confirmEmailChange(context.services.store.db, {
    site: context.site,
    token: tokenOf(request),
    origin: context.origin,
    translatorFor: context.translatorFor,
  });
  if (outcome.status === "changed") {
    context.services.mailer.kick();
    return { changedTo: outcome.email };
  }
  return { error: outcome.status === "taken" ? "validation.emailTaken" : "errors.linkExpired" };
}

/** The confirmation link of an e-mail change (§2, §5), opened from the new address's mailbox. */
export default function MailChangeDo() {
  const { title, newEmail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("account");
  const busy = useNavigation().state === "submitting";
  const changedTo = result && "changedTo" in result ? result.changedTo : undefined;
  const error = result && "error" in result ? result.error : newEmail ? undefined : "errors.linkExpired";
  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      {changedTo ? (
        <p role="status" className={styles.success}>
          {t("mailChange.done", { email: changedTo })}
        </p>
      ) : error ? (
        <div role="alert" className={styles.alert}>
          <Messages messages={[error]} />
        </div>
      ) : (
        <Form method="post" className={styles.form}>
          <p className={styles.lead}>{t("mailChange.confirmText", { email: newEmail })}</p>
          <button type="submit" className={styles.button} disabled={busy}>
            {t("mailChange.confirm")}
          </button>
        </Form>
      )}
      <div className={styles.links}>
        <Link to={changedTo ? "/login" : "/settings"} className={styles.link}>
          {changedTo ? t("mailChange.toLogin") : t("mailChange.toSettings")}
        </Link>
      </div>
    </main>
  );
}
