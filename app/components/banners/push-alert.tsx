import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Banner } from "./banner";
import * as styles from "./banners.css";
import type { SubscribeOutcome } from "./use-push";

type PushAlertProps = {
  siteName: string;
  subscribe: () => Promise<SubscribeOutcome>;
  /** How it went, for the notice that outlives the alert (it goes once subscribed or blocked). */
  onOutcome: (outcome: SubscribeOutcome) => void;
  onDismiss: () => void;
};

/** The push opt-in alert of §4: one button registers the service worker, asks, subscribes and stores. */
export function PushAlert({ siteName, subscribe, onOutcome, onDismiss }: PushAlertProps) {
  const { t } = useTranslation("banners");
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const turnOn = async () => {
    setBusy(true);
    const outcome = await subscribe();
    setBusy(false);
    setFailed(outcome === "failed");
    onOutcome(outcome);
  };
  return (
    <Banner
      name="push"
      title={t("push.title")}
      onDismiss={onDismiss}
      actions={
        <div className={styles.actions}>
          <button type="button" className={styles.action} onClick={() => void turnOn()} disabled={busy}>
            {busy ? t("push.working") : t("push.action")}
          </button>
        </div>
      }
    >
      <p className={styles.text}>{t("push.text", { name: siteName })}</p>
      {failed ? <p className={styles.result}>{t("push.failed")}</p> : null}
    </Banner>
  );
}
