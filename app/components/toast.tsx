import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as styles from "./toast.css";

export type ToastTone = keyof typeof styles.tone;

export type ToastInput = {
  text: string;
  tone?: ToastTone;
  /** How long it stays before it goes by itself, in ms; hovering or focusing it holds it. */
  duration?: number;
};

type Toast = Required<ToastInput> & { id: number };

export const TOAST_DURATION_MS = 5000;
/** More at once is noise: the oldest makes room. */
const MAX_TOASTS = 3;
/** The window event `showToast` sends, so code outside React (a live event handler, say) can show one too. */
export const TOAST_EVENT = "app:toast";

const ToastContext = createContext<(toast: ToastInput) => void>(showToast);

/** Shows a toast from a component: `const toast = useToast(); toast({ text: t("…"), tone: "success" })`. */
export const useToast = () => useContext(ToastContext);

/** Shows a toast from anywhere in the browser, through the provider mounted at the root. */
export function showToast(toast: ToastInput): void {
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent<ToastInput>(TOAST_EVENT, { detail: toast }));
}

/**
 * Holds the toasts of the page and draws them in one polite live region, present from the first
 * render so screen readers announce what is added to it. Mounted once, at the root.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const show = useCallback((input: ToastInput) => {
    const toast: Toast = { id: nextId.current++, text: input.text, tone: input.tone ?? "info", duration: input.duration ?? TOAST_DURATION_MS };
    setToasts((current) => [...current, toast].slice(-MAX_TOASTS));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  useEffect(() => {
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<ToastInput>).detail;
      if (detail && typeof detail.text === "string") show(detail);
    };
    window.addEventListener(TOAST_EVENT, listener);
    return () => window.removeEventListener(TOAST_EVENT, listener);
  }, [show]);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className={styles.region} role="status" aria-live="polite" data-toasts>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [held, onDismiss, toast.id, toast.duration]);
  return (
    <div
      className={`${styles.toast} ${styles.tone[toast.tone]}`}
      data-toast={toast.tone}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className={styles.text}>{toast.text}</p>
      <button type="button" className={styles.close} onClick={() => onDismiss(toast.id)} aria-label={t("modal.close")}>
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
