import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { actorOf, consoleContext, requirePermission } from "../../server/support/console-context";
import { decidePhoto, photoQueue } from "../../server/support/moderation";
import { REJECTION_REASON_MAX, REJECTION_REASON_MIN } from "../../server/support/moderation-fields";
import { BrandFilter, brandOptions } from "../components/brand-filter";
import * as ui from "../styles/ui.css";
import * as css from "./moderation-photos.css";

export const meta: MetaFunction = () => [{ title: "Photo queue · Amora support" }];

/** Language names for the reason's hint, made once. */
const languageNames = new Intl.DisplayNames(["en"], { type: "language" });
const languageName = (code: string | null) => (code ? (languageNames.of(code) ?? code) : undefined);

/** UTC, to the minute: staff in every country read the same time. */
const at = (value: Date) => value.toISOString().slice(0, 16).replace("T", " ");

const positiveId = (value: string | null | undefined) => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/** The queue's address: the brand filter, and the photo skipped last (the queue goes on behind it). */
function queueHref({ siteId, after }: { siteId?: string; after?: number }) {
  const query = new URLSearchParams();
  if (siteId) query.set("site", siteId);
  if (after !== undefined) query.set("after", String(after));
  const search = query.toString();
  return search ? `?${search}` : "/moderation/photos";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePermission(context, "photos:moderate");
  const { services } = consoleContext(context);
  const url = new URL(request.url);
  const site = services.sites.byId(url.searchParams.get("site") ?? "");
  const after = positiveId(url.searchParams.get("after"));
  const queue = await photoQueue({ db: services.store.db, sites: services.sites, actor: actorOf(context), siteId: site?.id, after });
  const [current, next] = queue.photos;
  return {
    brands: brandOptions(services.sites),
    siteId: site?.id ?? "",
    waiting: queue.waiting,
    skipped: after !== undefined,
    restartHref: queueHref({ siteId: site?.id }),
    current: current && {
      id: current.id,
      src: current.urls.filename,
      width: current.width,
      height: current.height,
      uploaded: at(current.createdAt),
      site: current.site,
      profile: current.profile,
      memberHref: current.accountId ? `/members/${current.accountId}?site=${encodeURIComponent(current.site.id)}` : undefined,
      language: languageName(current.language),
      skipHref: queueHref({ siteId: site?.id, after: current.id }),
    },
    /** Loaded by the browser while the moderator decides on the current one. */
    nextSrc: next?.urls.filename,
  };
}

type Answer = { intent: string; photoId: number; notice?: string; formError?: string; reasonError?: string; reason?: string };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context }: ActionFunctionArgs) {
  requirePermission(context, "photos:moderate");
  const { services } = consoleContext(context);
  const form = await request.formData();
  const intent = text(form, "intent");
  const photoId = positiveId(text(form, "photo"));
  if ((intent !== "approve" && intent !== "reject") || photoId === undefined) {
    return data<Answer>({ intent, photoId: photoId ?? 0, formError: "Unknown request." }, { status: 400 });
  }
  const reason = text(form, "reason");
  const decided = await decidePhoto({ db: services.store.db, actor: actorOf(context), photoId, decision: intent === "approve" ? { approve: true } : { reject: reason } });
  if (decided.ok) {
    const notice =
      decided.decision === "approved"
        ? `Approved photo #${photoId} of ${decided.profileName}: it is live now.`
        : `Rejected photo #${photoId} of ${decided.profileName}. They see your reason in their profile.`;
    return data<Answer>({ intent, photoId, notice });
  }
  if (decided.error === "reason") return data<Answer>({ intent, photoId, reasonError: decided.message, reason }, { status: 400 });
  // Someone was faster: a value, not a failure; the queue (reloaded after this answer) has moved on.
  const formError =
    decided.error === "not_found"
      ? `Photo #${photoId} does not exist.`
      : decided.status === "deleted"
        ? `The member deleted photo #${photoId} before it was decided.`
        : `Another moderator already decided on photo #${photoId}: it is ${decided.status === "active" ? "live" : decided.status}. Nothing was changed.`;
  return data<Answer>({ intent, photoId, formError });
}

/** A key as printed on the keyboard; hidden from screen readers where the control names it (aria-keyshortcuts). */
function Key({ children, named }: { children: string; named?: boolean }) {
  return (
    <kbd className={css.kbd} aria-hidden={named ? true : undefined}>
      {children}
    </kbd>
  );
}

/**
 * The photo queue (/moderation/photos): one photo large at a time, oldest first, with its member
 * and brand. Keyboard first: a approves, r goes to the reason (Enter rejects), s or j skips; the
 * next photo is already loading. Without JavaScript the same decisions are plain forms.
 */
