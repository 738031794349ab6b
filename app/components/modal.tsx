import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as styles from "./modal.css";

/**
 * A modal dialog on the browser's own <dialog>: it keeps focus inside, closes on Escape and gives
 * focus back to where it was, without code of ours for any of that.
 */
export function Modal({ labelledBy, onClose, children }: { labelledBy: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} aria-labelledby={labelledBy} className={styles.dialog} onClose={onClose}>
      <button type="button" className={styles.close} onClick={() => dialog.current?.close()} aria-label={t("modal.close")}>
        ×
      </button>
      {children}
    </dialog>
  );
}
