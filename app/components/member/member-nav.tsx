import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { activeNavEntry, countBadge, creditsBadge } from "../../lib/navigation";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as styles from "./member-nav.css";
import { useMemberStatus } from "./member-status";
import { NavIcon, type NavIconName } from "./nav-icons";

type Badge = { text: string; tone: keyof typeof styles.badge; label: string };

function NavItem({ to, icon, label, badge, premium = false }: { to: string; icon: NavIconName; label: string; badge?: Badge; premium?: boolean }) {
  const current = activeNavEntry(useLocation().pathname) === to;
  return (
    <li>
      <Link to={to} className={premium ? styles.premium : styles.link} prefetch="intent" aria-current={current ? "page" : undefined}>
        <span className={styles.icon}>
          <NavIcon name={icon} />
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
