import { randomBytes } from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { auditTrail } from "../../server/support/audit";
import { consoleContext, requirePermission } from "../../server/support/console-context";
import { photoUrl } from "../../server/photos/urls";
import { LEDGER_LIMIT, memberPage } from "../../server/support/members";
import { can } from "../../server/support/roles";
import { AuditTable } from "../components/audit-table";
import { FormError, TextField } from "../components/text-field";
import { runMemberIntent, type IntentAnswer } from "../lib/member-intents.server";
import * as ui from "../styles/ui.css";
import * as css from "./members-id.css";

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [{ title: `${page?.account.email ?? "Member"} · Amora support` }];

/** UTC, to the minute: staff in every country read the same time. */
const at = (value: Date | null) => (value ? value.toISOString().slice(0, 16).replace("T", " ") : null);
const money = (amount: number, currency: string) => `${(amount / 100).toFixed(2)} ${currency}`;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = requirePermission(context, "members:view");
  const { services, ip } = consoleContext(context);
  const site = services.sites.byId(new URL(request.url).searchParams.get("site") ?? "");
  const accountId = Number(params.id);
  const withMoney = can(staff.role, "money:view");
  const page =
    site && Number.isSafeInteger(accountId) && accountId > 0
      ? await memberPage({ db: services.store.db, actor: { staffId: staff.id, ip }, limits: services.limits, siteId: site.id, accountId, withMoney })
      : undefined;
  if (!site || !page) throw new Response("No member of this brand has this id.", { status: 404 });
  const trail = await auditTrail(services.store.db, { accountId }, 100);
  const { account, profile } = page;
  return {
    site: { id: site.id, name: site.name },
    searchHref: `/members?${new URLSearchParams({ site: site.id, q: account.email })}`,
    account: {
      ...account,
      activated_at: at(account.activated_at),
      banned_at: at(account.banned_at),
      created_at: at(account.created_at),
      purchases_blocked_at: at(account.purchases_blocked_at),
    },
    profile,
    photos: page.photos.map(({ thumb_filename, ...photo }) => ({
      ...photo,
      thumb: photoUrl(site, thumb_filename),
      created_at: at(photo.created_at),
      reviewed_at: at(photo.reviewed_at),
    })),
    sessions: page.sessions.map((session, index) => ({ key: index, created_at: at(session.created_at), expires_at: at(session.expires_at), live: session.expires_at > new Date() })),
    lockout: page.lockout,
    complaintsBy: page.complaintsBy.map((complaint) => ({ ...complaint, created_at: at(complaint.created_at) })),
    complaintsAbout: page.complaintsAbout.map((complaint) => ({ ...complaint, created_at: at(complaint.created_at) })),
    blocked: page.blocked.map((block) => ({ ...block, created_at: at(block.created_at) })),
    blockedBy: page.blockedBy.map((block) => ({ ...block, created_at: at(block.created_at) })),
    ledger: page.money?.ledger.map((row) => ({ ...row, created_at: at(row.created_at) })),
    payments: page.money?.payments.map((payment) => ({
      ...payment,
      price: money(payment.amount, payment.currency),
      created_at: at(payment.created_at),
      paid_at: at(payment.paid_at),
      refund_requested_at: at(payment.refund_requested_at),
    })),
    ledgerLimit: LEDGER_LIMIT,
    trail,
    /** Drawn into the adjust form: the same form sent twice books once. */
    adjustKey: randomBytes(16).toString("base64url"),
    may: {
      changeMoney: can(staff.role, "money:change"),
      manage: can(staff.role, "members:manage"),
      restrict: can(staff.role, "members:restrict"),
    },
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const answer: IntentAnswer = await runMemberIntent({ request, context, accountId: Number(params.id) });
  return data(answer, { status: answer.status });
}

