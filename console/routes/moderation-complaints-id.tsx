import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { complaintConversation, complaintDetail, resolveComplaint, takeComplaint, type ComplaintStep } from "../../server/support/complaint-queue";
import { actorOf, consoleContext, requirePermission } from "../../server/support/console-context";
import { OUTCOME_MAX, OUTCOME_MIN } from "../../server/support/moderation-fields";
import { consoleMinute, REASON_LABEL, STATUS_LABEL } from "../lib/complaint-labels";
import * as ui from "../styles/ui.css";
import * as css from "./moderation-complaints-id.css";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: `${page ? `Complaint #${page.complaint.id}` : "Complaint"} · Amora support` }];

const memberHref = (accountId: number | null, siteId: string | null) => (accountId && siteId ? `/members/${accountId}?site=${encodeURIComponent(siteId)}` : undefined);

/** The query that shows the reported conversation: reading a member's messages is a deliberate, recorded step. */
const SHOW_MESSAGES = "messages";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requirePermission(context, "complaints:handle");
  const { services } = consoleContext(context);
  const complaintId = Number(params.id);
  const actor = actorOf(context);
  const db = services.store.db;
  const detail = Number.isSafeInteger(complaintId) && complaintId > 0 ? await complaintDetail({ db, actor, complaintId }) : undefined;
  if (!detail) throw new Response("There is no complaint with this number.", { status: 404 });
  const showMessages = new URL(request.url).searchParams.get("show") === SHOW_MESSAGES;
  const conversation = showMessages && detail.hasConversation ? await complaintConversation({ db, sites: services.sites, actor, complaintId }) : undefined;
  const brand = services.sites.byId(detail.siteId);
  return {
    complaint: {
      id: detail.id,
      status: detail.status,
      brand: brand ? `${brand.name} (${brand.id})` : detail.siteId,
      reason: REASON_LABEL[detail.reason],
      message: detail.message,
      outcome: detail.outcome,
      handledBy: detail.handledBy,
      filed: consoleMinute(detail.createdAt),
      resolved: consoleMinute(detail.resolvedAt),
    },
    reporter: {
      email: detail.reporterEmail,
      name: detail.reporter?.name ?? null,
      href: memberHref(detail.reporter?.accountId ?? null, detail.siteId),
      visitor: detail.reporter === null,
    },
    reported: detail.reported && {
      name: detail.reported.name,
      profileId: detail.reported.profileId,
      status: detail.reportedStatus,
      href: memberHref(detail.reportedAccountId, detail.reportedSiteId),
    },
    hasConversation: detail.hasConversation,
    showHref: `?show=${SHOW_MESSAGES}`,
    conversation: conversation && {
      id: conversation.conversationId,
      hasOlder: conversation.hasOlder,
      messages: conversation.messages.map((message) => ({ ...message, at: consoleMinute(message.createdAt) })),
    },
  };
}

