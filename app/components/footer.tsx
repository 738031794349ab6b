import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useRootData } from "../root";
import { container } from "../styles/grid.css";
import * as styles from "./footer.css";

/** Footer links of §2, in the spec's order. */
export const FOOTER_LINKS = [
  { to: "/pages/terms", key: "footer.terms" },
  { to: "/pages/privacy", key: "footer.privacy" },
  { to: "/pages/cookies", key: "footer.cookies" },
  { to: "/pages/ban", key: "footer.ban" },
  { to: "/pricing", key: "footer.pricing" },
  { to: "/complaints", key: "footer.complaints" },
  { to: "/pages/return-policy", key: "footer.returnPolicy" },
  { to: "/pages/faq", key: "footer.faq" },
  { to: "/pages/service", key: "footer.support" },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const data = useRootData();
  return (
    <footer className={styles.footer}>
      <div className={container}>
        <nav aria-label={t("footer.label")}>
          <ul className={styles.links}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link}>
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <Disclaimer />
        {data ? (
          <p className={styles.company}>
            © {new Date().getFullYear()} {data.site.name} · {data.site.company.name}, {data.site.company.city}
          </p>
        ) : null}
      </div>
    </footer>
  );
}

/** The adult-only disclaimer every brand shows, with the US record-keeping line for English US visitors (§1). */
export function Disclaimer() {
  const { t } = useTranslation();
  const data = useRootData();
  return (
    <div className={styles.disclaimer}>
      <p>{t("footer.disclaimer", { name: data?.site.name })}</p>
      {data?.country === "US" && data.language === "en" ? <p>{t("footer.us")}</p> : null}
    </div>
  );
}
