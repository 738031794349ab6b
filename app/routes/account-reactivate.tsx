import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as styles from "../components/form.css";
import { MEMBER_HOME, signIn } from "../lib/auth.server";
import { findReactivation, reactivateAccount } from "../../server/accounts/reactivation";
import { DELETION_GRACE_DAYS, graceEnd } from "../../server/accounts/signup";
import { formatDate } from "../../server/i18n/dates";
import { accountMeta } from "../lib/meta";
import * as own from "./settings-delete.css";

export const handle = { i18n: ["deletion"] };
export const meta = accountMeta;

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/**
 * The reactivation link (mailed at deletion, or made by a login within the grace). Opening it
 * only shows what it would do: reactivating is the member's click (a POST), never a side effect
 * of a mail scanner fetching the link.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const link = await findReactivation(context.services.store.db, { siteId: context.site.id, token: tokenOf(request) });
  const fromLogin = new URL(request.url).searchParams.get("from") === "login";
  return {
    title: context.t(link ? "deletion:reactivate.title" : "deletion:reactivate.invalidTitle"),
    valid: Boolean(link),
    days: DELETION_GRACE_DAYS,
    fromLogin,
    until: link?.deletedAt ? formatDate(graceEnd(link.deletedAt), context.language, context.timeZone) : "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const result = await reactivateAccount(context.services.store.db, { siteId: context.site.id, token: tokenOf(request) });
  if (result.status !== "reactivated") throw redirect(new URL(request.url).pathname, { headers: { "Cache-Control": "no-store" } });
  context.log.info({ accountId: result.accountId }, "deleted account reactivated");
  const headers = await signIn(context, result.accountId, result.language);
  headers.set("Cache-Control", "no-store");
  throw redirect(`${MEMBER_HOME}?reactivated=1`, { headers });
}

export default function AccountReactivate() {
  const { title, valid, days, fromLogin, until } = useLoaderData<typeof loader>();
  const { t } = useTranslation("deletion");
  return (
    <main id="main" className={own.page}>
      <header>
        <h1 className={own.heading}>{title}</h1>
      </header>
      {valid ? (
        <>
          <p className={own.lead}>{t(fromLogin ? "reactivate.fromLogin" : "reactivate.lead", { date: until })}</p>
          <Form method="post">
            <button type="submit" className={styles.button}>
              {t("reactivate.submit")}
            </button>
          </Form>
          <p>
            <Link to="/" className={styles.link}>
              {t("reactivate.notNow")}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className={own.lead}>{t("reactivate.invalid", { days })}</p>
          <p>
            <Link to="/account-deleted#resend" className={styles.link}>
              {t("reactivate.askNew")}
            </Link>
          </p>
        </>
      )}
    </main>
  );
}
