import { getFormProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { consume, minutesFrom } from "../../server/accounts/limits";
import { COMPLAINT_REASONS, MESSAGE_MAX } from "../../server/support/complaint-fields";
import { complaintSchema, fileComplaint, reportedProfile } from "../../server/support/complaints";
import { Field, Messages } from "../components/form-field";
import * as styles from "../components/form.css";
import { accountMeta } from "../lib/meta";
import { useCheckedForm } from "../lib/use-checked-form";

export const handle = { i18n: ["complaints"] };
export const meta = accountMeta;

/** The profile `?profile=<id>` names, when it is one of the pool's and not the visitor's own. */
async function profileFromQuery(context: AppLoadContext, value: string | null) {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const profile = await reportedProfile({ db: context.services.store.db, pool: context.site.pool, profileId: Number(value) });
  return profile && profile.id !== context.member?.profileId ? profile : undefined;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const profile = await profileFromQuery(context, new URL(request.url).searchParams.get("profile"));
  return {
    title: profile ? context.t("complaints:reportProfile", { name: profile.name }) : context.t("complaints:title"),
    signedIn: context.member !== undefined,
    profile: profile ?? null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: complaintSchema({ signedIn: context.member !== undefined }) });
  if (submission.status !== "success") return { result: submission.reply() };
  // Only complete forms count: a visitor correcting a typo is not sending another complaint.
  const limit = await consume(context.services.limits.complaintsIp, context.ip);
  if (!limit.allowed) {
    return data(
      { result: submission.reply({ formErrors: ["complaints:error.tooMany"] }), values: { minutes: minutesFrom(limit.msBeforeNext) } },
      { status: 429 },
    );
  }
  const outcome = await fileComplaint({ db: context.services.store.db, site: context.site, member: context.member, form: submission.value });
  // A 200, so the page's data is read again: a profile gone since the form opened drops out of it.
  if (outcome.status === "refused") return { result: submission.reply({ formErrors: [outcome.error] }) };
  context.log.info({ complaintId: outcome.id, reason: submission.value.reason }, "complaint filed");
  return { result: submission.reply({ resetForm: true }), sent: { profile: outcome.profile ?? null } };
}

/**
 * Complaints (§2): a report for the support staff, about the site or about one profile
 * (`?profile=<id>`, the profile screens' report link). Works without JavaScript; with it, the
 * same schema checks each field in the browser.
 */
export default function Complaints() {
  const { title, signedIn, profile } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("complaints");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useCheckedForm(
    "complaint",
    () => import("../../server/support/complaints").then((complaints) => complaints.complaintSchema({ signedIn })),
    actionData?.result,
  );
  const sent = actionData && "sent" in actionData ? actionData.sent : undefined;
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  const { key: reasonKey, ...reasonProps } = getSelectProps(fields.reason);

  return (
    <main id="main" className={styles.page}>
      <h1 className={styles.heading}>{title}</h1>
      <div role="status">
        {sent ? (
          <p className={styles.success}>
            <strong>{t("sent.title")}</strong> {t("sent.text")}
          </p>
        ) : null}
      </div>
      {sent ? (
        <div className={styles.links}>
          {sent.profile ? (
            <Link to={`/members/${sent.profile.id}`} className={styles.link}>
              {t("sent.backToProfile", { name: sent.profile.name })}
            </Link>
          ) : (
            <Link to="/" className={styles.link}>
              {t("sent.home")}
            </Link>
          )}
        </div>
      ) : (
        <>
          <p className={styles.lead}>{t("intro")}</p>
          <Form method="post" {...getFormProps(form)} className={styles.form}>
            <p className={styles.notice}>{t("emergency")}</p>
            <Messages id={form.errorId} messages={[...(form.errors ?? []), ...(fields.profile.errors ?? []), ...(fields.website.errors ?? [])]} values={values} />
            {profile ? <input type="hidden" name="profile" value={profile.id} /> : null}
            <div className={styles.field}>
              <label htmlFor={fields.reason.id} className={styles.label}>
                {t("fields.reason")}
              </label>
              <select key={reasonKey} {...reasonProps} className={styles.input}>
                <option value="">{t("fields.reasonPlaceholder")}</option>
                {COMPLAINT_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`reasons.${reason}`)}
                  </option>
                ))}
              </select>
              <Messages id={fields.reason.errorId} messages={fields.reason.errors} />
            </div>
            <Field meta={fields.message} label={t("fields.message")} multiline maxLength={MESSAGE_MAX}>
              <p className={styles.hint}>{t("fields.messageHint")}</p>
            </Field>
            {signedIn ? null : (
              <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email">
                <p className={styles.hint}>{t("fields.emailHint")}</p>
              </Field>
            )}
            <div className={styles.honeypot} aria-hidden="true">
              <label htmlFor="complaint-website">Website</label>
              <input id="complaint-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
            </div>
            <button type="submit" className={styles.button} disabled={busy}>
              {t("submit")}
            </button>
          </Form>
        </>
      )}
    </main>
  );
}
