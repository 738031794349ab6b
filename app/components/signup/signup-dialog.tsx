import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SignupReason } from "../../lib/signup-reason";
import { SignupForm } from "./signup-form";
import * as styles from "./signup.css";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([type=hidden]):not([tabindex='-1']), textarea, select, [tabindex]:not([tabindex='-1'])";

type SignupDialogProps = { onClose: () => void; reason?: SignupReason; returnTo?: string };

/** While a signup is under way, neither the backdrop nor Escape closes it (§4). */
export default function SignupDialog({ onClose, reason, returnTo }: SignupDialogProps) {
  const { t } = useTranslation("account");
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    return () => opener?.focus();
  }, []);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape" && !busy) onClose();
      if (event.key !== "Tab" || !dialog.current) return;
      // Keep the keyboard inside the dialog.
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.offsetParent !== null);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [busy, onClose]);

  return (
    <div
      className={styles.backdrop}
      data-testid="signup-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !busy) onClose();
      }}
    >
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby="signup-modal-title" aria-busy={busy} className={styles.dialog}>
        <h2 id="signup-modal-title" className={styles.dialogTitle}>
          {reason ? t(`signup.reason.${reason.intent}`, { name: reason.name }) : t("signup.title")}
        </h2>
        {busy ? null : (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t("signup.close")}>
            ×
          </button>
        )}
        <SignupForm onBusyChange={setBusy} redirectTo={returnTo} autoFocus />
      </div>
    </div>
  );
}
