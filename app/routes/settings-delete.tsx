import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DELETION_NOTE_MAX, DELETION_REASONS, deleteAccount, deletionConfirmSchema, deletionReasonSchema, type DeletionReason } from "../../server/accounts/deletion";
import { setInvisible } from "../../server/profiles/profile";
import { offersFor } from "../lib/deletion.server";
import { DeletionConfirm, DeletionReasons, RetentionOffers, type OfferView } from "../components/settings/delete-account";
import * as styles from "../components/form.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import * as own from "./settings-delete.css";
import * as settings from "./settings.css";

export const handle = { i18n: ["settings", "deletion"] };
export const meta = accountMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  return { title: context.t("deletion:title"), reasons: DELETION_REASONS, noteMax: DELETION_NOTE_MAX, email: member.email };
}

type Step =
  | { step: "reasons"; reason?: DeletionReason; note?: string; errors: { reason?: string[]; note?: string[] } }
  | { step: "offers"; reason: DeletionReason; note: string | undefined; offers: OfferView[] }
  | { step: "confirm"; reason: DeletionReason; note: string | undefined; errors?: string[]; minutes?: number }
  | { step: "invisible" };

/** Each step posts here; the answer is the next step, so the flow works without JavaScript. */
export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "invisible") {
    await setInvisible(context.services.store.db, { siteId: member.siteId, profileId: member.profileId, invisible: true });
    return { step: "invisible" } satisfies Step;
  }
  if (intent === "reason" || intent === "continue") {
    const submission = parseWithZod(formData, { schema: deletionReasonSchema });
    if (submission.status !== "success") {
      const reason = formData.get("reason");
      return {
        step: "reasons",
        reason: DELETION_REASONS.find((known) => known === reason),
        note: String(formData.get("note") ?? "").slice(0, DELETION_NOTE_MAX),
        errors: { reason: submission.error?.reason ?? undefined, note: submission.error?.note ?? undefined },
      } satisfies Step;
    }
    const { reason, note } = submission.value;
    if (intent === "continue") return { step: "confirm", reason, note } satisfies Step;
    return { step: "offers", reason, note, offers: await offersFor(context, member, reason) } satisfies Step;
  }
  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: deletionConfirmSchema });
    if (submission.status !== "success") {
      const reasonOk = deletionReasonSchema.safeParse({ reason: formData.get("reason"), note: formData.get("note") ?? undefined });
      if (!reasonOk.success) return { step: "reasons", errors: { reason: ["deletion:errors.reasonRequired"] } } satisfies Step;
      return { step: "confirm", reason: reasonOk.data.reason, note: reasonOk.data.note, errors: ["deletion:errors.passwordRequired"] } satisfies Step;
    }
    const { reason, note, password } = submission.value;
    const outcome = await deleteAccount(context.services.store.db, context.services.limits, {
      member,
      password,
      reason,
      note,
      outgoing: { site: context.site, origin: context.origin, t: context.t, language: context.language },
    });
    if (outcome.status === "wrong_password") return data({ step: "confirm", reason, note, errors: ["deletion:errors.wrongPassword"] } satisfies Step, { status: 400 });
    if (outcome.status === "locked") return data({ step: "confirm", reason, note, errors: ["deletion:errors.locked"], minutes: outcome.minutes } satisfies Step, { status: 429 });
    context.services.mailer.kick();
    context.log.info({ accountId: member.accountId, reason }, "account deleted by its member");
    throw redirect("/account-deleted", { headers: { "Set-Cookie": await context.services.sessions.end(context.sessionId), "Cache-Control": "no-store" } });
  }
  throw new Response(context.t("errors.generic"), { status: 400, headers: { "Cache-Control": "no-store" } });
}

/** §2 delete-account reasons and solutions: why, what might help instead, then the password. */
export default function SettingsDelete() {
  const { title, reasons, noteMax, email } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Step | undefined;
  const { t } = useTranslation("deletion");

  return (
    <main id="main" className={own.page}>
      <header>
        <h1 className={own.heading}>{title}</h1>
        <p className={own.lead}>{t("lead")}</p>
      </header>
      {answer?.step === "invisible" ? (
        <section aria-labelledby="kept-title" className={settings.card}>
          <h2 id="kept-title" className={settings.cardTitle}>
            {t("kept.title")}
          </h2>
          <p role="status" className={styles.success}>
            {t("kept.invisible")}
          </p>
          <div className={settings.actions}>
            <Link to="/settings#privacy" className={styles.button}>
              {t("kept.settings")}
            </Link>
          </div>
        </section>
      ) : answer?.step === "offers" ? (
        <RetentionOffers offers={answer.offers} reason={answer.reason} note={answer.note} />
      ) : answer?.step === "confirm" ? (
        <DeletionConfirm reason={answer.reason} note={answer.note} email={email} errors={answer.errors} minutes={answer.minutes} />
      ) : (
        <DeletionReasons
          reasons={reasons}
          chosen={answer?.step === "reasons" ? answer.reason : undefined}
          note={answer?.step === "reasons" ? answer.note : undefined}
          errors={answer?.step === "reasons" ? answer.errors : undefined}
          noteMax={noteMax}
        />
      )}
    </main>
  );
}