/** The answer of the form that sent `intent`, when it was that one. */
function useAnswer(intent: string): IntentAnswer | undefined {
  const answer = useActionData<typeof action>();
  return answer?.intent === intent ? answer : undefined;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={`${ui.card} ${css.section}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** One measure: a form with its intent. Its answer shows at the top of the page (the form may be gone once it is done). */
function Measure({ intent, label, danger, children, hidden }: { intent: string; label: string; danger?: boolean; children?: ReactNode; hidden?: Record<string, string> }) {
  const busy = useNavigation().formData?.get("intent") === intent;
  return (
    <Form method="post" className={ui.form}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <div>
        <button type="submit" className={danger ? ui.button.danger : ui.button.secondary} disabled={busy}>
          {label}
        </button>
      </div>
    </Form>
  );
}

function NoteField({ intent }: { intent: string }) {
  const answer = useAnswer(intent);
  return <TextField name="note" label="Note for the audit trail (optional)" maxLength={500} error={answer?.fieldErrors?.note} defaultValue={answer?.values?.note} />;
}

function Badge({ tone, children }: { tone: keyof typeof ui.badge; children: ReactNode }) {
  return <span className={ui.badge[tone]}>{children}</span>;
}

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className={ui.tableWrap}>
      <table className={ui.table}>
        <caption className={ui.visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {head.map((title) => (
              <th key={title} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export default function MemberPage() {
  const page = useLoaderData<typeof loader>();
  const { account, profile, site, may } = page;
  const adjust = useAnswer("adjust");
  const answer = useActionData<typeof action>();
  const measure = answer && answer.intent !== "adjust" ? answer : undefined;
  const memberHref = (accountId: number | null) => (accountId ? `/members/${accountId}?site=${encodeURIComponent(site.id)}` : undefined);
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>{account.email}</h1>
        <p className={ui.lead}>
          {site.name} · account {account.id}
          {profile ? ` · profile ${profile.id}` : ""} · <Link to={page.searchHref}>back to search</Link>
        </p>
      </div>
      <div role="status">{measure?.notice ? <p className={ui.notice.ok}>{measure.notice}</p> : null}</div>
      <FormError message={measure?.formError} />

      <div className={ui.grid}>
        <Section id="account" title="Account">
          <dl className={ui.definitions}>
            <dt>Status</dt>
            <dd>
              <span className={css.badges}>
                <Badge tone={account.status === "confirmed" ? "ok" : "neutral"}>{account.status.replace("_", " ")}</Badge>
                {account.banned_at ? <Badge tone="danger">banned {account.banned_at}</Badge> : null}
              </span>
            </dd>
            <dt>Activated</dt>
            <dd>{account.activated_at ?? "not yet"}</dd>
            <dt>Signed up</dt>
            <dd>{account.created_at}</dd>
            <dt>Language</dt>
            <dd>{account.language}</dd>
            <dt>Country</dt>
            <dd>{account.country}</dd>
            <dt>Credits</dt>
            <dd data-testid="balance">{account.credits}</dd>
            <dt>Paid user</dt>
            <dd>{account.paid_user ? "yes" : "no"}</dd>
            {account.purchases_blocked_at ? (
              <>
                <dt>Purchases</dt>
                <dd>blocked since {account.purchases_blocked_at} (chargeback)</dd>
              </>
            ) : null}
          </dl>
          {may.restrict ? (
            <div className={css.actions}>
              {account.banned_at ? (
                <Measure intent="lift-ban" label="Lift the ban">
                  <NoteField intent="lift-ban" />
                </Measure>
              ) : (
                <Measure intent="ban" label="Ban this member" danger>
                  <p className={ui.hint}>Ends every session, hides the profile; signing in shows the ban page.</p>
                  <NoteField intent="ban" />
                </Measure>
              )}
            </div>
          ) : null}
          {may.manage && account.status === "not_confirmed" ? <Measure intent="resend-activation" label="Send a new activation link" /> : null}
        </Section>

        <Section id="profile" title="Profile">
          {profile ? (
            <>
              <dl className={ui.definitions}>
                <dt>Name</dt>
                <dd>{profile.name}</dd>
                <dt>Status</dt>
                <dd>
                  <span className={css.badges}>
                    <Badge tone={profile.status === "active" ? "ok" : profile.status === "hidden" ? "warn" : "neutral"}>{profile.status}</Badge>
                    {profile.invisible ? <Badge tone="neutral">invisible mode</Badge> : null}
                  </span>
                </dd>
                <dt>Region</dt>
                <dd>{[profile.city, profile.region].filter(Boolean).join(", ") || "—"}</dd>
                <dt>About</dt>
                <dd>{profile.about_me ? <p className={css.about}>{profile.about_me}</p> : "—"}</dd>
              </dl>
              {may.restrict && profile.status === "active" ? (
                <Measure intent="hide" label="Hide this profile">
                  <NoteField intent="hide" />
                </Measure>
              ) : null}
              {may.restrict && profile.status === "hidden" && !account.banned_at ? (
                <Measure intent="show" label="Show this profile again">
                  <NoteField intent="show" />
                </Measure>
              ) : null}
            </>
          ) : (
            <p className={ui.hint}>This account has no profile.</p>
          )}
        </Section>
      </div>

      <Section id="photos" title="Photos">
        {page.photos.length === 0 ? (
          <p className={ui.hint}>No photos.</p>
        ) : (
          <Table caption="Photos" head={["Photo", "Status", "Uploaded (UTC)", "Reviewed (UTC)"]}>
            {page.photos.map((photo) => (
              <tr key={photo.id}>
                <td>
                  <span className={css.photoCell}>
                    <img src={photo.thumb} alt={`Photo #${photo.id}`} width={64} height={64} loading="lazy" className={css.thumb} />#{photo.id}
                  </span>
                </td>
                <td>
                  <Badge tone={photo.status === "active" ? "ok" : photo.status === "rejected" ? "danger" : photo.status === "inspection" ? "warn" : "neutral"}>{photo.status}</Badge>
                  {photo.rejection_reason ? <div className={ui.hint}>{photo.rejection_reason}</div> : null}
                </td>
                <td>{photo.created_at}</td>
                <td>{photo.reviewed_at ?? "—"}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <div className={ui.grid}>
        <Section id="sessions" title="Sessions">
          {page.sessions.length === 0 ? (
            <p className={ui.hint}>Not signed in anywhere.</p>
          ) : (
            <Table caption="Sessions" head={["Started (UTC)", "Ends (UTC)"]}>
              {page.sessions.map((session) => (
                <tr key={session.key}>
                  <td>{session.created_at}</td>
                  <td>{session.live ? session.expires_at : `${session.expires_at} (ended)`}</td>
                </tr>
              ))}
            </Table>
          )}
          {may.manage && page.sessions.length > 0 ? <Measure intent="end-sessions" label="End all sessions" /> : null}
        </Section>

        <Section id="lockout" title="Sign-in lockout">
          <p>{page.lockout.lockedMinutes > 0 ? `Locked after wrong passwords: ${page.lockout.lockedMinutes} more minute${page.lockout.lockedMinutes === 1 ? "" : "s"}.` : "Not locked."}</p>
          {may.manage && page.lockout.lockedMinutes > 0 ? <Measure intent="clear-lockout" label="Clear the lockout" /> : null}
        </Section>
      </div>

      {page.ledger && page.payments ? (
        <>
          <Section id="credits" title="Credits">
            {may.changeMoney ? (
              <Form method="post" className={ui.form} key={page.adjustKey} aria-labelledby="adjust-title">
                <h3 id="adjust-title">Adjust credits</h3>
                <input type="hidden" name="intent" value="adjust" />
                <input type="hidden" name="key" value={page.adjustKey} />
                <TextField name="delta" label="Credits to add (negative to take)" inputMode="numeric" required defaultValue={adjust?.values?.delta} error={adjust?.fieldErrors?.delta} hint="A whole number, such as 25 or -10." />
                <TextField name="reason" label="Reason" required minLength={3} maxLength={500} defaultValue={adjust?.values?.reason} error={adjust?.fieldErrors?.reason} hint="Kept in the audit trail: 3 to 500 characters." />
                <div>
                  <button type="submit" className={ui.button.primary}>
                    Book the adjustment
                  </button>
                </div>
                <div role="status">{adjust?.notice ? <p className={ui.notice.ok}>{adjust.notice}</p> : null}</div>
                {adjust?.formError ? <FormError message={adjust.formError} /> : null}
              </Form>
            ) : null}
            <h3>Ledger</h3>
            <p className={ui.hint}>The newest {page.ledgerLimit} movements at most, newest first.</p>
            {page.ledger.length === 0 ? (
              <p className={ui.hint}>No credit movements.</p>
            ) : (
              <Table caption="Ledger" head={["When (UTC)", "Reason", "Change", "Balance", "Key"]}>
                {page.ledger.map((row) => (
                  <tr key={row.id}>
                    <td>{row.created_at}</td>
                    <td>{row.reason}</td>
                    <td className={css.amount}>{row.delta > 0 ? `+${row.delta}` : row.delta}</td>
                    <td className={css.amount}>{row.balance_after}</td>
                    <td>
                      <code>{row.idempotency_key}</code>
                    </td>
                  </tr>
                ))}
              </Table>
            )}
          </Section>

          <Section id="payments" title="Payments">
            {page.payments.length === 0 ? (
              <p className={ui.hint}>No payments.</p>
            ) : (
              <Table caption="Payments" head={["Payment", "Package", "Amount", "Status", "Paid (UTC)", "Credits taken back", "Refund"]}>
                {page.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td>
                      #{payment.id}
                      <div className={ui.hint}>
                        {payment.provider} · {payment.method} · {payment.created_at}
                      </div>
                    </td>
                    <td>
                      {payment.package} ({payment.credits} credits)
                    </td>
                    <td className={css.amount}>{payment.price}</td>
                    <td>
                      <Badge tone={payment.status === "paid" ? "ok" : payment.status === "refunded" || payment.status === "charged_back" ? "warn" : "neutral"}>{payment.status.replace("_", " ")}</Badge>
                    </td>
                    <td>{payment.paid_at ?? "—"}</td>
                    <td className={css.amount}>{payment.status === "refunded" || payment.status === "charged_back" ? `${payment.credits_taken_back} (${payment.credits_not_taken_back} spent)` : "—"}</td>
                    <td>
                      {payment.refund_requested_at && payment.status === "paid" ? (
                        `asked ${payment.refund_requested_at}, waiting for the provider`
                      ) : may.changeMoney && payment.status === "paid" ? (
                        <RefundForm paymentId={payment.id} price={payment.price} />
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                ))}
              </Table>
            )}
          </Section>
        </>
      ) : null}

      <Section id="complaints" title="Complaints">
        <h3>By this member</h3>
        <Complaints rows={page.complaintsBy} />
        <h3>About this member</h3>
        <Complaints rows={page.complaintsAbout} />
      </Section>

      <div className={ui.grid}>
        <Section id="blocked" title="Blocked by this member">
          <Blocks rows={page.blocked} memberHref={memberHref} />
        </Section>
        <Section id="blocked-by" title="Blocking this member">
          <Blocks rows={page.blockedBy} memberHref={memberHref} />
        </Section>
      </div>

      <Section id="trail" title="Audit trail">
        <AuditTable rows={page.trail} showStaff />
      </Section>
    </div>
  );
}

