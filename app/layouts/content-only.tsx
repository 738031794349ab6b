import { Outlet } from "@remix-run/react";
import { EntryWarning } from "../components/entry-warning";
import { showEntryWarning, type LayoutName } from "../lib/entry-warning";
import { useRootData } from "../root";
import * as styles from "./layout.css";

/** A layout of content alone, under the entry warning where §2 asks for it (chat and empty). */
export function contentOnlyLayout(name: LayoutName) {
  return function ContentOnlyLayout() {
    const data = useRootData();
    return (
      <>
        {data && showEntryWarning(name, undefined, data.geoipCountry) ? <EntryWarning /> : null}
        <div className={styles.main}>
          <Outlet />
        </div>
      </>
    );
  };
}
