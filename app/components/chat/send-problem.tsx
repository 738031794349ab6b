import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ResendLink } from "../banners/activation-reminder";
import { action as actionButton } from "../banners/banners.css";
import * as form from "../form.css";
import * as styles from "./chat.css";

const PREMIUM_REASONS = ["free_conversations", "free_messages", "premium_only"];

/** Why a message was not sent, in the member's language (§8), with what they can do about it. */
export function SendProblem({ reason, message, activationEmail }: { reason: string; message?: string; activationEmail: string | null }) {
  const { t } = useTranslation("chat");
  const text = message ?? t(`errors.${reason}`, { defaultValue: t("errors.failed") });
  return (
    <div role="alert" className={`${form.alert} ${styles.problem}`} data-problem={reason}>
      <span>{text}</span>
      {reason === "insufficient_credits" ? (
        <Link to="/credits" className={form.link}>
          {t("screen.buyCredits")}
        </Link>
      ) : null}
      {PREMIUM_REASONS.includes(reason) ? (
        <Link to="/premium" className={form.link}>
          {t("screen.getPremium")}
        </Link>
      ) : null}
      {reason === "confirm_email" && activationEmail ? <ResendLink email={activationEmail} buttonClassName={actionButton} /> : null}
    </div>
  );
}
