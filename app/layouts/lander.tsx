import { Outlet } from "@remix-run/react";
import { EntryWarning } from "../components/entry-warning";
import { Footer } from "../components/footer";
import { Logo } from "../components/logo";
import { VisitorSignupDialog } from "../components/signup/visitor-signup-dialog";
import { showEntryWarning } from "../lib/entry-warning";
import { useLanderVisit } from "../lib/use-lander-visit";
import { useRootData } from "../root";
import { container } from "../styles/grid.css";
import * as styles from "./layout.css";

/** Lander layout (§2): a logo bar, the landing content, the footer with the disclaimer. */
export default function LanderLayout() {
  const data = useRootData();
  useLanderVisit();
  return (
    <>
      {data && showEntryWarning("lander", undefined, data.geoipCountry) ? <EntryWarning /> : null}
      <header className={styles.logoBar}>
        <div className={container}>
          <Logo />
        </div>
      </header>
      {/* Where the visitors' script tells a lander's visit (app/visitor-script/visit.ts). */}
      <div className={styles.main} data-lander="">
        <Outlet />
      </div>
      <Footer />
      <VisitorSignupDialog />
    </>
  );
}
