import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { consume } from "../../server/accounts/limits";
import { consoleContext } from "../../server/support/console-context";
import { completeSetup, findSetupToken } from "../../server/support/staff-accounts";
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from "../../server/support/staff-form-limits";
import { groupedSecret, otpauthUri, qrCodeSvg } from "../../server/support/totp";
import { RecoveryCodes } from "../components/recovery-codes";
import { FormError, TextField } from "../components/text-field";
import * as ui from "../styles/ui.css";
import * as styles from "./setup.css";

export const meta: MetaFunction = () => [{ title: "Set up your account · Amora support" }];

const setupSchema = z
  .object({
    password: z
      .string()
      .min(STAFF_PASSWORD_MIN, `Choose a password of at least ${STAFF_PASSWORD_MIN} characters.`)
      .max(STAFF_PASSWORD_MAX, `A password can have at most ${STAFF_PASSWORD_MAX} characters.`),
    confirm: z.string(),
    code: z
      .string()
      .transform((code) => code.replace(/\s/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code your authenticator app shows.")),
  })
  .refine((form) => form.password === form.confirm, { path: ["confirm"], message: "The two passwords are not the same." });

type FieldErrors = { password?: string; confirm?: string; code?: string };

const INVALID_LINK = "This set-up link has expired or was already used. Ask an administrator for a new one.";
const TOO_MANY = "Too many set-up attempts from your address. Try again in an hour.";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const { services, ip } = consoleContext(context);
  const token = params.token ?? "";
  const account = await findSetupToken(services.store.db, { token });
  if (!account) {
    // Guessing links is what this limit is for: only misses count on a page load.
    const state = await consume(services.staffLimits.setupIp, ip);
    return data({ status: "invalid" as const, message: state.allowed ? INVALID_LINK : TOO_MANY }, { status: 410 });
  }
  const secret = account.totpSecret;
  const svg = await qrCodeSvg(otpauthUri({ secret, email: account.email }));
  return { status: "ready" as const, email: account.email, role: account.role, secret: groupedSecret(secret), svg };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { services, ip, staff } = consoleContext(context);
  const state = await consume(services.staffLimits.setupIp, ip);
  if (!state.allowed) return data({ status: "refused" as const, message: TOO_MANY, fields: {} as FieldErrors }, { status: 429 });
  const parsed = setupSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) {
    const fields = z.flattenError(parsed.error).fieldErrors;
    return data(
      { status: "refused" as const, message: undefined, fields: { password: fields.password?.[0], confirm: fields.confirm?.[0], code: fields.code?.[0] } },
      { status: 400 }
    );
  }
  const result = await completeSetup(services.store.db, { token: params.token ?? "", password: parsed.data.password, code: parsed.data.code, ip });
  if (result.status === "invalid-token") return data({ status: "refused" as const, message: INVALID_LINK, fields: {} as FieldErrors }, { status: 410 });
  if (result.status === "wrong-code") {
    return data(
      {
        status: "refused" as const,
        message: undefined,
        fields: { code: "That code is not right. Check the clock of your phone and type the code your app shows now." } as FieldErrors,
      },
      { status: 400 }
    );
  }
  // Set up and signed in: the password and the authenticator's code were both given just now.
  const cookie = await services.staffSessions.start({ staffId: result.staffId, ip, verified: true, replacing: staff?.sessionId });
  return data({ status: "done" as const, recoveryCodes: result.recoveryCodes }, { headers: { "Set-Cookie": cookie } });
}

export default function Setup() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";

  if (answer?.status === "done") {
    return (
      <main className={ui.centred}>
        <div className={`${ui.narrowCard} ${styles.card}`}>
          <h1>Your account is ready</h1>
          <p className={ui.notice.ok}>You are signed in.</p>
          <RecoveryCodes codes={answer.recoveryCodes} />
          <p>
            <a href="/" className={ui.button.primary}>
              I have saved them: continue to the console
            </a>
          </p>
        </div>
      </main>
    );
  }

  if (page.status === "invalid") {
    return (
      <main className={ui.centred}>
        <div className={ui.narrowCard}>
          <h1>This link cannot be used</h1>
          <p>{page.message}</p>
          <p>
            <a href="/login">Sign in</a>
          </p>
        </div>
      </main>
    );
  }

  const fields: FieldErrors = answer?.status === "refused" ? answer.fields : {};
  return (
    <main className={ui.centred}>
      <div className={`${ui.narrowCard} ${styles.card}`}>
        <h1>Set up your account</h1>
        <p className={ui.lead}>
          {page.email} · {page.role}
        </p>
        <Form method="post" className={ui.form} noValidate>
          <FormError message={answer?.status === "refused" ? answer.message : undefined} />
          <ol className={styles.steps}>
            <li>
              <div className={ui.field}>
                <TextField
                  name="password"
                  label="Choose a password"
                  hint={`At least ${STAFF_PASSWORD_MIN} characters. A few words you remember work well.`}
                  type="password"
                  autoComplete="new-password"
                  required
                  minLength={STAFF_PASSWORD_MIN}
                  maxLength={STAFF_PASSWORD_MAX}
                  error={fields.password}
                />
                <TextField name="confirm" label="The same password again" type="password" autoComplete="new-password" required error={fields.confirm} />
              </div>
            </li>
            <li>
              <div className={ui.field}>
                <p>Add this account to your authenticator app: scan the QR code, or type the key.</p>
                <div
                  className={styles.qr}
                  role="img"
                  aria-label={`QR code for the authenticator app, for ${page.email}`}
                  dangerouslySetInnerHTML={{ __html: page.svg }}
                />
                <p>
                  Key:{" "}
                  <code className={styles.secret} data-testid="totp-secret">
                    {page.secret}
                  </code>
                </p>
              </div>
            </li>
            <li>
              <div className={ui.field}>
                <TextField
                  name="code"
                  label="The 6-digit code your app shows"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  maxLength={7}
                  error={fields.code}
                />
              </div>
            </li>
          </ol>
          <div>
            <button type="submit" className={ui.button.primary} disabled={busy}>
              Finish set-up
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}
