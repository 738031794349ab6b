import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData } from "../../root";
import { Modal } from "../modal";
import * as styles from "./like-modals.css";

export type LikedProfile = {
  id: number;
  name: string;
  image: { match: string } | null;
};

export function ProfilePhoto({ profile }: { profile: { name: string; image: { match: string } | null } }) {
  return profile.image ? (
    <img src={profile.image.match} alt="" className={styles.photo} width={112} height={112} />
  ) : (
    <span className={styles.photo} aria-hidden="true">
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The new-like (match) modal (§2): opens for the member whose like completed a match. */
export function MatchModal({ profile, onClose }: { profile: LikedProfile; onClose: () => void }) {
  const { t } = useTranslation("likes");
  const me = useRootData()?.member;
  return (
    <Modal labelledBy="match-title" onClose={onClose}>
      <div className={styles.photos}>
        {me ? <ProfilePhoto profile={{ name: me.name, image: me.image }} /> : null}
        <ProfilePhoto profile={profile} />
      </div>
      <h2 id="match-title" className={styles.title}>
        {t("match.title")}
      </h2>
      <p className={styles.text}>{t("match.text", { name: profile.name })}</p>
      <div className={styles.actions}>
        <Link to={`/members/${profile.id}/chat`} className={styles.primary}>
          {t("match.message", { name: profile.name })}
        </Link>
        <Link to={`/likes/m/${profile.id}`} className={styles.secondary} onClick={onClose}>
          {t("match.viewProfile")}
        </Link>
      </div>
    </Modal>
  );
}
