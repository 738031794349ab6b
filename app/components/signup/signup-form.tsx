import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { NAME_MAX, SIGNUP_MESSAGE_MAX } from "../../../server/accounts/form-limits";
import type { Gender } from "../../../server/db/schema";
import { apiFetch } from "../../lib/api";
import { deferredModule } from "../../lib/deferred-module";
import { useCheckedForm } from "../../lib/use-checked-form";
import { useRootData } from "../../root";
import { ConsentBox } from "../privacy/consent-box";
import { Field, Messages } from "../form-field";
import * as styles from "../form.css";
import { LookingForFields } from "./looking-for-fields";
import { SignupSteps, type SignupStep } from "./signup-steps";
import * as signupStyles from "./signup.css";

// The spelling check of addresses (its list of mail domains) comes once an address is typed.
const EmailSuggestion = deferredModule(() => import("./email-suggestion")).part((module) => module.EmailSuggestion);

/** After signup, the mailbox page; it leads on to where the visitor was, when they came from somewhere. */
export function completeSignupPath(redirectTo: string | undefined): string {
  return redirectTo ? `/complete-signup?${new URLSearchParams({ redirectTo })}` : "/complete-signup";
}

type StepAnswer = { status: "ok" | "created" | "error"; result?: SubmissionResult<string[]>; memberId?: number; sent?: boolean };

async function runStep(step: "check" | "create" | "matches" | "activation-mail", body?: FormData): Promise<StepAnswer> {
  const response = await apiFetch(`/api/signup.php?step=${step}`, { method: "POST", body: body ?? new FormData() });
  // 429 carries the form's answer (too many checks) like any refused step.
  if (!response.ok && response.status !== 429) throw new Error(`signup step ${step} answered ${response.status}`);
  return (await response.json()) as StepAnswer;
}

type SignupFormProps = {
  /** The page action's answer when the form was posted without JavaScript. */
  serverResult?: SubmissionResult<string[]>;
  /** Tells a surrounding modal that a signup is under way (it may not close then). */
  onBusyChange?: (busy: boolean) => void;
  autoFocus?: boolean;
  /** The page to go back to once signed up (where the visitor tapped like, say); checked by the server. */
  redirectTo?: string;
  /** The member whose page the visitor signs up on: their chat opens once the account is active. */
  forProfileId?: number;
  /** That member's gender: the form starts looking for it. */
  toMeet?: Gender;
  /** Where the form posts without JavaScript: the page it is on, so a refused form comes back to it. */
  action?: string;
};

/**
 * The signup form of §3 with the rules of §5. It posts to /signup and works without JavaScript;
 * with it, fields are checked as the visitor goes, and a valid form runs the four steps of §4 one
 * call at a time, showing each.
 */
