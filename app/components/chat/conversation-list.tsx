import { Form, Link, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../server/chat/messages";
import { apiFetch } from "../../lib/api";
import type { InboxRow } from "../../lib/chat-list.server";
import { useHydrated } from "../../lib/use-hydrated";
import { emptyState, emptyStateTitle } from "../../styles/empty-state.css";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as form from "../form.css";
import { useMemberEvents, useMemberStatus } from "../member/member-status";
import * as styles from "./conversation-list.css";
import { GiftArt } from "./gift-art";

type ChatsAnswer = {
  chats: {
    conversation: { id: number };
    profile: { id: number; name: string; main_image: { thumb_filename: string } | null } | null;
    num_unread_messages: number;
    last_message: ChatMessage | null;
  }[];
};

/** The list as /api/chats.php gives it, in the rows' shape. */
async function fetchRows(): Promise<InboxRow[] | undefined> {
  const response = await apiFetch("/api/chats.php").catch(() => undefined);
  if (!response?.ok) return undefined;
  const { chats } = (await response.json()) as ChatsAnswer;
  return chats.map((chat) => ({
    id: chat.conversation.id,
    profile: chat.profile && { id: chat.profile.id, name: chat.profile.name, image: chat.profile.main_image?.thumb_filename ?? null },
    unread: chat.num_unread_messages,
    last: chat.last_message,
    at: chat.last_message?.created_at ?? new Date().toISOString(),
  }));
}

/** The open conversation was marked read when it opened: its row shows nothing unread. */
const readOpen = (rows: InboxRow[], open: number | null) => (open === null ? rows : rows.map((row) => (row.id === open && row.unread ? { ...row, unread: 0 } : row)));

function Preview({ last, me }: { last: InboxRow["last"]; me: number }) {
  const { t } = useTranslation("chat");
  if (!last) return <>{t("list.noMessages")}</>;
  let text: string;
  if (last.kind === "image") text = `📷 ${t("list.photo")}`;
  else if (last.kind === "gift") text = t("list.gift", { gift: t(`gifts.${last.gift}`, { defaultValue: last.gift ?? "" }) });
  else text = last.body;
  return (
    <>
      {last.kind === "gift" && last.gift ? <GiftArt gift={last.gift} size="small" /> : null}
      {last.sender === me ? t("list.you", { text }) : text}
    </>
  );
}

function When({ at, language }: { at: string; language: string }) {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  return (
    <time dateTime={at} className={styles.time} suppressHydrationWarning>
      {new Intl.DateTimeFormat(language, today ? { hour: "2-digit", minute: "2-digit" } : { day: "numeric", month: "short" }).format(date)}
    </time>
  );
}

type Props = {
  rows: InboxRow[];
  me: number;
  siteName: string;
  /** The conversation open beside the list, if any. */
  open: number | null;
  /** The list is the page's subject (h1) unless a conversation is open beside it. */
  headingLevel: 1 | 2;
};

/**
 * The conversation list (§2, §4): live, so a new message moves its row to the top and bumps its
 * count (not for the conversation open beside it, which reads it at once); removing takes the row
 * away at once, and a failed removal says so and reloads the list.
 */
export function ConversationList({ rows: loaded, me, siteName, open, headingLevel }: Props) {
  const { t, i18n } = useTranslation("chat");
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { refresh } = useMemberStatus();
  const [rows, setRows] = useState(() => readOpen(loaded, open));
  const [base, setBase] = useState({ loaded, open });
  const [removing, setRemoving] = useState<Set<number>>(new Set());
  const [failed, setFailed] = useState(false);
  if (base.loaded !== loaded || base.open !== open) {
    setBase({ loaded, open });
    setRows(readOpen(base.loaded !== loaded ? loaded : rows, open));
  }

  // A conversation that is new to the list needs its profile: the list is fetched again.
  const reloading = useRef(false);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  async function reload() {
    if (reloading.current) return;
    reloading.current = true;
    const fresh = await fetchRows();
    reloading.current = false;
    if (fresh) setRows(readOpen(fresh, openRef.current));
  }

  useMemberEvents((event) => {
    if (event.type === "message") {
      const message = event.message;
      const known = rows.some((row) => row.id === message.conversation_id);
      if (!known) return void reload();
      setRows((current) => {
        const row = current.find((candidate) => candidate.id === message.conversation_id);
        if (!row || (row.last && row.last.id >= message.id)) return current;
        const unseen = message.sender !== me && row.id !== open;
        const moved = { ...row, last: message, at: message.created_at, unread: unseen ? row.unread + 1 : row.unread };
        return [moved, ...current.filter((candidate) => candidate !== row)];
      });
    } else if (event.type === "removed") {
      setRows((current) => current.filter((row) => row.id !== event.conversation_id));
    } else if (event.type === "counts" && event.unread_messages !== undefined) {
      void reload();
    } else if (event.type === "resync") {
      revalidator.revalidate();
    }
  });

  const failure = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed) failure.current?.focus();
  }, [failed]);

  async function remove(event: FormEvent<HTMLFormElement>, id: number) {
    if (!hydrated) return;
    event.preventDefault();
    setFailed(false);
    setRemoving((current) => new Set(current).add(id));
    const response = await apiFetch(`/api/chat.php?conversation=${id}`, { method: "DELETE" }).catch(() => undefined);
    if (response?.ok) {
      setRows((current) => current.filter((row) => row.id !== id));
      void refresh();
    } else {
      setFailed(true);
      revalidator.revalidate();
    }
    setRemoving((current) => {
      const next = new Set(current);
      next.delete(id);
      return next;
    });
  }

  const Heading = headingLevel === 1 ? "h1" : "h2";
  const shown = rows.filter((row) => !removing.has(row.id));
  return (
    <section className={styles.page} aria-labelledby="inbox-title">
      <div className={styles.header}>
        <Heading id="inbox-title" className={styles.heading}>
          {t("list.title")}
        </Heading>
        <Link to="/members" className={form.link}>
          {t("list.search")}
        </Link>
      </div>
      {failed ? (
        <div role="alert" tabIndex={-1} ref={failure} className={form.alert}>
          {t("errors.remove_failed")}
        </div>
      ) : null}
      {shown.length ? (
        <ul className={styles.list}>
          {shown.map((row) => {
            const name = row.profile?.name ?? siteName;
            return (
              <li key={row.id} className={styles.row} data-conversation={row.id}>
                <Link to={`/chats/${row.id}`} className={styles.link} aria-current={row.id === open ? "page" : undefined}>
                  {row.profile?.image ? (
                    <img src={row.profile.image} alt="" className={styles.avatar} width={48} height={48} loading="lazy" decoding="async" />
                  ) : (
                    <span className={row.profile ? styles.avatarLetter : styles.avatarSystem} aria-hidden="true">
                      {name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                  <span className={styles.body}>
                    <span className={styles.top}>
                      <span className={styles.name}>{name}</span>
                      <When at={row.last?.created_at ?? row.at} language={i18n.language} />
                    </span>
                    <span className={styles.bottom}>
                      <span className={row.unread ? styles.previewUnread : styles.preview}>
                        <Preview last={row.last} me={me} />
                      </span>
                      {row.unread ? (
                        <span className={styles.badge} data-unread={row.unread}>
                          <span aria-hidden="true">{row.unread > 99 ? "99+" : row.unread}</span>
                          <span className={visuallyHidden}>{t("list.unread", { count: row.unread })}</span>
                        </span>
                      ) : null}
                    </span>
                  </span>
                </Link>
                {/* Without JavaScript the /chats action removes it, wherever the list is shown. */}
                <Form method="post" action="/chats" onSubmit={(event) => remove(event, row.id)} className={styles.removeForm}>
                  <input type="hidden" name="conversation" value={row.id} />
                  <button type="submit" className={styles.remove} aria-label={t("list.remove", { name })} title={t("list.remove", { name })}>
                    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
                      <path
                        d="M5 7h14M10 11v6M14 11v6M6 7l1 12h10l1-12M9 7V4h6v3"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="2"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      ) : (
        <div className={emptyState}>
          <h2 className={emptyStateTitle}>{t("list.empty.title")}</h2>
          <p>{t("list.empty.text")}</p>
          <Link to="/members" className={form.button}>
            {t("list.search")}
          </Link>
        </div>
      )}
    </section>
  );
}
