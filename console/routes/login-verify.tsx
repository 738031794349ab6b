import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { safeRedirect } from "../../app/lib/safe-redirect";
import { consoleContext, type SignedInStaff } from "../../server/support/console-context";
import { hasPasskeys } from "../../server/support/passkeys";
import { checkSecondFactor, secondFactorMessage } from "../../server/support/staff-sign-in";
import { PasskeySignIn } from "../components/passkey-ceremony";
import { TextField } from "../components/text-field";
import * as ui from "../styles/ui.css";

export const meta: MetaFunction = () => [{ title: "Second factor · Amora support" }];

const codeSchema = z.object({
  code: z.string().trim().min(1, "Enter the code of your authenticator app, or a recovery code.").max(40, "This is not a code of ours."),
  next: z.string().max(2000).optional(),
});

/** The session that gave its password (the access rule lets no other in); a verified one goes on. */
function passwordSession(context: unknown, next: string | null | undefined): SignedInStaff {
  const { staff } = consoleContext(context);
  if (!staff) throw redirect("/login");
  if (staff.verified) throw redirect(safeRedirect(next));
  return staff;
}

export async function loader({ context }: LoaderFunctionArgs) {
  const { services, url } = consoleContext(context);
  const next = url.searchParams.get("next") ?? "";
  const staff = passwordSession(context, next);
  return { email: staff.email, passkeys: await hasPasskeys(services.store.db, staff.id), next: safeRedirect(next) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services, ip } = consoleContext(context);
  const form = Object.fromEntries(await request.formData());
  const staff = passwordSession(context, typeof form.next === "string" ? form.next : undefined);
  const parsed = codeSchema.safeParse(form);
  if (!parsed.success) return data({ error: z.flattenError(parsed.error).fieldErrors.code?.[0] }, { status: 400 });
  const check = await checkSecondFactor(services.store.db, services.staffLimits, { staffId: staff.id, code: parsed.data.code, ip });
  if (check.status !== "ok") return data({ error: secondFactorMessage(check) }, { status: check.status === "locked" ? 429 : 400 });
  const cookie = await services.staffSessions.start({ staffId: staff.id, ip, verified: true, replacing: staff.sessionId });
  throw redirect(safeRedirect(parsed.data.next), { headers: { "Set-Cookie": cookie } });
}

export default function LoginVerify() {
  const { email, passkeys, next } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <main className={ui.centred}>
      <div className={ui.narrowCard}>
        <h1>Second factor</h1>
        <p className={ui.lead}>Signing in as {email}.</p>
        <div className={ui.form}>
          {passkeys ? <PasskeySignIn next={next} /> : null}
          <Form method="post" className={ui.form} noValidate>
            <input type="hidden" name="next" value={next} />
            <TextField
              name="code"
              label="Code"
              hint="The 6-digit code your authenticator app shows, or one of your recovery codes."
              autoComplete="one-time-code"
              required
              spellCheck={false}
              autoCapitalize="none"
              error={answer?.error}
            />
            <div>
              <button type="submit" className={ui.button.primary} disabled={busy}>
                Verify
              </button>
            </div>
          </Form>
          <Form method="post" action="/logout">
            <button type="submit" className={ui.button.secondary}>
              Cancel and sign out
            </button>
          </Form>
        </div>
      </div>
    </main>
  );
}
