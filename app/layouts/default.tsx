import { Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { EntryWarning } from "../components/entry-warning";
import { ErrorPage } from "../components/error-page";
import { Footer } from "../components/footer";
import { AutoLikeModal, Promotions, WarningBanners } from "../components/member/lazy-member-parts";
import { TopNav } from "../components/top-nav";
import { showEntryWarning } from "../lib/entry-warning";
import { useLeafRouteId } from "../lib/use-leaf-route-id";
import { useRootData } from "../root";
import * as styles from "./layout.css";

/** Default layout (§2): top navigation, warning banners, content, footer, and for members the like modal. */
function DefaultShell({ children }: { children: ReactNode }) {
  const routeId = useLeafRouteId();
  const data = useRootData();
  return (
    <>
      {data && showEntryWarning("default", routeId, data.geoipCountry) ? <EntryWarning /> : null}
      <TopNav showLanguageSwitcher={routeId !== "complete-signup"} />
      {data?.member ? (
        <>
          <Promotions />
          <WarningBanners />
        </>
      ) : null}
      <div className={styles.main}>{children}</div>
      <Footer />
      {data?.member ? (
        <>
          <div className={styles.tabBarSpace} />
          <AutoLikeModal />
        </>
      ) : null}
    </>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultShell>
      <Outlet />
    </DefaultShell>
  );
}

export function ErrorBoundary() {
  return (
    <DefaultShell>
      <ErrorPage />
    </DefaultShell>
  );
}
