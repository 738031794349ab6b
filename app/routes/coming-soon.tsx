import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLeafRouteId } from "../lib/use-leaf-route-id";
import type { RootData } from "../root";
import * as styles from "./coming-soon.css";

/**
 * Placeholder for the screens that later work builds (accounts, profiles, likes, chat, credits):
 * it names the screen in the visitor's language and says it is on its way.
 */
export const meta: MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as RootData | undefined;
  return [{ title: root?.title }, { name: "robots", content: "noindex" }];
};

export default function ComingSoon() {
  const { t } = useTranslation();
  const routeId = useLeafRouteId();
  return (
    <main id="main" className={styles.page}>
      <h1>{t(`screens.${routeId}`, { defaultValue: t("comingSoon.title") })}</h1>
      <p>{t("comingSoon.text")}</p>
      <Link to="/" className={styles.home}>
        {t("errors.homePage")}
      </Link>
    </main>
  );
}
