import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { DeletionReason } from "../../../server/accounts/deletion";
import * as settings from "../../routes/settings.css";
import * as own from "../../routes/settings-delete.css";
import { Messages } from "../form-field";
import * as styles from "../form.css";

/** Where the deletion flow lives (§2 delete-account reasons and solutions). */
export const DELETE_PATH = "/settings/delete";

/** The settings card: deleting stands apart and leads into the flow, which asks why first. */
export function DeleteAccount() {
  const { t } = useTranslation("settings");
  return (
    <section id="delete" aria-labelledby="delete-title" className={settings.dangerCard}>
      <h2 id="delete-title" className={settings.dangerTitle}>
        {t("delete.title")}
      </h2>
      <p className={settings.text}>{t("deletion:card.text")}</p>
      <div className={settings.actions}>
        <Link to={DELETE_PATH} className={styles.secondaryButton}>
          {t("deletion:card.start")}
        </Link>
      </div>
    </section>
  );
}

/** Each step's way on, and beside it the way out that keeps the account. */
function StepActions({ submit, danger = false }: { submit: string; danger?: boolean }) {
  const { t } = useTranslation("deletion");
  return (
    <>
      <button type="submit" className={danger ? own.dangerButton : styles.button}>
        {submit}
      </button>
      <Link to="/settings" className={styles.link}>
        {t("keep")}
      </Link>
    </>
  );
}

/** The reason and its note travel from step to step in the form, never in the address bar. */
function Carried({ reason, note }: { reason: DeletionReason; note: string | undefined }) {
  return (
    <>
      <input type="hidden" name="reason" value={reason} />
      {note ? <input type="hidden" name="note" value={note} /> : null}
    </>
  );
}

/** Step one: why the member leaves; "other" asks for a few words. */
export function DeletionReasons({
  reasons,
  chosen,
  note,
  errors,
  noteMax,
}: {
  reasons: readonly DeletionReason[];
  chosen: DeletionReason | undefined;
  note: string | undefined;
  errors: { reason?: string[]; note?: string[] } | undefined;
  noteMax: number;
}) {
  const { t } = useTranslation("deletion");
  return (
    <section aria-labelledby="reasons-title" className={settings.card}>
      <h2 id="reasons-title" className={settings.cardTitle}>
        {t("reasons.title")}
      </h2>
      <p className={settings.cardLead}>{t("reasons.lead")}</p>
      <Form method="post" className={styles.form} noValidate>
        <input type="hidden" name="intent" value="reason" />
        <fieldset className={settings.choices} aria-describedby={errors?.reason ? "reason-errors" : undefined}>
          <legend className={own.legend}>{t("reasons.legend")}</legend>
          {reasons.map((reason) => (
            <label key={reason} className={settings.choice}>
              <input type="radio" name="reason" value={reason} defaultChecked={reason === chosen} className={settings.control} />
              {t(`reasons.${reason}`)}
            </label>
          ))}
        </fieldset>
        <Messages id="reason-errors" messages={errors?.reason} />
        <div className={styles.field}>
          <label htmlFor="deletion-note" className={styles.label}>
            {t("reasons.note")} <span className={styles.optional}>{t("reasons.noteHint")}</span>
          </label>
          <textarea
            id="deletion-note"
            name="note"
            defaultValue={note}
            maxLength={noteMax}
            className={styles.textarea}
            aria-invalid={errors?.note ? true : undefined}
            aria-describedby={errors?.note ? "note-errors" : undefined}
          />
          <Messages id="note-errors" messages={errors?.note} />
        </div>
        <div className={settings.actions}>
          <StepActions submit={t("reasons.submit")} />
        </div>
      </Form>
    </section>
  );
}

export type OfferView =
  | { kind: "email" }
  | { kind: "privacy" }
  | { kind: "trial"; tier: string; credits: number; price: string }
  | { kind: "discount"; code: string; percentage: number; expires: string };

