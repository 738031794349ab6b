import { useFetcher, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../../lib/use-hydrated";
import { REPLY_WITH_DATA, type BannerName } from "../../lib/banners";
import * as styles from "./banners.css";

export type BannerAnswer = {
  dismissed?: string;
  notificationsOn?: boolean;
  activation?: { sent: boolean; message: string };
  error?: string;
  message?: string;
};

type BannerFormProps = {
  fetcher: ReturnType<typeof useFetcher<BannerAnswer>>;
  intent: "dismiss" | "activation" | "notifications-on";
  banner?: BannerName;
  className?: string;
  children: ReactNode;
};

/**
 * A form to POST /api/banners.php. Without JavaScript it posts and comes back to this page; with
 * it, a fetcher posts and asks for data, and the root loader revalidates afterwards.
 */
export function BannerForm({ fetcher, intent, banner, className, children }: BannerFormProps) {
  const { pathname, search } = useLocation();
  const hydrated = useHydrated();
  return (
    <fetcher.Form method="post" action="/api/banners.php" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {banner ? <input type="hidden" name="banner" value={banner} /> : null}
      <input type="hidden" name="redirectTo" value={pathname + search} />
      {hydrated ? <input type="hidden" name="reply" value={REPLY_WITH_DATA} /> : null}
      {children}
    </fetcher.Form>
  );
}

type BannerProps = {
  name: BannerName;
  title: string;
  /** What it is about: one or more paragraphs. */
  children: ReactNode;
  /** What the member can do about it: beside the text on wider screens, below it on a phone. */
  actions: ReactNode;
  /** Called as the dismissal is sent, so focus can move before the banner goes. */
  onDismiss?: () => void;
};

/** One warning banner: a titled status region with its text and actions, and a dismiss button where allowed. */
export function Banner({ name, title, children, actions, onDismiss }: BannerProps) {
  const { t } = useTranslation("banners");
  const dismissal = useFetcher<BannerAnswer>({ key: `banner-dismiss-${name}` });
  const titleId = `banner-${name}-title`;
  return (
    <div role="status" aria-labelledby={titleId} className={`${styles.banner} ${styles.accent[name]}`} data-banner={name}>
      <div className={styles.body}>
        <div className={styles.message}>
          <p id={titleId} className={styles.title}>
            {title}
          </p>
          {children}
        </div>
        {actions}
      </div>
      {onDismiss ? (
        <BannerForm fetcher={dismissal} intent="dismiss" banner={name}>
          <button type="submit" className={styles.dismiss} aria-label={t("dismiss", { title })} title={t("dismiss", { title })} onClick={onDismiss}>
            <span aria-hidden="true">×</span>
          </button>
        </BannerForm>
      ) : null}
    </div>
  );
}
