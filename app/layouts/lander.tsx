import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { EntryWarning } from "../components/entry-warning";
import { Footer } from "../components/footer";
import { LanderSignupDialog } from "../components/lander/lander-signup-dialog";
import { Logo } from "../components/logo";
import { showEntryWarning } from "../lib/entry-warning";
import { useLanderScript } from "../lib/framework-free";
import { useLanderVisit } from "../lib/use-lander-visit";
import { useRootData } from "../root";
import { container } from "../styles/grid.css";
import * as styles from "./layout.css";

/** The landers' script as built, for the pages that run it instead of the framework. */
export function loader({ context }: LoaderFunctionArgs) {
  return { landerScript: context.services.landerScript ?? null };
}

/** Lander layout (§2): a logo bar, the landing content, the footer with the disclaimer. */
export default function LanderLayout() {
  const data = useRootData();
  const frameworkFree = useLanderScript() !== undefined;
  useLanderVisit();
  return (
    <>
      {data && showEntryWarning("lander", undefined, data.geoipCountry) ? <EntryWarning /> : null}
      <header className={styles.logoBar}>
        <div className={container}>
          <Logo />
        </div>
      </header>
      <div className={styles.main}>
        <Outlet />
      </div>
      <Footer />
      {/* Without the framework, the desktop's signup dialog comes with the page. */}
      {frameworkFree && !data?.member ? <LanderSignupDialog /> : null}
    </>
  );
}
