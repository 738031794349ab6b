import type { InputHTMLAttributes } from "react";
import * as ui from "../styles/ui.css";

type TextFieldProps = {
  name: string;
  label: string;
  /** Shown under the label, read with the field. */
  hint?: string;
  /** The server's verdict on this field, shown beside it and announced with it. */
  error?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "autoComplete" | "inputMode" | "required" | "minLength" | "maxLength" | "defaultValue" | "autoFocus" | "spellCheck" | "autoCapitalize">;

/** A labelled input with its hint and its error linked to it for screen readers. */
export function TextField({ name, label, hint, error, type = "text", ...input }: TextFieldProps) {
  const id = `field-${name}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={ui.field}>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={ui.hint}>
          {hint}
        </p>
      ) : null}
      <input id={id} name={name} type={type} className={ui.input} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form's error that belongs to no one field (wrong password, locked), announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  return <div role="alert">{message ? <p className={ui.notice.error}>{message}</p> : null}</div>;
}
