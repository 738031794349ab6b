import { useTranslation } from "react-i18next";
import { SIGNUP_INTENTS } from "../../lib/signup-reason";
import { SignupForm } from "../signup/signup-form";
import * as signup from "../signup/signup.css";
import * as styles from "./lander-signup-dialog.css";

/**
 * The desktop's signup dialog on a lander without the framework (decision 050): the signup form as
 * the signup page has it, posting there, in a native dialog the landers' script opens
 * (app/lander-client/signup-dialog.ts). Its title for each reason waits in a data attribute, the
 * member's name left as {name}.
 */
export function LanderSignupDialog() {
  const { t } = useTranslation("account");
  const titles = Object.fromEntries(SIGNUP_INTENTS.map((intent) => [`data-title-${intent}`, t(`signup.reason.${intent}`, { name: "{name}" })]));
  return (
    <dialog id="signup-dialog" aria-labelledby="signup-modal-title" className={styles.dialog} data-title={t("signup.title")} {...titles}>
      <div className={signup.dialog}>
        <h2 id="signup-modal-title" className={signup.dialogTitle}>
          {t("signup.title")}
        </h2>
        <form method="dialog">
          <button type="submit" className={signup.close} aria-label={t("signup.close")}>
            ×
          </button>
        </form>
        <SignupForm redirectTo="/" />
      </div>
    </dialog>
  );
}
