import { useTranslation } from "react-i18next";
import { container } from "../styles/grid.css";
import * as styles from "./entry-warning.css";

/** The adults-only notice of §2, shown at the top of the page. */
export function EntryWarning() {
  const { t } = useTranslation();
  return (
    <aside className={styles.bar} aria-label={t("entryWarning.label")}>
      <p className={`${container} ${styles.text}`}>{t("entryWarning.text")}</p>
    </aside>
  );
}
