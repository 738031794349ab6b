import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../../server/chat/messages";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as styles from "./chat.css";
import { GiftArt } from "./gift-art";

/** A message the member sent that the server has not confirmed yet. */
export type PendingMessage = { client_id: string; kind: "text" | "gift" | "image"; body: string; gift: string | null; image: string | null };

function Time({ at, language }: { at: string; language: string }) {
  const date = new Date(at);
  const today = new Date().toDateString() === date.toDateString();
  const format = new Intl.DateTimeFormat(
    language,
    today ? { hour: "2-digit", minute: "2-digit" } : { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }
  );
  // The server's clock zone is not the reader's: the browser's words win without a warning.
  return (
    <time dateTime={at} suppressHydrationWarning>
      {format.format(date)}
    </time>
  );
}

function Content({
  message,
  partnerName,
}: {
  message: Pick<ChatMessage, "kind" | "body" | "gift"> & { image: string | { filename: string; thumb_filename: string } | null };
  partnerName: string;
}) {
  const { t } = useTranslation("chat");
  if (message.kind === "image" && message.image) {
    const full = typeof message.image === "string" ? message.image : message.image.filename;
    const thumb = typeof message.image === "string" ? message.image : message.image.thumb_filename;
    return (
      <a href={full} className={styles.photoLink} target="_blank" rel="noreferrer">
        <img
          src={thumb}
          alt={partnerName ? t("screen.photoOf", { name: partnerName }) : t("screen.myPhoto")}
          className={styles.photo}
          width={400}
          height={400}
        />
      </a>
    );
  }
  if (message.kind === "gift" && message.gift) {
    return (
      <>
        <span className={styles.gift}>
          <GiftArt gift={message.gift} />
          {t(`gifts.${message.gift}`, { defaultValue: message.gift })}
        </span>
        {message.body ? <p className={styles.giftText}>{message.body}</p> : null}
      </>
    );
  }
  return <>{message.body}</>;
}

type Props = {
  messages: ChatMessage[];
  pending: PendingMessage[];
  me: number;
  partnerName: string;
  readThrough: number;
  language: string;
};

/** The bubbles (§2): the member's own on the right, the other's on the left, system messages apart; "read" under the last one read. */
export function MessageList({ messages, pending, me, partnerName, readThrough, language }: Props) {
  const { t } = useTranslation("chat");
  const lastRead = messages.findLast((message) => message.sender === me && message.id <= readThrough)?.id;
  return (
    <ol className={styles.messages}>
      {messages.map((message) => {
        const side = message.kind === "system" || message.sender === null ? "system" : message.sender === me ? "mine" : "theirs";
        return (
          <li key={message.id} className={styles.rowOf[side]} data-message={message.id} data-side={side}>
            <div className={styles.bubbleOf[side]}>
              {side === "system" ? null : <span className={visuallyHidden}>{side === "mine" ? t("screen.you") : partnerName}: </span>}
              <Content message={message} partnerName={side === "mine" ? "" : partnerName} />
            </div>
            <span className={styles.meta}>
              <Time at={message.created_at} language={language} />
              {message.id === lastRead ? <span className={styles.read}>{t("screen.read")}</span> : null}
            </span>
          </li>
        );
      })}
      {pending.map((message) => (
        <li key={message.client_id} className={`${styles.rowOf.mine} ${styles.pending}`} data-pending={message.client_id} data-side="mine">
          <div className={styles.bubbleOf.mine}>
            <Content message={message} partnerName="" />
          </div>
          <span className={styles.meta}>{t("screen.sending")}</span>
        </li>
      ))}
    </ol>
  );
}