export default function PhotoQueue() {
  const { brands, siteId, waiting, skipped, restartHref, current, nextSrc } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const approveForm = useRef<HTMLFormElement>(null);
  const reasonField = useRef<HTMLInputElement>(null);
  const skipLink = useRef<HTMLAnchorElement>(null);
  // One decision at a time: a key pressed while the last one is on its way waits for the next photo.
  const ready = Boolean(current) && !busy;
  const forCurrent = answer && current && answer.photoId === current.id ? answer : undefined;

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      // Typing (the reason, the brand filter) is typing, not a decision.
      if (event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]")) return;
      const act = { a: () => approveForm.current?.requestSubmit(), r: () => reasonField.current?.focus(), s: () => skipLink.current?.click(), j: () => skipLink.current?.click() }[event.key];
      if (!act) return;
      event.preventDefault();
      if (ready) act();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [ready]);

  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Photo queue</h1>
        <p className={ui.lead} data-testid="waiting">
          {waiting === 0 ? "No photos waiting" : waiting === 1 ? "1 photo waiting" : `${waiting} photos waiting`}
          {siteId ? ` for ${brands.find((brand) => brand.id === siteId)?.name ?? siteId}` : ""}, oldest first.
        </p>
      </div>
      <div className={ui.card}>
        <BrandFilter brands={brands} siteId={siteId} label="Photo queue brand" />
      </div>

      <div role="status">
        {answer?.notice ? <p className={ui.notice.ok}>{answer.notice}</p> : null}
        {answer?.formError ? <p className={ui.notice.warn}>{answer.formError}</p> : null}
      </div>

      {nextSrc ? <link rel="preload" as="image" href={nextSrc} /> : null}

      {current ? (
        <div className={css.desk}>
          <figure className={css.stage} aria-label={`Photo #${current.id}`}>
            <img key={current.id} src={current.src} alt={`Photo #${current.id} of ${current.profile.name}, waiting for review`} width={current.width} height={current.height} className={css.photo} />
          </figure>
          <div className={css.side}>
            <section className={ui.card} aria-labelledby="member-title">
              <h2 id="member-title">{current.profile.name}</h2>
              <dl className={ui.definitions}>
                <dt>Brand</dt>
                <dd>
                  {current.site.name} ({current.site.id})
                </dd>
                <dt>Profile</dt>
                <dd>{current.profile.id}</dd>
                <dt>Member</dt>
                <dd>{current.memberHref ? <Link to={current.memberHref}>Open the member&apos;s page</Link> : "No account (demo profile)"}</dd>
                <dt>Uploaded</dt>
                <dd>{current.uploaded} UTC</dd>
                <dt>Photo</dt>
                <dd>
                  #{current.id} · {current.width} × {current.height}
                </dd>
              </dl>
            </section>

            <section className={`${ui.card} ${css.decisions}`} aria-labelledby="decide-title">
              <h2 id="decide-title">Decide</h2>
              <Form method="post" ref={approveForm} className={css.buttonRow}>
                <input type="hidden" name="intent" value="approve" />
                <input type="hidden" name="photo" value={current.id} />
                <button type="submit" className={ui.button.primary} disabled={busy} aria-keyshortcuts="a">
                  Approve <Key named>a</Key>
                </button>
                <Link to={current.skipHref} ref={skipLink} className={ui.button.secondary} aria-keyshortcuts="s j">
                  Skip <Key named>s</Key>
                </Link>
              </Form>

              <Form method="post" key={current.id} className={ui.form}>
                <input type="hidden" name="intent" value="reject" />
                <input type="hidden" name="photo" value={current.id} />
                <div className={ui.field}>
                  <label htmlFor="field-reason" className={ui.label}>
                    Reason the member sees
                  </label>
                  <p id="field-reason-hint" className={ui.hint}>
                    Shown in their profile editor{current.language ? `; they read the site in ${current.language}` : ""}. {REJECTION_REASON_MIN} to {REJECTION_REASON_MAX} characters.
                  </p>
                  <input
                    ref={reasonField}
                    id="field-reason"
                    name="reason"
                    type="text"
                    className={ui.input}
                    required
                    minLength={REJECTION_REASON_MIN}
                    maxLength={REJECTION_REASON_MAX}
                    defaultValue={forCurrent?.reason}
                    aria-keyshortcuts="r"
                    aria-invalid={forCurrent?.reasonError ? true : undefined}
                    aria-describedby={forCurrent?.reasonError ? "field-reason-hint field-reason-error" : "field-reason-hint"}
                    onKeyDown={(event) => {
                      // Escape hands the keys back to the queue.
                      if (event.key === "Escape") event.currentTarget.blur();
                    }}
                  />
                  {forCurrent?.reasonError ? (
                    <p id="field-reason-error" className={ui.fieldError}>
                      {forCurrent.reasonError}
                    </p>
                  ) : null}
                </div>
                <div>
                  <button type="submit" className={ui.button.danger} disabled={busy}>
                    Reject
                  </button>
                </div>
              </Form>

              <ul className={css.keys} aria-label="Keyboard">
                <li>
                  <Key>a</Key> approve
                </li>
                <li>
                  <Key>r</Key> write the reason, Enter rejects, Escape leaves the field
                </li>
                <li>
                  <Key>s</Key> or <Key>j</Key> skip to the next photo
                </li>
              </ul>
            </section>
          </div>
        </div>
      ) : (
        <div className={`${ui.card} ${css.empty}`}>
          {skipped && waiting > 0 ? (
            <>
              <p>You skipped every photo left in this queue.</p>
              <Link to={restartHref} className={ui.button.secondary}>
                Start again from the oldest
              </Link>
            </>
          ) : (
            <p>Nothing to review. New photos appear here as members upload them.</p>
          )}
        </div>
      )}
    </div>
  );
}