function Offer({ offer }: { offer: OfferView }) {
  const { t } = useTranslation("deletion");
  const title = <h3 className={settings.subTitle}>{t(`offers.${offer.kind}.title`)}</h3>;
  switch (offer.kind) {
    case "email":
      return (
        <li className={own.offer}>
          {title}
          <p className={settings.text}>{t("offers.email.text")}</p>
          <Link to="/settings#email" className={styles.secondaryButton}>
            {t("offers.email.action")}
          </Link>
        </li>
      );
    case "privacy":
      return (
        <li className={own.offer}>
          {title}
          <p className={settings.text}>{t("offers.privacy.text")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="invisible" />
            <button type="submit" className={styles.secondaryButton}>
              {t("offers.privacy.action")}
            </button>
          </Form>
        </li>
      );
    case "trial":
      return (
        <li className={own.offer}>
          {title}
          <p className={settings.text}>{t("offers.trial.text", { credits: offer.credits, price: offer.price })}</p>
          <Link to={`/credits/${offer.tier}`} className={styles.secondaryButton}>
            {t("offers.trial.action")}
          </Link>
        </li>
      );
    case "discount":
      return (
        <li className={own.offer}>
          {title}
          <p className={settings.text}>{t("offers.discount.text", { percentage: offer.percentage, date: offer.expires })}</p>
          <p className={own.code}>{offer.code}</p>
          <Link to={`/credits?${new URLSearchParams({ code: offer.code })}`} className={styles.secondaryButton}>
            {t("offers.discount.action")}
          </Link>
        </li>
      );
  }
}

/** Step two: what might make the member stay, fitting their reason; or on to the last step. */
export function RetentionOffers({ offers, reason, note }: { offers: OfferView[]; reason: DeletionReason; note: string | undefined }) {
  const { t } = useTranslation("deletion");
  return (
    <section aria-labelledby="offers-title" className={settings.card}>
      <h2 id="offers-title" className={settings.cardTitle}>
        {t(offers.length ? "offers.title" : "offers.none")}
      </h2>
      {offers.length ? <p className={settings.cardLead}>{t("offers.lead")}</p> : null}
      {offers.length ? (
        <ul className={own.offers}>
          {offers.map((offer) => (
            <Offer key={offer.kind} offer={offer} />
          ))}
        </ul>
      ) : null}
      <Form method="post" className={settings.actions}>
        <input type="hidden" name="intent" value="continue" />
        <Carried reason={reason} note={note} />
        <StepActions submit={t("offers.continue")} danger />
      </Form>
    </section>
  );
}

/** Step three: what deleting means, and the password that confirms it. */
export function DeletionConfirm({ reason, note, email, errors, minutes }: { reason: DeletionReason; note: string | undefined; email: string; errors: string[] | undefined; minutes?: number }) {
  const { t } = useTranslation("deletion");
  return (
    <section aria-labelledby="confirm-title" className={settings.dangerCard}>
      <h2 id="confirm-title" className={settings.dangerTitle}>
        {t("confirm.title")}
      </h2>
      <ul className={own.facts}>
        <li>{t("confirm.gone")}</li>
        <li>{t("confirm.grace", { email })}</li>
        <li>{t("confirm.erased")}</li>
      </ul>
      <Form method="post" className={styles.form} noValidate>
        <input type="hidden" name="intent" value="delete" />
        <Carried reason={reason} note={note} />
        <div className={styles.field}>
          <label htmlFor="deletion-password" className={styles.label}>
            {t("confirm.password")}
          </label>
          <input
            id="deletion-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={styles.input}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? "password-errors" : undefined}
          />
          <div role="alert">
            <Messages id="password-errors" messages={errors} values={minutes === undefined ? undefined : { minutes }} />
          </div>
        </div>
        <div className={settings.actions}>
          <StepActions submit={t("confirm.submit")} danger />
        </div>
      </Form>
    </section>
  );
}
