import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Banner } from "./banner";
import * as styles from "./banners.css";

/** The add-a-photo alert of §4, leading to the photos of the profile screen. */
export function PhotoAlert({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useTranslation("banners");
  return (
    <Banner
      name="photo"
      title={t("photo.title")}
      onDismiss={onDismiss}
      actions={
        <div className={styles.actions}>
          <Link to="/profile#photos-title" className={styles.action}>
            {t("photo.action")}
          </Link>
        </div>
      }
    >
      <p className={styles.text}>{t("photo.text")}</p>
    </Banner>
  );
}
