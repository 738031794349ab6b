import { useTranslation } from "react-i18next";
import { CONSENT_FIELD, CONSENT_HINT_KEY, CONSENT_WORDING_KEY } from "../../../server/privacy/consent-field";
import { Messages } from "../form-field";
import * as styles from "./consent-box.css";

type ConsentBoxProps = {
  /** The id of the input; its messages get `<id>-error`. */
  id: string;
  siteName: string;
  /** Message keys (the consent is needed and was not given). */
  errors?: string[];
  /** Kept ticked after a refused post, never ticked before the member ticks it. */
  defaultChecked?: boolean;
};

/**
 * The explicit consent to process sexuality and sexual interests (GDPR art. 9): an unticked box with
 * the sentence and hint the server records as the wording, linked to its message for screen readers.
 */
export function ConsentBox({ id, siteName, errors, defaultChecked = false }: ConsentBoxProps) {
  const { t } = useTranslation("account");
  const errorId = `${id}-error`;
  const invalid = Boolean(errors?.length);
  return (
    <div>
      <label htmlFor={id} className={invalid ? `${styles.box} ${styles.invalid}` : styles.box}>
        <input
          id={id}
          type="checkbox"
          name={CONSENT_FIELD}
          value="on"
          defaultChecked={defaultChecked}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          className={styles.control}
        />
        <span className={styles.wording}>
          <span>{t(CONSENT_WORDING_KEY, { name: siteName })}</span>
          <span className={styles.hint}>{t(CONSENT_HINT_KEY)}</span>
        </span>
      </label>
      <Messages id={errorId} messages={errors} />
    </div>
  );
}
