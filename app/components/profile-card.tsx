import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as styles from "./profile-card.css";

export type ProfileCardData = {
  id: number;
  name: string;
  age: number;
  /** Where they live, already in the visitor's words: city, region or country. */
  place: string;
  fictional: boolean;
  image: { match: string } | null;
};

/** A member in a list (search, related profiles): photo, name, age and place; the card is the link. */
export function ProfileCard({ profile, linkPrefix = "/members" }: { profile: ProfileCardData; linkPrefix?: string }) {
  const { t } = useTranslation("members");
  return (
    <li className={styles.card}>
      {profile.image ? (
        <img src={profile.image.match} alt="" className={styles.photo} loading="lazy" width={400} height={400} />
      ) : (
        <span className={styles.placeholder} aria-hidden="true">
          {profile.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className={styles.body}>
        <Link to={`${linkPrefix}/${profile.id}`} className={styles.name}>
          {t("card.nameAge", { name: profile.name, age: profile.age })}
        </Link>
        <span className={styles.details}>{profile.place}</span>
      </div>
      {profile.fictional ? (
        <span className={styles.fictional} title={t("profile.fictionalTitle")}>
          {t("profile.fictionalBadge")}
        </span>
      ) : null}
    </li>
  );
}

export function ProfileGrid({ profiles, linkPrefix }: { profiles: ProfileCardData[]; linkPrefix?: string }) {
  return (
    <ul className={styles.grid}>
      {profiles.map((profile) => (
        <ProfileCard key={profile.id} profile={profile} linkPrefix={linkPrefix} />
      ))}
    </ul>
  );
}
