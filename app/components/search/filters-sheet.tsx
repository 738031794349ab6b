import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as styles from "./filters-sheet.css";

const SHEET_ID = "search-filters";
const TITLE_ID = "search-filters-title";

/**
 * The phone's way to the filters: a button with the number of active filters that opens them as a
 * bottom sheet. The browser's command attributes open it without JavaScript too.
 */
export function FiltersButton({ active }: { active: number }) {
  const { t } = useTranslation("members");
  return (
    <button type="button" className={styles.button} aria-haspopup="dialog" commandfor={SHEET_ID} command="show-modal" onClick={openSheet}>
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
        <path d="M4 7h10m4 0h2M4 17h2m4 0h10M14 4v6m-4 4v6" />
      </svg>
      {t("search.filtersButton")}
      {active > 0 ? (
        <>
          <span className={styles.count} aria-hidden="true" data-active-filters={active}>
            {active}
          </span>
          <span className={visuallyHidden}>{` (${t("search.filtersActive", { count: active })})`}</span>
        </>
      ) : null}
    </button>
  );
}

/** With JavaScript the page opens the sheet itself, also where the browser has no commands yet. */
function openSheet(event: MouseEvent) {
  const sheet = document.getElementById(SHEET_ID);
  if (!(sheet instanceof HTMLDialogElement)) return;
  event.preventDefault();
  if (!sheet.open) sheet.showModal();
}

/**
 * The search filters: on a phone a modal bottom sheet on the browser's own <dialog> (focus kept
 * inside, Escape and a tap outside close it, focus goes back to the button); from 992 px the same
 * element shows as a side panel beside the results, never modal.
 */
export function FiltersSheet({ className, children }: { className?: string; children: ReactNode }) {
  const { t } = useTranslation("members");
  return (
    <dialog id={SHEET_ID} className={className ? `${styles.sheet} ${className}` : styles.sheet} aria-labelledby={TITLE_ID} closedby="any">
      <div className={styles.head}>
        <h2 id={TITLE_ID} className={styles.title}>
          {t("search.filters")}
        </h2>
        <button
          type="button"
          className={styles.close}
          commandfor={SHEET_ID}
          command="close"
          onClick={(event) => event.currentTarget.closest("dialog")?.close()}
          aria-label={t("common:modal.close")}
        >
          ×
        </button>
      </div>
      {children}
    </dialog>
  );
}

/** The sheet closes as its form is sent or reset: the new results load behind it. */
export function closeSheet(event: { currentTarget: Element }) {
  event.currentTarget.closest("dialog")?.close();
}
