import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Banner, BannerForm, type BannerAnswer } from "./banner";
import * as styles from "./banners.css";

/** "Send the link again" and, once sent, how it went (the settings screen's messages). */
export function ResendLink({ email, buttonClassName }: { email: string; buttonClassName: string }) {
  const { t } = useTranslation("banners");
  const fetcher = useFetcher<BannerAnswer>({ key: "banner-activation" });
  const outcome = fetcher.data?.activation;
  return (
    <BannerForm fetcher={fetcher} intent="activation" className={styles.actions}>
      <button type="submit" className={buttonClassName} disabled={fetcher.state !== "idle"}>
        {fetcher.state === "idle" ? t("activation.resend") : t("activation.sending")}
      </button>
      <span role="status" className={styles.result}>
        {outcome ? t(outcome.message, { email }) : null}
      </span>
    </BannerForm>
  );
}

/** The activation reminder of §4 in the banner row; it cannot be dismissed. */
export function ActivationReminder({ email }: { email: string }) {
  const { t } = useTranslation("banners");
  return (
    <Banner name="activation" title={t("activation.title")} actions={<ResendLink email={email} buttonClassName={styles.action} />}>
      <p className={styles.text}>{t("activation.text", { email })}</p>
    </Banner>
  );
}

/**
 * The reminder as a modal dialog, on a phone right after signup (§4). A native modal dialog: it
 * takes the focus, keeps it inside, closes on Escape, and gives it back on closing; the reminder
 * then stays in the banner row.
 */
export function ActivationDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation("banners");
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="activation-dialog-title" aria-describedby="activation-dialog-text" onClose={onClose}>
      <h2 id="activation-dialog-title" className={styles.dialogTitle}>
        {t("activation.dialogTitle")}
      </h2>
      <p id="activation-dialog-text" className={styles.dialogText}>
        {t("activation.text", { email })}
      </p>
      <div className={styles.dialogActions}>
        <ResendLink email={email} buttonClassName={styles.dialogButton} />
        <button type="button" className={styles.dialogClose} onClick={() => dialog.current?.close()}>
          {t("activation.close")}
        </button>
      </div>
    </dialog>
  );
}
