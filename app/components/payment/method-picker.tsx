import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "../../../server/sites/payments";
import * as form from "../form.css";
import { MethodMark } from "./method-mark";
import * as styles from "./payment.css";

export type PickerMethod = { id: PaymentMethod; issuers: { id: string; name: string }[] };

type Props = {
  /** Where the form posts: the package's own address, without a method or a payment. */
  action: string;
  methods: PickerMethod[];
  selected?: string;
  /** The method that just failed: it goes last and says so. */
  failed?: string;
  price: string;
  orderKey: string;
  /** The discount code the price is after: the server checks it again when the order comes in. */
  discountCode?: string;
  /** A refusal of the last attempt, already in the visitor's words. */
  problem?: string;
};

/**
 * The methods as big tiles (a radio each, so it works without JavaScript), the bank choice under
 * a method that has issuers, and one pay button. The order key makes a double click one payment.
 */
export function MethodPicker({ action, methods, selected, failed, price, orderKey, discountCode, problem }: Props) {
  const { t } = useTranslation("payment");
  const busy = useNavigation().state !== "idle";
  const ordered = failed ? [...methods.filter((method) => method.id !== failed), ...methods.filter((method) => method.id === failed)] : methods;
  const preselected = ordered.find((method) => method.id === selected && method.id !== failed)?.id ?? ordered.find((method) => method.id !== failed)?.id;
  return (
    <Form method="post" action={action} className={styles.form} aria-describedby={problem ? "payment-problem" : undefined}>
      <input type="hidden" name="order_key" value={orderKey} />
      {discountCode ? <input type="hidden" name="discount_code" value={discountCode} /> : null}
      {problem ? (
        <p id="payment-problem" className={styles.alert} role="alert" data-problem>
          {problem}
        </p>
      ) : null}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t("choose.legend")}</legend>
        <ul className={styles.tiles}>
          {ordered.map((method) => (
            <li key={method.id} className={styles.tileItem}>
              <label className={styles.tile} data-method={method.id}>
                <input type="radio" name="method" value={method.id} defaultChecked={method.id === preselected} className={styles.radio} required />
                <span className={styles.tileName}>
                  {t(`methods.${method.id}`)}
                  {method.id === failed ? <span className={styles.tileNote}>{t("retry.failedMethod")}</span> : null}
                </span>
                <MethodMark method={method.id} />
              </label>
              {method.issuers.length > 0 ? (
                <div className={styles.issuers}>
                  <label htmlFor={`issuer-${method.id}`}>{t("choose.bank")}</label>
                  <select id={`issuer-${method.id}`} name={`issuer_${method.id}`} className={form.input} defaultValue="">
                    <option value="">{t("choose.bankPlaceholder")}</option>
                    {method.issuers.map((issuer) => (
                      <option key={issuer.id} value={issuer.id}>
                        {issuer.name}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="submit" className={styles.payButton} disabled={busy}>
        {t("choose.pay", { price })}
      </button>
      <p className={styles.secure}>{t("choose.secure")}</p>
    </Form>
  );
}
