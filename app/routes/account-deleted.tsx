import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Messages } from "../components/form-field";
import * as styles from "../components/form.css";
import { normalizeEmail } from "../../server/accounts/email-address";
import { resendReactivationLink } from "../../server/accounts/reactivation";
import { DELETION_GRACE_DAYS } from "../../server/accounts/signup";
import { accountMeta } from "../lib/meta";
import * as own from "./settings-delete.css";

export const handle = { i18n: ["deletion"] };
export const meta = accountMeta;

const resendSchema = z.object({
  email: z
    .string({ error: "deletion:errors.emailRequired" })
    .trim()
    .min(1, { error: "deletion:errors.emailRequired" })
    .max(254, { error: "deletion:errors.emailInvalid" })
    .pipe(z.email({ error: "deletion:errors.emailInvalid" })),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    title: context.t("deletion:deleted.title"),
    days: DELETION_GRACE_DAYS,
    email: new URL(request.url).searchParams.get("email")?.slice(0, 254) ?? "",
  };
}

/** The signup hint of §5 leads here to get the reactivation link mailed again (rate limited). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resendSchema });
  if (submission.status !== "success") return data({ sent: false, errors: submission.error?.email ?? ["deletion:errors.emailInvalid"] }, { status: 400 });
  const outcome = await resendReactivationLink(context.services.store.db, context.services.limits, {
    email: normalizeEmail(submission.value.email),
    ip: context.ip,
    outgoing: { site: context.site, origin: context.origin, t: context.t, language: context.language },
  });
  if (outcome === "too_many") return data({ sent: false, errors: ["deletion:errors.tooMany"] }, { status: 429 });
  context.services.mailer.kick();
  return { sent: true, errors: undefined };
}

/** /account-deleted (§2, §4): what the 14 days mean, the mailed link, and a way to get it again. */
export default function AccountDeleted() {
  const { title, days, email } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("deletion");
  return (
    <main id="main" className={own.page}>
      <header>
        <h1 className={own.heading}>{title}</h1>
      </header>
      <ul className={own.facts}>
        <li>{t("deleted.gone")}</li>
        <li>{t("deleted.grace", { days })}</li>
        <li>{t("deleted.mailed", { days })}</li>
        <li>{t("deleted.after", { days })}</li>
      </ul>
      <section id="resend" aria-labelledby="resend-title" className={own.offer}>
        <h2 id="resend-title" className={own.subheading}>
          {t("resend.title")}
        </h2>
        <p className={own.lead}>{t("resend.lead")}</p>
        <div role="status">{answer?.sent ? <p className={styles.success}>{t("resend.sent")}</p> : null}</div>
        <Form method="post" className={styles.form} noValidate>
          <div className={styles.field}>
            <label htmlFor="resend-email" className={styles.label}>
              {t("resend.email")}
            </label>
            <input
              id="resend-email"
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={email}
              required
              className={styles.input}
              aria-invalid={answer?.errors ? true : undefined}
              aria-describedby={answer?.errors ? "resend-errors" : undefined}
            />
            <div role="alert">
              <Messages id="resend-errors" messages={answer?.errors} />
            </div>
          </div>
          <div>
            <button type="submit" className={styles.button}>
              {t("resend.submit")}
            </button>
          </div>
        </Form>
      </section>
      <p>
        <Link to="/" className={styles.link}>
          {t("deleted.home")}
        </Link>
      </p>
    </main>
  );
}
