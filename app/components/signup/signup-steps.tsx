import { useTranslation } from "react-i18next";
import { visuallyHidden } from "../../styles/visually-hidden.css";
import * as styles from "./signup.css";

export const SIGNUP_STEPS = ["check", "create", "matches", "mail"] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];

/** The four steps of §4 with where the signup is: done, under way, or still to come. */
export function SignupSteps({ current, memberId }: { current: SignupStep | "finished"; memberId?: number }) {
  const { t } = useTranslation("account");
  const reached = current === "finished" ? SIGNUP_STEPS.length : SIGNUP_STEPS.indexOf(current);
  return (
    <div aria-live="polite">
      <ol className={styles.steps}>
        {SIGNUP_STEPS.map((step, index) => {
          const state = index < reached ? "done" : index === reached ? "active" : "pending";
          return (
            <li key={step} className={styles.step} aria-current={state === "active" ? "step" : undefined}>
              <span className={styles.stepMarker[state]} aria-hidden="true">
                {state === "done" ? "✓" : ""}
              </span>
              <span>
                {t(`signup.steps.${step}`)}
                <span className={visuallyHidden}> ({t(`signup.stepState.${state}`)})</span>
              </span>
            </li>
          );
        })}
      </ol>
      {memberId ? <p className={styles.memberId}>{t("signup.memberId", { id: memberId })}</p> : null}
    </div>
  );
}