function RefundForm({ paymentId, price }: { paymentId: number; price: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="payment" value={paymentId} />
      <button type="submit" className={ui.button.secondary} aria-label={`Refund payment ${paymentId} (${price})`}>
        Refund
      </button>
    </Form>
  );
}

type ComplaintRow = { id: number; reason: string; message: string; status: string; outcome: string | null; created_at: string | null };

function Complaints({ rows }: { rows: ComplaintRow[] }) {
  if (rows.length === 0) return <p className={ui.hint}>None.</p>;
  return (
    <Table caption="Complaints" head={["Filed (UTC)", "Reason", "Message", "Status"]}>
      {rows.map((complaint) => (
        <tr key={complaint.id}>
          <td>{complaint.created_at}</td>
          <td>{complaint.reason}</td>
          <td>{complaint.message}</td>
          <td>
            {complaint.status.replace("_", " ")}
            {complaint.outcome ? <div className={ui.hint}>{complaint.outcome}</div> : null}
          </td>
        </tr>
      ))}
    </Table>
  );
}

type BlockRow = { profileId: number; name: string; accountId: number | null; created_at: string | null };

function Blocks({ rows, memberHref }: { rows: BlockRow[]; memberHref: (accountId: number | null) => string | undefined }) {
  if (rows.length === 0) return <p className={ui.hint}>None.</p>;
  return (
    <Table caption="Blocks" head={["Profile", "Since (UTC)"]}>
      {rows.map((block) => {
        const href = memberHref(block.accountId);
        return (
          <tr key={block.profileId}>
            <td>{href ? <Link to={href}>{`${block.name} (#${block.profileId})`}</Link> : `${block.name} (#${block.profileId}, run by the site)`}</td>
            <td>{block.created_at}</td>
          </tr>
        );
      })}
    </Table>
  );
}
