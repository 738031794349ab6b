import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { disabledReasons } from "../../lib/banners";
import { Banner, BannerForm, type BannerAnswer } from "./banner";
import * as styles from "./banners.css";

/** The disabled-notifications alert of §4: why our e-mails stopped, and a button to have them again. */
type NotificationsAlertProps = {
  notificationsDisabled: readonly string[];
  /** Called as the member turns them on: the alert goes, a notice says so. */
  onTurnOn: () => void;
  onDismiss: () => void;
};

export function NotificationsAlert({ notificationsDisabled, onTurnOn, onDismiss }: NotificationsAlertProps) {
  const { t } = useTranslation("banners");
  const fetcher = useFetcher<BannerAnswer>({ key: "banner-notifications-on" });
  return (
    <Banner
      name="notifications"
      title={t("notifications.title")}
      onDismiss={onDismiss}
      actions={
        <BannerForm fetcher={fetcher} intent="notifications-on" className={styles.actions}>
          <button type="submit" className={styles.action} disabled={fetcher.state !== "idle"} onClick={onTurnOn}>
            {t("notifications.action")}
          </button>
        </BannerForm>
      }
    >
      {disabledReasons(notificationsDisabled).map((reason) => (
        <p key={reason} className={styles.text}>
          {t(`notifications.reason.${reason}`)}
        </p>
      ))}
      <p className={styles.text}>{t("notifications.text")}</p>
    </Banner>
  );
}