type Answer = { intent: string; notice?: string; formError?: string; outcomeError?: string; outcome?: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** What a step that changed nothing means to the moderator. */
function refusal(step: Extract<ComplaintStep, { ok: false }>, intent: string): string {
  if (step.error === "outcome") return step.message;
  if (step.error === "not_found") return "There is no complaint with this number.";
  if (step.status === "resolved") return "This complaint is already resolved.";
  if (intent === "resolve" && step.status === "open") return "Take this complaint before you resolve it.";
  return "Someone already took this complaint.";
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requirePermission(context, "complaints:handle");
  const { services } = consoleContext(context);
  const form = await request.formData();
  const intent = text(form, "intent");
  const complaintId = Number(params.id);
  const where = { db: services.store.db, actor: actorOf(context), complaintId };
  if ((intent !== "take" && intent !== "resolve") || !Number.isSafeInteger(complaintId) || complaintId <= 0) {
    return data<Answer>({ intent, formError: "Unknown request." }, { status: 400 });
  }
  if (intent === "take") {
    const step = await takeComplaint(where);
    return data<Answer>(step.ok ? { intent, notice: "You took this complaint: it is in progress." } : { intent, formError: refusal(step, intent) });
  }
  const outcome = text(form, "outcome");
  const step = await resolveComplaint({ ...where, outcome });
  if (!step.ok && step.error === "outcome") return data<Answer>({ intent, outcomeError: step.message, outcome }, { status: 400 });
  // A step someone else's made impossible is an answer, not a failure: the page reloads with the complaint as it is now.
  return data<Answer>(step.ok ? { intent, notice: "Resolved. The outcome is on the complaint and in the audit trail." } : { intent, formError: refusal(step, intent) });
}

/** One complaint (/moderation/complaints/:id): what was reported and by whom, taking it on, resolving it, and the reported conversation. */
export default function ComplaintPage() {
  const { complaint, reporter, reported, hasConversation, showHref, conversation } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const statusTone = complaint.status === "open" ? "warn" : complaint.status === "in_progress" ? "accent" : "ok";
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Complaint #{complaint.id}</h1>
        <p className={ui.lead}>
          <Link to={`/moderation/complaints?status=${complaint.status}`}>Back to the {STATUS_LABEL[complaint.status].toLowerCase()} complaints</Link>
        </p>
      </div>

      <div role="status">
        {answer?.notice ? <p className={ui.notice.ok}>{answer.notice}</p> : null}
        {answer?.formError ? <p className={ui.notice.warn}>{answer.formError}</p> : null}
      </div>

      <div className={ui.grid}>
        <section className={ui.card} aria-labelledby="complaint-title">
          <h2 id="complaint-title">The complaint</h2>
          <dl className={ui.definitions}>
            <dt>Status</dt>
            <dd>
              <span className={ui.badge[statusTone]} data-testid="complaint-status">
                {STATUS_LABEL[complaint.status]}
              </span>
            </dd>
            <dt>Brand</dt>
            <dd>{complaint.brand}</dd>
            <dt>Reason</dt>
            <dd>{complaint.reason}</dd>
            <dt>Filed</dt>
            <dd>{complaint.filed} UTC</dd>
            <dt>Message</dt>
            <dd>
              <p className={css.message}>{complaint.message}</p>
            </dd>
            <dt>Handled by</dt>
            <dd>{complaint.handledBy ?? "No one yet"}</dd>
            {complaint.status === "resolved" ? (
              <>
                <dt>Resolved</dt>
                <dd>{complaint.resolved} UTC</dd>
                <dt>Outcome</dt>
                <dd>
                  <p className={css.message}>{complaint.outcome}</p>
                </dd>
              </>
            ) : null}
          </dl>
        </section>

        <section className={ui.card} aria-labelledby="people-title">
          <h2 id="people-title">Who</h2>
          <dl className={ui.definitions}>
            <dt>Reported</dt>
            <dd>
              {reported ? (
                <>
                  {reported.href ? <Link to={reported.href}>{reported.name}</Link> : reported.name} (profile {reported.profileId})
                  {reported.status && reported.status !== "active" ? <span className={ui.badge.warn}> {reported.status}</span> : null}
                  {reported.href ? null : <div className={ui.hint}>No account: a demo profile.</div>}
                </>
              ) : (
                "The site itself (no profile named)"
              )}
            </dd>
            <dt>Reporter</dt>
            <dd>
              {reporter.href ? <Link to={reporter.href}>{reporter.name ?? reporter.email}</Link> : (reporter.email ?? "—")}
              {reporter.visitor ? <div className={ui.hint}>A visitor, not signed in: answer by e-mail.</div> : <div className={ui.hint}>{reporter.email}</div>}
            </dd>
          </dl>
        </section>
      </div>

      {complaint.status === "open" ? (
        <section className={ui.card} aria-labelledby="take-title">
          <h2 id="take-title">Take it on</h2>
          <Form method="post" className={ui.form}>
            <input type="hidden" name="intent" value="take" />
            <p className={ui.hint}>It moves to In progress with your name on it; then you can resolve it.</p>
            <div>
              <button type="submit" className={ui.button.primary} disabled={busy}>
                Take this complaint
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      {complaint.status === "in_progress" ? (
        <section className={ui.card} aria-labelledby="resolve-title">
          <h2 id="resolve-title">Resolve</h2>
          <Form method="post" className={ui.form}>
            <input type="hidden" name="intent" value="resolve" />
            <div className={ui.field}>
              <label htmlFor="field-outcome" className={ui.label}>
                Outcome
              </label>
              <p id="field-outcome-hint" className={ui.hint}>
                What was found and done (a warning, a ban, nothing wrong). {OUTCOME_MIN} to {OUTCOME_MAX} characters; kept with the complaint and in the audit trail.
              </p>
              <textarea
                id="field-outcome"
                name="outcome"
                rows={4}
                className={ui.input}
                required
                minLength={OUTCOME_MIN}
                maxLength={OUTCOME_MAX}
                defaultValue={answer?.outcome}
                aria-invalid={answer?.outcomeError ? true : undefined}
                aria-describedby={answer?.outcomeError ? "field-outcome-hint field-outcome-error" : "field-outcome-hint"}
              />
              {answer?.outcomeError ? (
                <p id="field-outcome-error" className={ui.fieldError}>
                  {answer.outcomeError}
                </p>
              ) : null}
            </div>
            <div>
              <button type="submit" className={ui.button.primary} disabled={busy}>
                Resolve the complaint
              </button>
            </div>
          </Form>
        </section>
      ) : null}

      <section className={ui.card} aria-labelledby="conversation-title">
        <h2 id="conversation-title">Reported conversation</h2>
        {!hasConversation ? (
          <p className={ui.hint}>This complaint names no conversation: the reporter was not signed in, named no profile, or never wrote with them.</p>
        ) : !conversation ? (
          <div className={css.reveal}>
            <p className={ui.hint}>The messages between the reporter and the reported member. Reading them is recorded in the audit trail.</p>
            <Link to={showHref} className={ui.button.secondary} preventScrollReset>
              Read the conversation
            </Link>
          </div>
        ) : (
          <>
            <p className={ui.hint}>
              Conversation {conversation.id}, everything stored, oldest first{conversation.hasOlder ? " (older messages not shown)" : ""}. This reading is recorded.
            </p>
            {conversation.messages.length === 0 ? (
              <p>No messages.</p>
            ) : (
              <ol className={css.messages}>
                {conversation.messages.map((message) => (
                  <li key={message.id} className={css.bubble[message.from]}>
                    <p className={css.from}>
                      {message.from === "reporter" ? `Reporter${reporter.name ? ` (${reporter.name})` : ""}` : message.from === "reported" ? `Reported${reported ? ` (${reported.name})` : ""}` : "System"} ·{" "}
                      {message.at} UTC
                    </p>
                    {message.body ? <p className={css.message}>{message.body}</p> : null}
                    {message.image ? (
                      <a href={message.image.filename} target="_blank" rel="noreferrer">
                        Photo sent (opens the image)
                      </a>
                    ) : null}
                    {message.gift ? <p>Gift: {message.gift}</p> : null}
                  </li>
                ))}
              </ol>
            )}
          </>
        )}
      </section>
    </div>
  );
}