export function SignupForm({ serverResult, onBusyChange, autoFocus, redirectTo, forProfileId, toMeet, action = "/signup" }: SignupFormProps) {
  const root = useRootData();
  const { t } = useTranslation("account");
  const navigate = useNavigate();
  // The steps' answers once the form ran them; before that, the page action's.
  const [stepResult, setResult] = useState<SubmissionResult<string[]>>();
  const result = stepResult ?? serverResult;
  const [step, setStep] = useState<SignupStep | "finished">();
  const [memberId, setMemberId] = useState<number>();
  const [failure, setFailure] = useState<string>();

  const signup = root?.signup;
  const brandName = root?.site.name ?? "";
  const loadSchema = () =>
    import("../../../server/accounts/forms").then((forms) =>
      forms.signupSchema({ minAge: signup?.minAge ?? 18, today: signup?.today ?? "", brandName, niche: signup?.niche ?? "none" }),
    );

  const busy = step !== undefined;
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);

  async function run(formData: FormData) {
    setFailure(undefined);
    const stop = (answer: StepAnswer) => {
      setResult(answer.result);
      setStep(undefined);
    };
    try {
      setStep("check");
      const checked = await runStep("check", formData);
      if (checked.status === "error") return stop(checked);
      setStep("create");
      const created = await runStep("create", formData);
      if (created.status === "error") return stop(created);
      setMemberId(created.memberId);
      setStep("matches");
      await runStep("matches");
      setStep("mail");
      await runStep("activation-mail");
      setStep("finished");
      navigate(completeSignupPath(redirectTo));
    } catch {
      setStep(undefined);
      setFailure("errors.generic");
    }
  }

  const [form, fields] = useCheckedForm("signup", loadSchema, result, {
    onSubmit(event, { formData }) {
      event.preventDefault();
      void run(formData);
    },
  });

  if (!root || !signup) return null;
  if (!signup.open) return <p className={styles.notice}>{t("signup.inviteOnly", { name: root.site.name })}</p>;

  const emailErrors = fields.email.errors ?? [];
  const minAge = { min_age: signup.minAge };
  const formErrors = [...(form.errors ?? []), ...(fields.website.errors ?? []), ...(failure ? [failure] : [])];

  return (
    <>
      {step ? <SignupSteps current={step} memberId={memberId} /> : null}
      <Form method="post" action={action} {...getFormProps(form)} className={styles.form} hidden={busy}>
        <div role="alert">
          {formErrors.length ? (
            <div className={styles.alert}>
              <Messages id={form.errorId} messages={formErrors} values={{ name: root.site.name }} />
            </div>
          ) : null}
        </div>
        <LookingForFields niche={signup.niche} brandName={brandName} gender={fields.gender} lookingFor={fields.looking_for} autoFocus={autoFocus} toMeet={toMeet} />
        <Field meta={fields.email} label={t("fields.email")} type="email" autoComplete="email">
          {fields.email.value ? <EmailSuggestion email={fields.email.value} onChoose={(suggestion) => form.update({ name: fields.email.name, value: suggestion })} /> : null}
          {emailErrors.includes("account:signup.emailExists") ? (
            <p className={styles.hint}>
              <Link to="/login" className={styles.link}>
                {t("signup.loginInstead")}
              </Link>
            </p>
          ) : null}
          {emailErrors.includes("account:signup.emailDeleted") ? (
            <p className={styles.hint}>
              <Link to={`/account-deleted?${new URLSearchParams({ email: fields.email.value ?? "" })}#resend`} className={styles.link}>
                {t("signup.resendReactivation")}
              </Link>{" "}
              {t("signup.contactSupport", { email: root.site.supportEmail })}
              {root.site.supportPhone ? ` ${t("signup.orCall", { phone: root.site.supportPhone })}` : ""}
            </p>
          ) : null}
        </Field>
        <Field meta={fields.name} label={t("fields.name")} autoComplete="nickname" maxLength={NAME_MAX} />
        <Field meta={fields.date_of_birth} label={t("fields.dateOfBirth", minAge)} type="date" autoComplete="bday" values={minAge} inputProps={{ max: signup.today }} />
        <Field meta={fields.password} label={t("fields.password")} type="password" autoComplete="new-password" values={{ min: 8 }}>
          <p className={styles.hint}>{t("password.rule")}</p>
        </Field>
        {/* Optional and secondary: folded away unless it has something to say. */}
        <details className={signupStyles.optionalMessage} open={Boolean(fields.signup_message.errors?.length)}>
          <summary className={signupStyles.optionalSummary}>{t("signup.addMessage")}</summary>
          <Field meta={fields.signup_message} label={t("fields.signupMessage")} optional multiline maxLength={SIGNUP_MESSAGE_MAX} />
        </details>
        <ConsentBox
          id={fields.special_consent.id}
          siteName={brandName}
          errors={fields.special_consent.errors}
          defaultChecked={fields.special_consent.initialValue === "on"}
        />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        {forProfileId ? <input type="hidden" name="for_profile" value={forProfileId} /> : null}
        <div className={styles.honeypot} aria-hidden="true">
          <label htmlFor="signup-website">Website</label>
          <input id="signup-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <p className={styles.hint}>
          <Trans
            t={t}
            i18nKey="signup.terms"
            values={minAge}
            components={{ terms: <Link to="/pages/terms" className={styles.link} />, privacy: <Link to="/pages/privacy" className={styles.link} /> }}
          />
        </p>
        <button type="submit" className={styles.button}>
          {t("signup.submit")}
        </button>
      </Form>
    </>
  );
}
