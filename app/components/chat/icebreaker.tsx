import { useTranslation } from "react-i18next";
import * as form from "../form.css";
import { Modal } from "../modal";
import * as styles from "./chat.css";

export const ICEBREAKER_LINES = ["hello", "weekend", "coffee", "travel", "music", "laugh"] as const;

/**
 * The icebreaker (§2): opening lines for an empty conversation, a close and a no-thanks button,
 * and what a message costs. A chosen line goes into the message box; nothing is sent.
 */
export function Icebreaker({
  name,
  price,
  credits,
  onChoose,
  onClose,
}: {
  name: string;
  price: number;
  credits: number;
  onChoose: (line: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation("chat");
  return (
    <Modal labelledBy="icebreaker-title" onClose={onClose}>
      <h2 id="icebreaker-title" className={styles.modalTitle}>
        {t("icebreaker.title", { name })}
      </h2>
      <p className={styles.modalText}>{t("icebreaker.text")}</p>
      <ul className={styles.lines}>
        {ICEBREAKER_LINES.map((key) => {
          const line = t(`icebreaker.lines.${key}`, { name });
          return (
            <li key={key}>
              <button type="button" className={styles.line} onClick={() => onChoose(line)}>
                {line}
              </button>
            </li>
          );
        })}
      </ul>
      <p className={styles.price}>{t("icebreaker.price", { count: price, credits })}</p>
      <button type="button" className={form.secondaryButton} onClick={onClose}>
        {t("icebreaker.noThanks")}
      </button>
    </Modal>
  );
}
