import { Link } from "@remix-run/react";
import { MARK_PATHS } from "../../themes/marks";
import { useRootData } from "../root";
import * as styles from "./logo.css";

/** The brand's logo: its mark in the theme's colours beside its name, linking home. */
export function Logo() {
  const data = useRootData();
  if (!data) return null;
  const { name, mark, markColor, markAccent } = data.site;
  return (
    <Link to="/" className={styles.logo} aria-label={name}>
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" className={styles.mark}>
        <path d={MARK_PATHS[mark]} fill={markColor} />
        <circle cx="20.5" cy="3.5" r="2.5" fill={markAccent} />
      </svg>
      <span className={styles.name}>{name}</span>
    </Link>
  );
}
