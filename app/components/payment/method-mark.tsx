import type { PaymentMethod } from "../../../server/sites/payments";
import * as styles from "./payment.css";

type Mark = { text: string; background: string; color: string; card?: boolean };

/**
 * A small badge per payment method, our own drawing (no provider's logo): a short word or letters
 * on a colour that members of that country connect with the method. Decorative: the tile names
 * the method in words.
 */
const MARKS: Record<PaymentMethod, Mark> = {
  ideal: { text: "iD", background: "#cc0066", color: "#fff" },
  bancontact: { text: "BC", background: "#1e3764", color: "#fff" },
  creditcard: { text: "", background: "#37474f", color: "#fff", card: true },
  visa: { text: "VISA", background: "#1a1f71", color: "#fff" },
  mastercard: { text: "MC", background: "#252525", color: "#ffb400" },
  maestro: { text: "MAE", background: "#0b4f9c", color: "#fff" },
  cartebancaire: { text: "CB", background: "#0f7a3c", color: "#fff" },
  dankort: { text: "DK", background: "#c8102e", color: "#fff" },
  nexi: { text: "nexi", background: "#2d32aa", color: "#fff" },
  paypal: { text: "PP", background: "#003087", color: "#9fd3ff" },
  applepay: { text: "Pay", background: "#000", color: "#fff" },
  paysafecard: { text: "psc", background: "#0a7ec2", color: "#fff" },
  sofort: { text: "SO", background: "#ee7f00", color: "#fff" },
  giropay: { text: "giro", background: "#000268", color: "#fff" },
  eps: { text: "eps", background: "#c8036f", color: "#fff" },
  przelewy24: { text: "P24", background: "#d13239", color: "#fff" },
  blik: { text: "blik", background: "#111", color: "#fff" },
  postepay: { text: "PP", background: "#ffd200", color: "#003b80" },
  satispay: { text: "S", background: "#ef373e", color: "#fff" },
  mobilepay: { text: "MP", background: "#5a78ff", color: "#fff" },
  swish: { text: "sw", background: "#f1eee9", color: "#111" },
  twint: { text: "TW", background: "#000", color: "#fff" },
  vipps: { text: "vipps", background: "#ff5b24", color: "#fff" },
  directdebit: { text: "€→", background: "#00695c", color: "#fff" },
  banktransfer: { text: "€", background: "#455a64", color: "#fff" },
};

export function MethodMark({ method }: { method: PaymentMethod }) {
  const mark = MARKS[method];
  const size = mark.text.length > 3 ? 12 : 14;
  return (
    <svg className={styles.mark} viewBox="0 0 48 32" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="47" height="31" rx="6" fill={mark.background} stroke="rgba(0,0,0,0.12)" />
      {mark.card ? (
        <>
          <rect x="0.5" y="8" width="47" height="5" fill="rgba(255,255,255,0.55)" />
          <rect x="7" y="19" width="14" height="6" rx="1.5" fill="#e8c66a" />
          <rect x="25" y="21" width="15" height="2.5" rx="1" fill="rgba(255,255,255,0.7)" />
        </>
      ) : (
        <text x="24" y="16.5" textAnchor="middle" dominantBaseline="middle" fill={mark.color} fontSize={size} fontWeight="700" fontFamily="system-ui, sans-serif">
          {mark.text}
        </text>
      )}
    </svg>
  );
}
