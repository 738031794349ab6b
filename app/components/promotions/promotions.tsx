import { Link, useFetcher } from "@remix-run/react";
import { TIME_BONUS, WELCOME_DISCOUNT } from "../../../server/promotions/offers";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { REPLY_WITH_DATA, TIME_BONUS_POPUP } from "../../lib/banners";
import { countdownText, promotionBanner, TIME_BONUS_POPUP_DELAY_MS, timeBonusPopupDue } from "../../lib/promotions";
import { useLeafRouteId } from "../../lib/use-leaf-route-id";
import { useRootData } from "../../root";
import { container } from "../../styles/grid.css";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import { useMemberStatus } from "../member/member-status";
import { Modal } from "../modal";
import * as styles from "./promotions.css";
import { useCountdown } from "./use-countdown";

/** When this tab first showed a members' area page: the popup's 40 s count from there, across pages. */
let enteredAreaAt: number | undefined;

/**
 * The member's promotion at the top of the members' area (§4): the time bonus counting down, or
 * the welcome discount with its hours left, both leading to /credits; and 40 s after the member
 * entered the area with no credits, the time-bonus popup, once. A purchase hides them live.
 */
export function Promotions() {
  const { member } = useMemberStatus();
  const routeId = useLeafRouteId();
  const secondsLeft = useCountdown(member?.timeBonusSecondsLeft ?? 0);
  if (!member) return null;
  const banner = promotionBanner(member, routeId, secondsLeft);
  return (
    <>
      {banner === "time_bonus" ? <TimeBonusBanner secondsLeft={secondsLeft} /> : null}
      {banner === "welcome" ? <WelcomeBanner hoursLeft={member.welcomeHoursLeft} /> : null}
      {banner ? <TimeBonusPopup secondsLeft={secondsLeft} /> : null}
    </>
  );
}

function Countdown({ secondsLeft, large = false }: { secondsLeft: number; large?: boolean }) {
  // Screen readers get the words ("still 02:59:12 valid"), not a bare clock.
  const { t } = useTranslation("credits");
  return (
    <span className={large ? styles.countdownLarge : styles.countdown} data-countdown={secondsLeft}>
      <span aria-hidden="true">{countdownText(secondsLeft)}</span>
      <span className={visuallyHidden}>{t("timeBonus.endsIn", { time: countdownText(secondsLeft) })}</span>
    </span>
  );
}

/** "Still 02:59:12 valid", ticking: the time bonus's clock where the shop names the discount. */
export function TimeLeft({ seconds }: { seconds: number }) {
  const { t } = useTranslation("credits");
  const left = useCountdown(seconds);
  return <span data-countdown={left}>{t("timeBonus.endsIn", { time: countdownText(left) })}</span>;
}

function TimeBonusBanner({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation("credits");
  return (
    <div className={container}>
      <aside className={styles.strip} aria-label={t("timeBonus.label")} data-time-bonus>
        <ClockIcon />
        <p className={styles.text}>
          <strong>{t("timeBonus.title", { percent: TIME_BONUS.percentage })}</strong> <span className={styles.detail}>{t("timeBonus.detail")}</span>
        </p>
        <Countdown secondsLeft={secondsLeft} />
        <Link to="/credits" className={styles.action}>
          {t("timeBonus.action")}
        </Link>
      </aside>
    </div>
  );
}

function WelcomeBanner({ hoursLeft }: { hoursLeft: number }) {
  const { t } = useTranslation("credits");
  return (
    <div className={container}>
      <aside className={styles.strip} aria-label={t("welcome.label")} data-welcome-discount={hoursLeft}>
        <GiftIcon />
        <p className={styles.text}>
          <strong>{t("welcome.title", { percent: WELCOME_DISCOUNT.percentage })}</strong> <span className={styles.detail}>{t("welcome.hoursLeft", { count: hoursLeft })}</span>
        </p>
        <Link to="/credits" className={styles.action}>
          {t("welcome.action")}
        </Link>
      </aside>
    </div>
  );
}

/** Opens 40 s after the member entered the area while the bonus runs and they have no credits; closing it records the dismissal. */
function TimeBonusPopup({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation("credits");
  const { member } = useMemberStatus();
  const root = useRootData();
  const fetcher = useFetcher();
  const [due, setDue] = useState(false);
  const [closed, setClosed] = useState(false);
  const dismissed = closed || Boolean(root?.dismissedBanners[TIME_BONUS_POPUP]);

  useEffect(() => {
    enteredAreaAt ??= Date.now();
    const timer = setTimeout(() => setDue(true), Math.max(0, enteredAreaAt + TIME_BONUS_POPUP_DELAY_MS - Date.now()));
    return () => clearTimeout(timer);
  }, []);

  if (!member || !due || !timeBonusPopupDue(member, secondsLeft, dismissed)) return null;
  const close = () => {
    setClosed(true);
    fetcher.submit({ intent: "dismiss", banner: TIME_BONUS_POPUP, reply: REPLY_WITH_DATA }, { method: "post", action: "/api/banners.php" });
  };
  return (
    <Modal labelledBy="time-bonus-title" onClose={close}>
      <div className={styles.popup} data-time-bonus-popup>
        <ClockIcon large />
        <h2 id="time-bonus-title" className={styles.popupTitle}>
          {t("timeBonus.popupTitle", { percent: TIME_BONUS.percentage })}
        </h2>
        <p className={styles.popupText}>{t("timeBonus.popupText")}</p>
        <Countdown secondsLeft={secondsLeft} large />
        <Link to="/credits" className={styles.popupAction} onClick={close}>
          {t("timeBonus.action")}
        </Link>
      </div>
    </Modal>
  );
}

function ClockIcon({ large = false }: { large?: boolean }) {
  return (
    <svg className={large ? styles.iconLarge : styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 9v4l2.5 2.5M9.5 2.5h5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function GiftIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="3.5" y="9" width="17" height="11.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M2.5 9h19M12 9v11.5M12 9S10.5 4 8 4.5 7 8.5 12 9zm0 0s1.5-5 4-4.5S17 8.5 12 9z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
