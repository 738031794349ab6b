import { Form } from "@remix-run/react";
import { useEffect, useState, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as styles from "./chat.css";
import { GiftArt } from "./gift-art";

/** From this share of the limit on, the counter warns. */
const WARN_AT = 0.9;

/** The box grows with its text up to its CSS max-height (five lines), then scrolls. */
function fitToText(box: HTMLTextAreaElement) {
  box.style.height = "auto";
  const borders = box.offsetHeight - box.clientHeight;
  box.style.height = `${box.scrollHeight + borders}px`;
}

/** Enter sends where there is a keyboard and a mouse; a phone's Enter key starts a new line. */
const enterSends = () => window.matchMedia("(pointer: fine)").matches;

const CameraIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    <circle cx="12" cy="13" r="3.5" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
);

const GiftIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
    <path
      d="M4 10h16v4H4zM5 14h14v6H5zM12 10v10M12 10c-2-4-6-4-6-1.5S10 10 12 10zM12 10c2-4 6-4 6-1.5S14 10 12 10z"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    />
  </svg>
);

type Props = {
  textarea: RefObject<HTMLTextAreaElement>;
  text: string;
  onText: (text: string) => void;
  /** The id a plain form post (without JavaScript) sends with. */
  clientId: string;
  messageLength: number;
  gifts: string[];
  giftPrice: number;
  openGifts: boolean;
  paidUser: boolean;
  hydrated: boolean;
  onSendText: () => void;
  onSendGift: (gift: string) => void;
  onSendPhoto: (file: File) => void;
  onPremiumOnly: () => void;
  /** Why the last send failed, shown above the box so it stays in view with the keyboard open. */
  problem?: ReactNode;
};

/**
 * The send footer (§2): the message box with its character counter, send, photo and gift. Without
 * JavaScript it is a plain form that posts to the route's action; with it, sends go out at once.
 */
export function SendFooter({ textarea, ...props }: Props) {
  const { t } = useTranslation("chat");
  const { text, messageLength, hydrated } = props;
  const [giftsOpen, setGiftsOpen] = useState(props.openGifts);
  const length = [...text].length;
  const tone = length > messageLength ? "over" : length >= messageLength * WARN_AT ? "warning" : "normal";

  useEffect(() => {
    if (textarea.current) fitToText(textarea.current);
  }, [text, textarea]);

  function submitText(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    props.onSendText();
  }

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // On a desktop Enter sends and Shift+Enter starts a new line; a phone's Enter is a new line.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing || !enterSends()) return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }

  function submitGift(event: FormEvent<HTMLFormElement>, gift: string) {
    if (!hydrated) return;
    event.preventDefault();
    setGiftsOpen(false);
    props.onSendGift(gift);
  }

  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        {props.problem}
        <div className={styles.composer}>
          <div className={styles.tools}>
            {hydrated ? (
              props.paidUser ? (
                <label className={styles.iconButton} title={t("footer.photo")}>
                  <input
                    type="file"
                    accept="image/*"
                    className={visuallyHidden}
                    onChange={(event) => {
                      const file = event.currentTarget.files?.[0];
                      event.currentTarget.value = "";
                      if (file) props.onSendPhoto(file);
                    }}
                  />
                  <CameraIcon />
                  <span className={visuallyHidden}>{t("footer.photo")}</span>
                </label>
              ) : (
                <button type="button" className={styles.iconButton} title={t("footer.photo")} onClick={props.onPremiumOnly}>
                  <CameraIcon />
                  <span className={visuallyHidden}>{t("footer.photo")}</span>
                </button>
              )
            ) : null}
            <details className={styles.gifts} open={giftsOpen} onToggle={(event) => setGiftsOpen(event.currentTarget.open)}>
              <summary className={styles.iconButton} title={t("footer.gifts")}>
                <GiftIcon />
                <span className={visuallyHidden}>{t("footer.gifts")}</span>
              </summary>
              <div className={styles.giftPanel}>
                <h2 className={styles.giftTitle}>{t("footer.giftsTitle")}</h2>
                <ul className={styles.giftList}>
                  {props.gifts.map((gift) => (
                    <li key={gift}>
                      <Form method="post" onSubmit={(event) => submitGift(event, gift)}>
                        <input type="hidden" name="kind" value="gift" />
                        <input type="hidden" name="gift" value={gift} />
                        <input type="hidden" name="client_id" value={`${props.clientId}-${gift}`} />
                        <button type="submit" className={styles.giftButton} aria-label={t("footer.gift", { gift: t(`gifts.${gift}`), count: props.giftPrice })}>
                          <GiftArt gift={gift} />
                          <span aria-hidden="true">{t(`gifts.${gift}`)}</span>
                          <span aria-hidden="true">{props.giftPrice}</span>
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              </div>
            </details>
          </div>
          <Form method="post" id="chat-send" className={styles.sendForm} onSubmit={submitText}>
            <input type="hidden" name="kind" value="text" />
            <input type="hidden" name="client_id" value={props.clientId} />
            <textarea
              ref={textarea}
              name="body"
              rows={1}
              className={styles.textarea}
              value={text}
              onChange={(event) => props.onText(event.currentTarget.value)}
              onKeyDown={keyDown}
              placeholder={t("footer.placeholder")}
              aria-label={t("footer.label")}
              aria-describedby="chat-counter"
              aria-invalid={tone === "over" || undefined}
              enterKeyHint={hydrated && enterSends() ? "send" : "enter"}
            />
            <button type="submit" className={styles.send}>
              <svg className={styles.sendIcon} width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M4 12l16-8-6 16-2.5-6.5L4 12z" fill="currentColor" />
              </svg>
              <span className={styles.sendLabel}>{t("footer.send")}</span>
            </button>
          </Form>
        </div>
        <div className={styles.counterRow}>
          <span className={styles.hint}>{t("footer.hint")}</span>
          <span id="chat-counter" className={styles.counterOf[tone]}>
            <span aria-hidden="true">
              {length}/{messageLength}
            </span>
            <span className={visuallyHidden}>{t("footer.counter", { count: length, max: messageLength })}</span>
          </span>
        </div>
      </div>
    </footer>
  );
}
