import { useRevalidator } from "@remix-run/react";
import { useState, useSyncExternalStore } from "react";
import * as ui from "../styles/ui.css";

/** What the console's passkey routes answer: options to hand the browser, or the outcome of its answer. */
type CeremonyAnswer = { options?: unknown; status?: "ok"; redirectTo?: string; message?: string };

async function post(path: string, body: Record<string, unknown>): Promise<CeremonyAnswer> {
  const answer = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) });
  const parsed = (await answer.json().catch(() => ({}))) as CeremonyAnswer;
  if (!answer.ok) throw new Error(parsed.message ?? "The passkey could not be used. Try again.");
  return parsed;
}

/** The browser's own refusal (the person cancelled, no passkey here) in words. */
function ceremonyMessage(error: unknown): string {
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) return "The passkey request was cancelled or timed out. Try again.";
  return error instanceof Error && error.message ? error.message : "The passkey could not be used. Try again.";
}

/** Passkeys need JavaScript and WebAuthn: without either, the buttons are not shown at all. */
function useWebAuthn(): boolean {
  // false on the server and in the first render of the browser (hydration), the truth after.
  return useSyncExternalStore(
    noChanges,
    () => typeof window.PublicKeyCredential === "function",
    () => false,
  );
}

const noChanges = () => () => {};

/** The second step with a passkey: the browser signs the server's challenge, the server starts the verified session. */
export function PasskeySignIn({ next }: { next: string }) {
  const supported = useWebAuthn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (!supported) return null;

  async function signIn() {
    setBusy(true);
    setError(undefined);
    try {
      const { startAuthentication } = await import("@simplewebauthn/browser");
      const { options } = await post("/login/passkey", { step: "options" });
      const response = await startAuthentication({ optionsJSON: options as never });
      const done = await post("/login/passkey", { step: "verify", response, next });
      window.location.assign(done.redirectTo ?? "/");
    } catch (caught) {
      setError(ceremonyMessage(caught));
      setBusy(false);
    }
  }

  return (
    <div className={ui.field}>
      <button type="button" className={ui.button.secondary} onClick={() => void signIn()} disabled={busy}>
        Use a passkey
      </button>
      <div role="alert">{error ? <p className={ui.fieldError}>{error}</p> : null}</div>
    </div>
  );
}

/** Adds a passkey to the signed-in account, then reloads the page's data to list it. */
export function PasskeyRegistration() {
  const supported = useWebAuthn();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();
  if (!supported) return <p className={ui.hint}>Adding a passkey needs a browser with JavaScript and passkey support.</p>;

  async function register(form: HTMLFormElement) {
    setBusy(true);
    setOutcome(undefined);
    try {
      const name = String(new FormData(form).get("name") ?? "");
      const { startRegistration } = await import("@simplewebauthn/browser");
      const { options } = await post("/account/passkeys", { step: "options" });
      const response = await startRegistration({ optionsJSON: options as never });
      await post("/account/passkeys", { step: "verify", response, name });
      form.reset();
      setOutcome({ ok: true, message: "Passkey added." });
      revalidator.revalidate();
    } catch (caught) {
      setOutcome({ ok: false, message: ceremonyMessage(caught) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className={ui.inlineForm}
      onSubmit={(event) => {
        event.preventDefault();
        void register(event.currentTarget);
      }}
    >
      <div className={ui.field}>
        <label htmlFor="passkey-name" className={ui.label}>
          Name of the new passkey
        </label>
        <input id="passkey-name" name="name" className={ui.input} maxLength={60} placeholder="e.g. Work laptop" autoComplete="off" />
      </div>
      <button type="submit" className={ui.button.primary} disabled={busy}>
        Add a passkey
      </button>
      <div role="status">{outcome ? <p className={outcome.ok ? ui.notice.ok : ui.notice.error}>{outcome.message}</p> : null}</div>
    </form>
  );
}
