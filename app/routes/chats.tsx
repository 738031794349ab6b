import { data as withHeaders, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { removeAndPublish } from "../../server/chat/actions";
import { listConversations, memberConversation } from "../../server/chat/conversations";
import type { ChatMessage } from "../../server/chat/messages";
import { GIFT_ICONS } from "../components/chat/message-list";
import * as form from "../components/form.css";
import { useMemberEvents, useMemberStatus } from "../components/member/member-status";
import { apiFetch } from "../lib/api";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";
import { useHydrated } from "../lib/use-hydrated";
import { emptyState, emptyStateTitle } from "../styles/empty-state.css";
import { visuallyHidden } from "../styles/visually-hidden.css";
import * as styles from "./chats.css";

export const handle = { i18n: ["chat"] };
export const meta = accountMeta;

type Row = {
  id: number;
  profile: { id: number; name: string; image: string | null } | null;
  unread: number;
  last: Pick<ChatMessage, "id" | "sender" | "kind" | "body" | "gift" | "created_at"> | null;
  at: string;
};

/** /chats (§2): the member's conversations, the latest first, with their unread counts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const conversations = await listConversations(context.services.store.db, { site: context.site, profileId: member.profileId });
  const rows: Row[] = conversations.map((conversation) => ({
    id: conversation.id,
    profile: conversation.profile && {
      id: conversation.profile.id,
      name: conversation.profile.name,
      image: conversation.profile.image?.thumb_filename ?? null,
    },
    unread: conversation.unread,
    last: conversation.lastMessage && {
      id: conversation.lastMessage.id,
      sender: conversation.lastMessage.sender,
      kind: conversation.lastMessage.kind,
      body: conversation.lastMessage.body,
      gift: conversation.lastMessage.gift,
      created_at: conversation.lastMessage.created_at,
    },
    at: conversation.lastMessageAt,
  }));
  return withHeaders(
    { title: context.t("chat:list.title"), me: member.profileId, siteName: context.site.name, rows },
    { headers: { "Cache-Control": "private, no-store" } }
  );
}

/** Removing a conversation without JavaScript (§4); with it, the list calls DELETE /api/chat.php. */
export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const conversationId = Number((await request.formData()).get("conversation"));
  const mine =
    Number.isSafeInteger(conversationId) &&
    conversationId > 0 &&
    (await memberConversation(context.services.store.db, { profileId: member.profileId, conversationId }));
  if (mine) await removeAndPublish(context.services, { member, conversationId });
  return redirect("/chats");
}

type ChatsAnswer = {
  chats: {
    conversation: { id: number };
    profile: { id: number; name: string; main_image: { thumb_filename: string } | null } | null;
    num_unread_messages: number;
    last_message: ChatMessage | null;
  }[];
};

/** The list as /api/chats.php gives it, in the rows' shape. */
async function fetchRows(): Promise<Row[] | undefined> {
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

function Preview({ last, me }: { last: Row["last"]; me: number }) {
  const { t } = useTranslation("chat");
  if (!last) return <>{t("list.noMessages")}</>;
  let text: string;
  if (last.kind === "image") text = `📷 ${t("list.photo")}`;
  else if (last.kind === "gift")
    text = `${GIFT_ICONS[last.gift ?? ""] ?? "🎁"} ${t("list.gift", { gift: t(`gifts.${last.gift}`, { defaultValue: last.gift ?? "" }) })}`;
  else text = last.body;
  return <>{last.sender === me ? t("list.you", { text }) : text}</>;
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

/**
 * The conversation list (§2, §4): live, so a new message moves its row to the top and bumps its
 * count; removing takes the row away at once, and a failed removal says so and reloads the list.
 */
export default function Chats() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("chat");
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const { refresh } = useMemberStatus();
  const [rows, setRows] = useState(data.rows);
  const [base, setBase] = useState(data);
  const [removing, setRemoving] = useState<Set<number>>(new Set());
  const [failed, setFailed] = useState(false);
  if (base !== data) {
    setBase(data);
    setRows(data.rows);
  }

  // A conversation that is new to the list needs its profile: the list is fetched again.
  const reloading = useRef(false);
  async function reload() {
    if (reloading.current) return;
    reloading.current = true;
    const fresh = await fetchRows();
    reloading.current = false;
    if (fresh) setRows(fresh);
  }

  useMemberEvents((event) => {
    if (event.type === "message") {
      const message = event.message;
      const known = rows.some((row) => row.id === message.conversation_id);
      if (!known) return void reload();
      setRows((current) => {
        const row = current.find((candidate) => candidate.id === message.conversation_id);
        if (!row || (row.last && row.last.id >= message.id)) return current;
        const moved = { ...row, last: message, at: message.created_at, unread: message.sender === data.me ? row.unread : row.unread + 1 };
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

  const shown = rows.filter((row) => !removing.has(row.id));
  return (
    <main id="main" className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{t("list.title")}</h1>
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
            const name = row.profile?.name ?? data.siteName;
            return (
              <li key={row.id} className={styles.row} data-conversation={row.id}>
                <Link to={`/chats/${row.id}`} className={styles.link}>
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
                        <Preview last={row.last} me={data.me} />
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
                <Form method="post" onSubmit={(event) => remove(event, row.id)} className={styles.removeForm}>
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
    </main>
  );
}
