import { useFetchers, useLocation, useSearchParams } from "@remix-run/react";
import { useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { media } from "../../../themes/breakpoints";
import { chooseBanners, type BannerName } from "../../lib/banners";
import { useLeafRouteId } from "../../lib/use-leaf-route-id";
import { useRootData } from "../../root";
import { container } from "../../styles/grid.css";
import { useMemberStatus } from "../member/member-status";
import { ActivationDialog, ActivationReminder } from "./activation-reminder";
import * as styles from "./banners.css";
import { NotificationsAlert } from "./notifications-alert";
import { PhotoAlert } from "./photo-alert";
import { PushAlert } from "./push-alert";
import { usePush, type SubscribeOutcome } from "./use-push";

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(media.md);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Narrower than the md breakpoint: a phone, as for the signup page (§2). False on the server. */
function usePhone(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => !window.matchMedia(media.md).matches,
    () => false,
  );
}

/** What the member's pending banner posts will change, shown at once rather than after the round trip. */
function usePendingBannerPosts() {
  const fetchers = useFetchers();
  const pending = (intent: string) => fetchers.filter((fetcher) => fetcher.formData?.get("intent") === intent);
  return {
    dismissing: pending("dismiss").map((fetcher) => String(fetcher.formData?.get("banner"))),
    turningNotificationsOn: pending("notifications-on").length > 0,
  };
}

/** The outcome of an action whose banner then goes, said in a notice that stays until the next page. */
function useNotice() {
  const { t } = useTranslation("banners");
  const { key } = useLocation();
  const [notice, setNotice] = useState<{ text: string; onPage: string }>();
  const say = (text: string) => setNotice({ text, onPage: key });
  return {
    notice: notice?.onPage === key ? notice.text : undefined,
    notificationsTurnedOn: () => say(t("notifications.on")),
    pushOutcome: (outcome: SubscribeOutcome) => {
      if (outcome === "subscribed") say(t("push.on"));
      if (outcome === "denied") say(t("push.blocked"));
    },
  };
}

/**
 * The warning banners of §4 under the top navigation, for signed-in members. They read the live
 * member status (refreshed every 60 s), so an activation in another tab hides the reminder on the
 * next refresh; app/lib/banners.ts decides which show.
 */
export function WarningBanners() {
  const { t } = useTranslation("banners");
  const data = useRootData();
  const { member } = useMemberStatus();
  const routeId = useLeafRouteId();
  const [query] = useSearchParams();
  const phone = usePhone();
  const push = usePush(data?.pushPublicKey ?? null);
  const { dismissing, turningNotificationsOn } = usePendingBannerPosts();
  const { notice, notificationsTurnedOn, pushOutcome } = useNotice();
  const [dialogClosed, setDialogClosed] = useState(false);
  const region = useRef<HTMLElement>(null);
  // Whether push is possible is known only once the page runs: on the page the member landed on,
  // the offer would push the content down under their finger, so it waits for their next page.
  const { key } = useLocation();
  const [landingKey] = useState(key);
  const pushState = { ...push.state, capable: push.state.capable && key !== landingKey };

  if (!member || !data) return null;
  const now = new Date();
  const { banners, activationModal } = chooseBanners({
    member: turningNotificationsOn ? { ...member, notificationsDisabled: [] } : member,
    routeId,
    phone,
    query,
    push: pushState,
    dismissed: { ...data.dismissedBanners, ...Object.fromEntries(dismissing.map((banner) => [banner, now.toISOString()])) },
    now,
  });
  const email = data.activationEmail ?? "";
  if (activationModal && !dialogClosed) return <ActivationDialog email={email} onClose={() => setDialogClosed(true)} />;
  if (banners.length === 0 && !notice) return null;

  // The dismissed banner leaves; the keyboard goes on from the notices rather than the top of the page.
  const dismissed = () => {
    if (banners.length > 1) region.current?.focus();
  };
  const render = (banner: BannerName) => {
    switch (banner) {
      case "activation":
        return <ActivationReminder key={banner} email={email} />;
      case "photo":
        return <PhotoAlert key={banner} onDismiss={dismissed} />;
      case "push":
        return <PushAlert key={banner} siteName={data.site.name} subscribe={push.subscribe} onOutcome={pushOutcome} onDismiss={dismissed} />;
      case "notifications":
        return <NotificationsAlert key={banner} notificationsDisabled={member.notificationsDisabled} onTurnOn={notificationsTurnedOn} onDismiss={dismissed} />;
    }
  };
  return (
    <section ref={region} tabIndex={-1} aria-label={t("label")} className={`${container} ${styles.region}`}>
      {banners.map(render)}
      {notice ? (
        <p role="status" className={styles.notice}>
          {notice}
        </p>
      ) : null}
    </section>
  );
}
