import { suggestEmail } from "../../../server/accounts/email-address";
import { useTranslation } from "react-i18next";
import * as styles from "../form.css";

/** "Did you mean …?" under the address, for a mistyped domain ("gmial.com"); choosing it fills it in. */
export function EmailSuggestion({ email, onChoose }: { email: string; onChoose: (suggestion: string) => void }) {
  const { t } = useTranslation("account");
  const suggestion = suggestEmail(email);
  if (!suggestion) return null;
  return (
    <p className={styles.hint}>
      {t("signup.didYouMean")}{" "}
      <button type="button" className={styles.linkButton} onClick={() => onChoose(suggestion)}>
        {suggestion}
      </button>
      ?
    </p>
  );
}
