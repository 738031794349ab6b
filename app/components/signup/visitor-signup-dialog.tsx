import { useTranslation } from "react-i18next";
import { useVisitorScript } from "../../lib/framework-free";
import { useRootData } from "../../root";
import { SIGNUP_INTENTS } from "../../lib/signup-reason";
import { SignupForm } from "./signup-form";
import * as signup from "./signup.css";
import * as styles from "./visitor-signup-dialog.css";

/**
 * The desktop's signup dialog on a visitors' page without the framework (decision 050): the signup form as
 * the signup page has it, posting there, in a native dialog the visitors' script opens
 * (app/visitor-script/signup-dialog.ts). Its title for each reason waits in a data attribute, the
 * member's name left as {name}. Rendered by those pages' own modules (the lander layout, the home
 * page), so that its form stays out of the framework's every-page bundle.
 */
export function VisitorSignupDialog() {
  const { t } = useTranslation("account");
  const frameworkFree = useVisitorScript() !== undefined;
  const member = useRootData()?.member;
  // Only a page without the framework carries it: elsewhere the signup modal is the framework's.
  if (!frameworkFree || member) return null;
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
