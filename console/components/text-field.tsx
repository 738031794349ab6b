import type { InputHTMLAttributes, ReactNode } from "react";
import * as ui from "../styles/ui.css";

type TextFieldProps = {
  name: string;
  label: string;
  /** Shown under the label, read with the field. */
  hint?: string;
  /** The server's verdict on this field, shown beside it and announced with it. */
  error?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "autoComplete" | "inputMode" | "required" | "minLength" | "maxLength" | "defaultValue" | "autoFocus" | "spellCheck" | "autoCapitalize">;

type FieldFrame = { name: string; label: string; hint?: string; error?: string };

/** The label, hint and error around a control, linked for screen readers; the control gets its id and aria props. */
function Field({ name, label, hint, error, control }: FieldFrame & { control: (props: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode }) {
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
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": described })}
      {error ? (
        <p id={`${id}-error`} className={ui.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and its error linked to it for screen readers. */
export function TextField({ name, label, hint, error, type = "text", ...input }: TextFieldProps) {
  return <Field name={name} label={label} hint={hint} error={error} control={(aria) => <input {...aria} name={name} type={type} className={ui.input} {...input} />} />;
}

/** A labelled select, like TextField. */
export function SelectField({ name, label, hint, error, defaultValue, children }: FieldFrame & { defaultValue?: string; children: ReactNode }) {
  return (
    <Field
      name={name}
      label={label}
      hint={hint}
      error={error}
      control={(aria) => (
        <select {...aria} name={name} className={ui.input} defaultValue={defaultValue}>
          {children}
        </select>
      )}
    />
  );
}

/** A form's error that belongs to no one field (wrong password, locked), announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  return <div role="alert">{message ? <p className={ui.notice.error}>{message}</p> : null}</div>;
}
