import { Link } from "@remix-run/react";
import { MARK_PATHS } from "../../themes/marks";
import { wordmarkParts } from "../lib/wordmark";
import { useRootData } from "../root";
import * as styles from "./logo.css";

/** The brand's wordmark: its mark beside its name set in the theme's display face, linking home. */
export function Logo() {
  const data = useRootData();
  if (!data) return null;
  const { name, mark } = data.site;
  const [lead, tail] = wordmarkParts(name);
  return (
    <Link to="/" className={styles.logo} aria-label={name}>
      <svg viewBox="0 0 24 24" width="30" height="30" aria-hidden="true" className={styles.mark}>
        <path d={MARK_PATHS[mark]} className={styles.markShape} />
        <circle cx="20.5" cy="3.5" r="2.5" className={styles.markAccent} />
      </svg>
      <span className={styles.name} aria-hidden="true">
        {lead}
        {tail ? <span className={styles.tail}>{tail}</span> : null}
      </span>
    </Link>
  );
}
