import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { activeNavEntry, countBadge, creditsBadge } from "../../lib/navigation";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as styles from "./member-nav.css";
import { useMemberStatus } from "./member-status";
import { NavIcon } from "./nav-icons";

const ICON_PATHS = {
  search: "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13Zm9.5 16-4.35-4.35",
  discover: "M9 3h8a2 2 0 0 1 2 2v11M5 9a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V9Zm5 8.5s-2.5-1.4-2.5-3.3a1.3 1.3 0 0 1 2.5-.7 1.3 1.3 0 0 1 2.5.7c0 1.9-2.5 3.3-2.5 3.3Z",
  messages: "M4 5h16v11H8l-4 4V5Z",
  likes: "M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10Z",
  credits: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v10m-3-7.5c0-1 1.3-1.5 3-1.5s3 .6 3 1.8-1.3 1.6-3 2.2-3 1-3 2.2 1.3 1.8 3 1.8 3-.5 3-1.5",
  premium: "M4 17h16M5 17 3.5 7l5 4L12 5l3.5 6 5-4L19 17",
} as const;

type NavIconName = keyof typeof ICON_PATHS;

type Badge = { text: string; tone: keyof typeof styles.badge; label: string };

function NavItem({ to, icon, label, badge, premium = false }: { to: string; icon: NavIconName; label: string; badge?: Badge; premium?: boolean }) {
  const current = activeNavEntry(useLocation().pathname) === to;
  return (
    <li>
      <Link to={to} className={premium ? styles.premium : styles.link} prefetch="intent" aria-current={current ? "page" : undefined}>
        <span className={styles.icon}>
          <NavIcon path={ICON_PATHS[icon]} />
          {badge ? (
            <span className={styles.badge[badge.tone]} aria-hidden="true" data-badge={icon}>
              {badge.text}
            </span>
          ) : null}
        </span>
        <span className={styles.label}>{label}</span>
        {badge ? <span className={visuallyHidden}>{` (${badge.label})`}</span> : null}
      </Link>
    </li>
  );
}

/**
 * The signed-in member's links (§2): search, discover (the swipe game), messages with the unread
 * badge, likes with the new-likes badge, then credits for paying members (badge at 10 or fewer) or
 * get-premium.
 */
export function MemberNav() {
  const { t } = useTranslation();
  const { member } = useMemberStatus();
  if (!member) return null;
  const counted = (count: number, label: string): Badge | undefined => {
    const text = countBadge(count);
    return text === undefined ? undefined : { text, tone: "count", label };
  };
  const credits = member.paidUser ? creditsBadge(member.credits) : undefined;
  return (
    <ul className={styles.links}>
      <NavItem to="/members" icon="search" label={t("nav.search")} />
      <NavItem to="/swipe-game" icon="discover" label={t("nav.discover")} />
      <NavItem
        to="/chats"
        icon="messages"
        label={t("nav.messages")}
        badge={counted(member.unreadMessages, t("nav.unread", { count: member.unreadMessages }))}
      />
      <NavItem to="/likes" icon="likes" label={t("nav.likes")} badge={counted(member.newLikes, t("nav.newLikes", { count: member.newLikes }))} />
      {member.paidUser ? (
        <NavItem
          to="/credits"
          icon="credits"
          label={t("nav.credits")}
          badge={
            credits && {
              ...credits,
              label: t("nav.creditsLeft", { count: member.credits }),
            }
          }
        />
      ) : (
        <NavItem to="/premium" icon="premium" label={t("nav.premium")} premium />
      )}
    </ul>
  );
}
