import { Link, useLocation } from "@remix-run/react";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { media } from "../../../themes/breakpoints";
import { useRootData } from "../../root";
import { SignupForm } from "./signup-form";
import * as styles from "./signup.css";

const OpenSignup = createContext<() => void>(() => {});

/** Holds the desktop signup modal (§2, §4); any SignupLink below opens it. */
export function SignupModalProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Open on the page it was opened on: going elsewhere (to login, on to complete-signup) closes it.
  const [openOn, setOpenOn] = useState<string>();
  return (
    <OpenSignup.Provider value={useCallback(() => setOpenOn(window.location.pathname), [])}>
      {children}
      {openOn === pathname ? <SignupModal onClose={() => setOpenOn(undefined)} /> : null}
    </OpenSignup.Provider>
  );
}

/**
 * "Sign up": the signup page on a phone (and without JavaScript), the modal on a desktop, and the
 * members area for someone already signed in (§2).
 */
export function SignupLink({ className, children }: { className?: string; children: ReactNode }) {
  const openModal = useContext(OpenSignup);
  const member = useRootData()?.member;
  const onClick = (event: MouseEvent) => {
    if (member || !window.matchMedia(media.md).matches) return;
    event.preventDefault();
    openModal();
  };
  return (
    <Link to={member ? "/members" : "/signup"} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([type=hidden]):not([tabindex='-1']), textarea, select, [tabindex]:not([tabindex='-1'])";

/** While a signup is under way, neither the backdrop nor Escape closes it (§4). */
function SignupModal({ onClose }: { onClose: () => void }) {
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
        <h2 id="signup-modal-title">{t("signup.title")}</h2>
        {busy ? null : (
          <button type="button" className={styles.close} onClick={onClose} aria-label={t("signup.close")}>
            ×
          </button>
        )}
        <SignupForm onBusyChange={setBusy} autoFocus />
      </div>
    </div>
  );
}
