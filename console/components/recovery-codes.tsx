import * as ui from "../styles/ui.css";
import * as styles from "./recovery-codes.css";

/** Recovery codes, shown this once: only their hashes are kept. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className={ui.field} aria-labelledby="recovery-codes">
      <h2 id="recovery-codes">Your recovery codes</h2>
      <p className={ui.notice.warn}>
        Save these now: they are shown only this once. Each signs you in once if you lose your authenticator app or passkey.
      </p>
      <ul className={styles.list} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}
