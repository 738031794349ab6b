import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import * as styles from "./form.css";

/** Values the validation messages may interpolate ({{min_age}}, {{minutes}}, …). */
export type MessageValues = Record<string, string | number>;

/** Messages are translation keys (see server/accounts/forms.ts); here they become the visitor's words. */
export function Messages({ id, messages, values }: { id?: string; messages: string[] | undefined; values?: MessageValues }) {
  const { t } = useTranslation(["common", "account"]);
  if (!messages?.length) return null;
  return (
    <ul id={id} className={styles.errors}>
      {messages.map((message) => (
        <li key={message}>{t(message, values)}</li>
      ))}
    </ul>
  );
}

type FieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password" | "date";
  autoComplete?: string;
  optional?: boolean;
  multiline?: boolean;
  maxLength?: number;
  /** Shown under the field, before its errors (a hint, a suggestion). */
  children?: ReactNode;
  values?: MessageValues;
  inputProps?: { min?: string; max?: string; autoFocus?: boolean };
};

/** A labelled input with its errors beside it, linked for screen readers. */
export function Field({ meta, label, type = "text", autoComplete, optional, multiline, maxLength, children, values, inputProps }: FieldProps) {
  const { t } = useTranslation("account");
  // Conform's props carry the key React needs to reset a field; keys may not be spread.
  const { key: textareaKey, ...textareaProps } = getTextareaProps(meta);
  const { key: inputKey, ...controlProps } = getInputProps(meta, { type });
  const control = multiline ? (
    <textarea key={textareaKey} {...textareaProps} className={styles.textarea} maxLength={maxLength} />
  ) : (
    <input
      key={inputKey}
      {...controlProps}
      className={styles.input}
      autoComplete={autoComplete}
      maxLength={maxLength}
      {...inputProps}
    />
  );
  return (
    <div className={styles.field}>
      <label htmlFor={meta.id} className={styles.label}>
        {label} {optional ? <span className={styles.optional}>({t("form.optional")})</span> : null}
      </label>
      {control}
      {children}
      <Messages id={meta.errorId} messages={meta.errors} values={values} />
    </div>
  );
}
