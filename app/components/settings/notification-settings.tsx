import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { disabledReasons } from "../../lib/banners";
import { useHydrated } from "../../lib/use-hydrated";
import { useRootData } from "../../root";
import * as settings from "../../routes/settings.css";
import { usePush, type SubscribeOutcome } from "../banners/use-push";
import { pushStateName, usePushUnsubscribe } from "../notifications/push-off";
import * as styles from "../form.css";

type EmailStatusProps = {
  email: string;
  notificationsDisabled: readonly string[];
  emailsTurnedOn: boolean;
  busy: boolean;
};

/**
 * The notifications section of /settings: whether our e-mails reach the member and push on this
 * device, with the way to everything else on /notifications.
 */
export function NotificationSettings(props: EmailStatusProps) {
  const { t } = useTranslation(["settings", "notifications"]);
  return (
    <section id="notifications" aria-labelledby="notifications-title" className={settings.card}>
      <h2 id="notifications-title" className={settings.cardTitle}>
        {t("notifications.title")}
      </h2>
      <p className={settings.text}>
        <Link to="/notifications" className={styles.link}>
          {t("notifications:settingsLink")}
        </Link>
      </p>
      <div className={settings.block}>
        <h3 className={settings.subTitle}>{t("notifications.emailTitle")}</h3>
        <EmailNotificationStatus {...props} />
      </div>
      <div className={settings.block}>
        <h3 className={settings.subTitle}>{t("notifications.pushTitle")}</h3>
        <PushSettings />
      </div>
    </section>
  );
}

/**
 * Whether our e-mails reach the member: a bounce, spam report or unsubscribe stops them (§4), and
 * the reason shows with the way to turn them on again (a plain post: works without JavaScript).
 */
export function EmailNotificationStatus({ email, notificationsDisabled, emailsTurnedOn, busy }: EmailStatusProps) {
  const { t } = useTranslation(["settings", "banners"]);
  return (
    <>
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
    </>
  );
}

type Outcome = SubscribeOutcome | "unsubscribed" | "unsubscribeFailed";

/**
 * Push on this browser: only the browser knows, so it shows once the page runs. `detailed` (on
 * /notifications) names the browser's push state of §4 and offers unsubscribing too.
 */
export function PushSettings({ detailed = false }: { detailed?: boolean }) {
  const { t } = useTranslation(["settings", "banners", "notifications"]);
  const data = useRootData();
  const hydrated = useHydrated();
  // The banners already store an existing subscription again on every page.
  const { state, subscribe } = usePush(data?.pushPublicKey ?? null, { storeExisting: false });
  const unsubscribe = usePushUnsubscribe();
  const [working, setWorking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const turnOn = async () => {
    setWorking(true);
    setOutcome(await subscribe());
    setWorking(false);
  };
  const turnOff = async () => {
    setWorking(true);
    setOutcome((await unsubscribe()) ? "unsubscribed" : "unsubscribeFailed");
    setWorking(false);
  };

  const said: Partial<Record<Outcome, { text: string; className: string }>> = {
    subscribed: { text: t("banners:push.on"), className: styles.success },
    denied: { text: t("banners:push.blocked"), className: styles.notice },
    failed: { text: t("banners:push.failed"), className: styles.alert },
    unsubscribed: { text: t("notifications:push.unsubscribed"), className: styles.success },
    unsubscribeFailed: { text: t("notifications:push.unsubscribeFailed"), className: styles.alert },
  };
  const answer = outcome && said[outcome];
  const subscribeButton = (
    <div className={settings.actions}>
      <button type="button" className={styles.button} onClick={() => void turnOn()} disabled={working}>
        {working ? t("banners:push.working") : t("banners:push.action")}
      </button>
    </div>
  );

  let current = null;
  if (detailed) {
    const name = pushStateName(state, hydrated);
    current = (
      <>
        <p className={name === "denied" ? styles.notice : settings.text} data-push-state={name}>
          {state.subscribed ? t("notifications:push.subscribed") : t(`notifications:push.state.${name}`)}
        </p>
        {state.subscribed ? (
          <div className={settings.actions}>
            <button type="button" className={styles.secondaryButton} onClick={() => void turnOff()} disabled={working}>
              {t("notifications:push.unsubscribe")}
            </button>
          </div>
        ) : name === "prompt" || name === "granted" ? (
          subscribeButton
        ) : null}
      </>
    );
  } else if (!hydrated || outcome === "subscribed" || outcome === "denied") {
    // After the member's own answer, the status says it all.
    current = null;
  } else if (!state.capable || !state.hasKey) current = <p className={settings.text}>{t("notifications.pushUnsupported")}</p>;
  else if (state.subscribed) current = <p className={settings.text}>{t("notifications.pushOn")}</p>;
  else if (state.permission === "denied") current = <p className={styles.notice}>{t("banners:push.blocked")}</p>;
  else {
    current = (
      <>
        <p className={settings.text}>{t("banners:push.text", { name: data?.site.name })}</p>
        {subscribeButton}
      </>
    );
  }
  return (
    <div className={styles.form}>
      <div role="status" className={settings.status}>{answer ? <p className={answer.className}>{answer.text}</p> : null}</div>
      {current}
    </div>
  );
}
