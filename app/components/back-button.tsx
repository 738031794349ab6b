import { useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { showBackButton } from "../lib/navigation";
import { useInstalledApp } from "../lib/use-installed-app";
import { useLeafRouteId } from "../lib/use-leaf-route-id";
import * as styles from "./member/member-nav.css";
import { NavIcon } from "./member/nav-icons";

const BACK_ARROW = "M15 5l-7 7 7 7";

/** §2: back in installed-app mode, where the browser shows no back button of its own. */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const installedApp = useInstalledApp();
  const routeId = useLeafRouteId();
  if (!showBackButton(routeId, installedApp)) return null;
  return (
    <button type="button" className={styles.back} onClick={() => navigate(-1)} aria-label={t("nav.back")}>
      <NavIcon path={BACK_ARROW} />
    </button>
  );
}
