import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import * as styles from "./discount-code-form.css";

/**
 * "Have a discount code?": a plain GET form, so the page comes back with the prices the code gives
 * (the server checks it; without JavaScript too). A refusal is said under the field.
 */
export function DiscountCodeForm({ value, refusal }: { value: string; refusal: string | undefined }) {
  const { t } = useTranslation("credits");
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Form method="get" className={styles.form} data-discount-form preventScrollReset>
      <label htmlFor={id} className={styles.label}>
        {t("discount.form.label")}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          name="code"
          defaultValue={value}
          className={styles.input}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          required
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
        />
        <button type="submit" className={styles.apply}>
          {t("discount.form.apply")}
        </button>
      </div>
      {refusal ? (
        <p id={errorId} className={styles.error} role="alert" data-discount-refusal>
          {refusal}
        </p>
      ) : null}
    </Form>
  );
}
