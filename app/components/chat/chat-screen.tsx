import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../server/chat/messages";
import type { ChatView, SendRefused } from "../../lib/chat-view.server";
import { useHydrated } from "../../lib/use-hydrated";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as form from "../form.css";
import {
  useMemberEvents,
  useMemberStatus,
  type MemberEvent,
} from "../member/member-status";
import * as styles from "./chat.css";
import { Icebreaker } from "./icebreaker";
import { MessageList, type PendingMessage } from "./message-list";
import { SendFooter } from "./send-footer";
import { SendProblem } from "./send-problem";
import { postMessage, postTyping, putRead } from "./send-message";

/** How long "is typing…" stays after the last typing event. */
const TYPING_SHOWN_MS = 4_000;
/** The server takes one typing event per 2 s; sending more often is wasted. */
const TYPING_EVERY_MS = 2_000;

type Problem = { reason: string; message?: string };

/** Messages by id, oldest first, each once. */
function merged(...lists: ChatMessage[][]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of lists.flat()) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** A client message id (§7 retries send the same one); randomUUID needs a secure context. */
function newClientId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, "0")
  ).join("");
}

function Avatar({ name, image }: { name: string; image: string | null }) {
  return image ? (
    <img src={image} alt="" className={styles.avatar} width={40} height={40} />
  ) : (
    <span className={styles.avatarLetter} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

function TopBar({
  partner,
  name,
  credits,
}: {
  partner: ChatView["partner"];
  name: string;
  credits: number;
}) {
  const { t } = useTranslation("chat");
  return (
    <header className={styles.topBar}>
      <div className={styles.bar}>
        <Link
          to="/chats"
          className={styles.backLink}
          aria-label={t("screen.back")}
          title={t("screen.back")}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
            <path
              d="M15 5l-7 7 7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </Link>
        {partner ? (
          <Link
            to={`/members/${partner.id}`}
            className={styles.partner}
            title={t("screen.profile", { name })}
          >
            <Avatar name={name} image={partner.image} />
            <span className={styles.partnerName}>{name}</span>
          </Link>
        ) : (
          <span className={styles.partner}>
            <Avatar name={name} image={null} />
            <span className={styles.partnerName}>{name}</span>
          </span>
        )}
        {/* The balance, and buying more one tap away (§2 chat layout). */}
        <Link
          to="/credits"
          className={styles.credits}
          data-credits={credits}
          title={t("screen.buyCredits")}
        >
          <svg
            className={styles.coin}
            viewBox="0 0 20 20"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="10" cy="10" r="9" />
            <path
              d="M10 5.5l1.3 2.9 3.1.3-2.4 2 .8 3.1L10 12.2l-2.8 1.6.8-3.1-2.4-2 3.1-.3z"
              className={styles.coinStar}
            />
          </svg>
          <span>{t("screen.credits", { count: credits })}</span>
          <span className={styles.buy} aria-hidden="true">
            +
          </span>
          <span className={visuallyHidden}>, {t("screen.buyCredits")}</span>
        </Link>
      </div>
    </header>
  );
}

/**
 * One conversation (§2 chat layout): the top bar with the balance, the bubbles, "read" and "is
 * typing…" live from the tab's event stream, the icebreaker for a first message, and the send
 * footer. A send shows at once as pending and is replaced by the stored message (matched by its
 * client id); what the server refuses comes back into the message box with the reason.
 */
export function ChatScreen({
  data,
  refused,
}: {
  data: ChatView;
  refused?: SendRefused;
}) {
  const { t, i18n } = useTranslation("chat");
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { member, update } = useMemberStatus();
  const credits = member?.credits ?? 0;
  const conversationId = data.conversationId;
  const name = data.partner?.name ?? data.siteName;

  const [shown, setShown] = useState(data.messages);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const [readThrough, setReadThrough] = useState(data.readThrough);
  const [typing, setTyping] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(
    refused ? { reason: refused.error, message: refused.message } : null
  );
  const [text, setText] = useState(refused?.body ?? "");
  const [icebreakerClosed, setIcebreakerClosed] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  // A new render from the server (navigation, revalidation) is the base; live messages newer than it stay.
  const [base, setBase] = useState(data);
  if (base !== data) {
    setBase(data);
    const newest = data.messages.at(-1)?.id ?? 0;
    const sameConversation = base.conversationId === conversationId;
    setShown(
      merged(
        data.messages,
        data.paged || !sameConversation
          ? []
          : shown.filter((message) => message.id > newest)
      )
    );
    setReadThrough(
      sameConversation
        ? Math.max(readThrough, data.readThrough)
        : data.readThrough
    );
    if (!sameConversation) setPending([]);
  }
  const [seenRefusal, setSeenRefusal] = useState(refused);
  if (seenRefusal !== refused) {
    setSeenRefusal(refused);
    if (refused) {
      setProblem({ reason: refused.error, message: refused.message });
      setText(refused.body);
    }
  }

  // Opening marked the conversation read: the badge and the title take the new total.
  useEffect(() => {
    if (data.unreadTotal !== null) update({ unreadMessages: data.unreadTotal });
  }, [data, update]);

  // Messages that arrive while the tab is hidden are marked read once it shows again.
  const unseen = useRef(false);
  const markRead = useCallback(() => {
    if (conversationId === null) return;
    if (document.visibilityState === "visible") putRead(conversationId);
    else unseen.current = true;
  }, [conversationId]);
  useEffect(() => {
    const visible = () => {
      if (
        document.visibilityState !== "visible" ||
        !unseen.current ||
        conversationId === null
      )
        return;
      unseen.current = false;
      putRead(conversationId);
    };
    document.addEventListener("visibilitychange", visible);
    return () => document.removeEventListener("visibilitychange", visible);
  }, [conversationId]);

  const typingTimer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(typingTimer.current), []);

  useMemberEvents((event: MemberEvent) => {
    if (event.type === "resync") return revalidator.revalidate();
    if (conversationId === null) return;
    if (
      event.type === "message" &&
      event.message.conversation_id === conversationId &&
      !data.paged
    ) {
      const message = event.message;
      setShown((current) => merged(current, [message]));
      if (message.sender === data.me)
        setPending((current) =>
          current.filter((bubble) => bubble.client_id !== message.client_id)
        );
      else {
        clearTimeout(typingTimer.current);
        setTyping(false);
        markRead();
      }
    } else if (
      event.type === "typing" &&
      event.conversation_id === conversationId &&
      event.profile_id === data.partner?.id
    ) {
      setTyping(true);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setTyping(false), TYPING_SHOWN_MS);
    } else if (
      event.type === "read" &&
      event.conversation_id === conversationId
    ) {
      setReadThrough((current) => Math.max(current, event.read_through));
    } else if (
      event.type === "removed" &&
      event.conversation_id === conversationId
    ) {
      navigate("/chats");
    }
  });

  // New bubbles come in at the bottom; the view follows them (not on an older page). On a phone
  // the page scrolls; beside the list (from 992 px) the messages scroll in their own pane.
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (data.paged) return;
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
    window.scrollTo({ top: document.documentElement.scrollHeight });
  }, [shown.length, pending.length, typing, problem, data.paged]);

  const lastTyping = useRef(0);
  function changeText(value: string) {
    setText(value);
    if (
      conversationId !== null &&
      value.trim() &&
      Date.now() - lastTyping.current > TYPING_EVERY_MS
    ) {
      lastTyping.current = Date.now();
      postTyping(conversationId);
    }
  }

  async function send(
    content:
      | { kind: "text" | "gift"; body: string; gift?: string }
      | { kind: "image"; file: File },
    typed = ""
  ) {
    const clientId = newClientId();
    const image =
      content.kind === "image" ? URL.createObjectURL(content.file) : null;
    const bubble: PendingMessage = {
      client_id: clientId,
      kind: content.kind,
      body: content.kind === "image" ? "" : content.body,
      gift: content.kind === "gift" ? content.gift ?? null : null,
      image,
    };
    setPending((current) => [...current, bubble]);
    setProblem(null);
    const target =
      conversationId !== null
        ? { conversation: conversationId }
        : { profile: data.partner?.id };
    let payload: FormData | Record<string, unknown>;
    if (content.kind === "image") {
      payload = new FormData();
      payload.set(
        conversationId !== null ? "conversation" : "profile",
        String(conversationId ?? data.partner?.id)
      );
      payload.set("client_id", clientId);
      payload.set("photo", content.file);
    } else
      payload = {
        ...target,
        client_id: clientId,
        kind: content.kind,
        body: content.body,
        gift: content.kind === "gift" ? content.gift : undefined,
      };

    const reply = await postMessage(payload);
    setPending((current) =>
      current.filter((waiting) => waiting.client_id !== clientId)
    );
    if (image) URL.revokeObjectURL(image);
    if (reply.ok) {
      setShown((current) => merged(current, [reply.message]));
      update({ credits: reply.credits });
      if (conversationId === null)
        navigate(`/chats/${reply.message.conversation_id}`, { replace: true });
      return;
    }
    setProblem({ reason: reply.reason, message: reply.message });
    if (reply.credits !== undefined) update({ credits: reply.credits });
    // What was typed is never lost: it goes back into the box, before anything typed since.
    if (typed)
      setText((current) => (current.trim() ? `${typed}\n${current}` : typed));
  }

  function sendText() {
    const body = text.trim();
    if (!body) return setProblem({ reason: "empty" });
    if ([...body].length > data.messageLength)
      return setProblem({
        reason: "too_long",
        message: t("errors.too_long", { max: data.messageLength }),
      });
    setText("");
    void send({ kind: "text", body }, text);
  }

  function sendGift(gift: string) {
    const body = text.trim();
    if ([...body].length > data.messageLength)
      return setProblem({
        reason: "too_long",
        message: t("errors.too_long", { max: data.messageLength }),
      });
    setText("");
    void send({ kind: "gift", gift, body }, text);
  }

  function closeIcebreaker(line?: string) {
    setIcebreakerClosed(true);
    if (line) setText(line);
    setTimeout(() => textarea.current?.focus());
  }

  const empty = shown.length === 0 && pending.length === 0;
  const showIcebreaker =
    hydrated &&
    data.partner !== null &&
    empty &&
    !data.paged &&
    !data.openGifts &&
    !icebreakerClosed &&
    !problem;

  return (
    <section className={styles.screen} aria-labelledby="chat-title">
      <TopBar partner={data.partner} name={name} credits={credits} />
      <div ref={scroller} className={styles.scroller}>
        <div className={styles.column}>
          <h1 id="chat-title" className={styles.heading}>
            {t("screen.label", { name })}
          </h1>
          {/* Where the history begins, not on an empty conversation. */}
          {data.historyDays !== null && !data.older && data.messages.length > 0 ? (
            <p className={styles.note}>
              {t("screen.history", { count: data.historyDays })}
            </p>
          ) : null}
          {data.older || data.paged ? (
            <nav className={styles.pager} aria-label={t("screen.older")}>
              {data.older ? (
                <Link to={data.older} className={form.link} preventScrollReset>
                  {t("screen.older")}
                </Link>
              ) : null}
              {data.paged ? (
                <Link to="." className={form.link}>
                  {t("screen.newest")}
                </Link>
              ) : null}
            </nav>
          ) : null}
          {empty ? (
            <p className={styles.start}>{t("screen.start", { name })}</p>
          ) : null}
          <MessageList
            messages={shown}
            pending={pending}
            me={data.me}
            partnerName={name}
            readThrough={readThrough}
            language={i18n.language}
          />
          <p className={styles.typing} role="status">
            {typing ? t("screen.typing", { name }) : null}
          </p>
          {data.partner === null ? (
            <p className={styles.note}>{t("screen.system")}</p>
          ) : null}
        </div>
      </div>
      {data.partner !== null ? (
        <>
          <SendFooter
            textarea={textarea}
            text={text}
            onText={changeText}
            clientId={data.clientId}
            messageLength={data.messageLength}
            gifts={data.gifts}
            giftPrice={data.prices.gift}
            openGifts={data.openGifts}
            paidUser={data.paidUser}
            hydrated={hydrated}
            onSendText={sendText}
            onSendGift={sendGift}
            onSendPhoto={(file) => void send({ kind: "image", file })}
            onPremiumOnly={() => setProblem({ reason: "premium_only" })}
            problem={
              problem ? (
                <SendProblem
                  reason={problem.reason}
                  message={problem.message}
                  activationEmail={data.activationEmail}
                />
              ) : null
            }
          />
        </>
      ) : null}
      {showIcebreaker ? (
        <Icebreaker
          name={name}
          price={data.prices.text}
          credits={credits}
          onChoose={closeIcebreaker}
          onClose={() => closeIcebreaker()}
        />
      ) : null}
    </section>
  );
}

/** The blocked-by notice (§8) in place of the chat, as the profile shows it. */
export function BlockedChat({ blockedByViewer }: { blockedByViewer: boolean }) {
  const { t } = useTranslation("members");
  return (
    <section className={styles.blocked} aria-labelledby="chat-blocked">
      <h1 id="chat-blocked" className={form.heading}>
        {t("blocked.title")}
      </h1>
      <p>{blockedByViewer ? t("blocked.byYou") : t("blocked.byThem")}</p>
      <Link to="/chats" className={form.link}>
        {t("chat:screen.back")}
      </Link>
    </section>
  );
}
