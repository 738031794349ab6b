import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { maskEmail } from "../../server/accounts/email-address";
import { unsubscribe, unsubscribeLinkOwner } from "../../server/notifications/unsubscribe";
import * as styles from "../components/form.css";
import { accountMeta } from "../lib/meta";

export const meta = accountMeta;

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** The member an unsubscribe link on this brand names, when it is valid. */
const linkOwner = (context: AppLoadContext, token: string) =>
  unsubscribeLinkOwner(context.services.store.db, { siteId: context.site.id, secrets: context.services.mailLinks.secrets, token });

/** The link's owner and the page's words in the owner's language (the mail was in it), or why the link does not work. */
async function readLink(context: AppLoadContext, token: string) {
  const owner = await linkOwner(context, token);
  if (!owner) return undefined;
  const t = context.translatorFor(owner.language, owner.country);
  const vars = { site: context.site.name, kind: t(`mail:kinds.${owner.kind}`), email: maskEmail(owner.email) };
  return {
    owner,
    language: owner.language,
    title: t("mailings:unsubscribe.title", vars),
    question: t("mailings:unsubscribe.question", vars),
    button: t("mailings:unsubscribe.button", vars),
    done: t("mailings:unsubscribe.done", vars),
    already: t("mailings:unsubscribe.already", vars),
    settings: t("mailings:unsubscribe.settings", vars),
  };
}

/**
 * GET /unsubscribe/<token>: asks, and changes nothing (mail scanners open links). The token is signed
 * per member, kind and brand (server/notifications/unsubscribe-token.ts).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const link = await readLink(context, params.token ?? "");
  if (!link) {
    const t = context.t;
    return data(
      { valid: false as const, language: context.language, title: t("mailings:invalid.title"), text: t("mailings:invalid.text", { site: context.site.name }), settings: t("mailings:unsubscribe.settings") },
      { status: 404, headers: NO_STORE },
    );
  }
  const { owner, ...page } = link;
  return data({ valid: true as const, unsubscribed: owner.unsubscribed, ...page }, { headers: NO_STORE });
}

/**
 * POST /unsubscribe/<token> with List-Unsubscribe=One-Click: RFC 8058's one-click POST from a mail
 * program (no cookie, no Origin), or the page's button. Unsubscribes at once; again is the same.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const owner = await linkOwner(context, params.token ?? "");
  if (!owner) return data({ unsubscribed: false }, { status: 404, headers: NO_STORE });
  const form = await request.formData();
  if (form.get("List-Unsubscribe") !== "One-Click") return data({ unsubscribed: false }, { status: 400, headers: NO_STORE });
  await unsubscribe(context.services.store.db, { siteId: context.site.id, accountId: owner.accountId, kind: owner.kind });
  return data({ unsubscribed: true }, { headers: NO_STORE });
}

/** The page of an unsubscribe link: one question, one button; afterwards what happened and where to undo it. */
export default function Unsubscribe() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  if (!page.valid) {
    return (
      <main id="main" className={styles.page} lang={page.language}>
        <h1 className={styles.heading}>{page.title}</h1>
        <p className={styles.lead}>{page.text}</p>
        <Link to="/notifications" className={styles.link}>
          {page.settings}
        </Link>
      </main>
    );
  }
  const done = result?.unsubscribed === true;
  return (
    <main id="main" className={styles.page} lang={page.language}>
      <h1 className={styles.heading}>{page.title}</h1>
      <div role="status">{done || page.unsubscribed ? <p className={styles.success}>{done ? page.done : page.already}</p> : null}</div>
      {done || page.unsubscribed ? null : (
        <Form method="post" className={styles.form}>
          <p className={styles.lead}>{page.question}</p>
          <button type="submit" name="List-Unsubscribe" value="One-Click" className={styles.button} disabled={busy}>
            {page.button}
          </button>
        </Form>
      )}
      <p>
        <Link to="/notifications" className={styles.link}>
          {page.settings}
        </Link>
      </p>
    </main>
  );
}
