import { Form } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { disabledReasons } from "../../lib/banners";
import { useHydrated } from "../../lib/use-hydrated";
import { useRootData } from "../../root";
import * as settings from "../../routes/settings.css";
import { usePush, type SubscribeOutcome } from "../banners/use-push";
import * as styles from "../form.css";

/**
 * The notifications that exist today: whether our e-mails reach the member (a bounce, spam report
 * or unsubscribe stops them, §4) with the way to turn them on again, and push on this device with
 * the same opt-in as the push alert.
 */
export function NotificationSettings({ email, notificationsDisabled, emailsTurnedOn, busy }: {
  email: string;
  notificationsDisabled: readonly string[];
  emailsTurnedOn: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation(["settings", "banners"]);
  return (
    <section id="notifications" aria-labelledby="notifications-title" className={settings.card}>
      <h2 id="notifications-title" className={settings.cardTitle}>
        {t("notifications.title")}
      </h2>
      <div className={settings.block}>
        <h3 className={settings.subTitle}>{t("notifications.emailTitle")}</h3>
        <div role="status" className={settings.status}>{emailsTurnedOn ? <p className={styles.success}>{t("banners:notifications.on")}</p> : null}</div>
        {notificationsDisabled.length === 0 ? (
          <p className={settings.text}>{t("notifications.emailOn", { email })}</p>
        ) : (
          <Form method="post" className={styles.form}>
            <input type="hidden" name="intent" value="email-notifications" />
            <p className={styles.notice}>
              <span className={settings.strong}>{t("notifications.emailOff")}</span>{" "}
              {disabledReasons(notificationsDisabled)
                .map((reason) => t(`banners:notifications.reason.${reason}`))
                .join(" ")}
            </p>
            <div className={settings.actions}>
              <button type="submit" className={styles.button} disabled={busy}>
                {t("banners:notifications.action")}
              </button>
            </div>
          </Form>
        )}
      </div>
      <PushSettings />
    </section>
  );
}

/** Push on this browser: only the browser knows, so it shows once the page runs. */
function PushSettings() {
  const { t } = useTranslation(["settings", "banners"]);
  const data = useRootData();
  const hydrated = useHydrated();
  // The banners already store an existing subscription again on every page.
  const { state, subscribe } = usePush(data?.pushPublicKey ?? null, { storeExisting: false });
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<SubscribeOutcome>();
  const turnOn = async () => {
    setWorking(true);
    setOutcome(await subscribe());
    setWorking(false);
  };

  const said: Partial<Record<SubscribeOutcome, { text: string; className: string }>> = {
    subscribed: { text: t("banners:push.on"), className: styles.success },
    denied: { text: t("banners:push.blocked"), className: styles.notice },
    failed: { text: t("banners:push.failed"), className: styles.alert },
  };
  const answer = outcome && said[outcome];
  // After the member's own answer, the status says it all.
  let current = null;
  if (!hydrated || outcome === "subscribed" || outcome === "denied") current = null;
  else if (!state.capable || !state.hasKey) current = <p className={settings.text}>{t("notifications.pushUnsupported")}</p>;
  else if (state.subscribed) current = <p className={settings.text}>{t("notifications.pushOn")}</p>;
  else if (state.permission === "denied") current = <p className={styles.notice}>{t("banners:push.blocked")}</p>;
  else {
    current = (
      <>
        <p className={settings.text}>{t("banners:push.text", { name: data?.site.name })}</p>
        <div className={settings.actions}>
          <button type="button" className={styles.button} onClick={() => void turnOn()} disabled={working}>
            {working ? t("banners:push.working") : t("banners:push.action")}
          </button>
        </div>
      </>
    );
  }
  return (
    <div className={settings.block}>
      <h3 className={settings.subTitle}>{t("notifications.pushTitle")}</h3>
      <div role="status" className={settings.status}>{answer ? <p className={answer.className}>{answer.text}</p> : null}</div>
      {current}
    </div>
  );
}
