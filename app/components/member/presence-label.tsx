import { useTranslation } from "react-i18next";
import type { Presence } from "../../../server/presence/presence";
import * as styles from "./presence-label.css";

/** "Online now" with a green dot, or "Recently online": on member cards and the profile page. */
export function PresenceLabel({ presence }: { presence: Presence }) {
  const { t } = useTranslation();
  return <span className={styles[presence]}>{t(`common:presence.${presence}`)}</span>;
}
