import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as styles from "./error-page.css";

/** What a route throws for a page that does not exist; the error page translates the key. */
export type NotFoundData = { messageKey: "errors.pageNotFound" | "errors.notFound" };

function ErrorContent() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  let title: string;
  let message: string | undefined;
  if (status === 404) {
    title = t("errors.notFound");
    const key = isRouteErrorResponse(error) ? (error.data as Partial<NotFoundData> | null)?.messageKey : undefined;
    message = key === "errors.pageNotFound" ? t("errors.pageNotFound") : undefined;
  } else if (isRouteErrorResponse(error)) {
    title = t("errors.title");
    message = typeof error.data === "string" && error.data ? error.data : error.statusText || t("errors.generic");
  } else {
    title = t("errors.title");
    message = error instanceof Error && error.message ? error.message : t("errors.generic");
  }
  return (
    <main className={styles.page} id="main">
      <p className={styles.status}>{status}</p>
      <h1 className={styles.title}>{title}</h1>
      {message ? <p>{message}</p> : null}
      <Link to="/" className={styles.home}>
        {t("errors.homePage")}
      </Link>
    </main>
  );
}

/** §8: if showing the error fails too, a last plain page that needs nothing. */
class LastResort extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className={styles.page} id="main">
        <h1 className={styles.title}>An error occurred while showing the error page</h1>
        <a href="/" className={styles.home}>
          Home page
        </a>
      </main>
    );
  }
}

/** The error page of §8, shared by the root and the layouts. */
export function ErrorPage() {
  return (
    <LastResort>
      <ErrorContent />
    </LastResort>
  );
}
