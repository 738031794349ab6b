import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { safeRedirect } from "../../app/lib/safe-redirect";
import { consoleContext } from "../../server/support/console-context";
import { STAFF_PASSWORD_MAX } from "../../server/support/staff-form-limits";
import { checkStaffPassword, lockedMessage } from "../../server/support/staff-sign-in";
import { FormError, TextField } from "../components/text-field";
import * as ui from "../styles/ui.css";

export const meta: MetaFunction = () => [{ title: "Sign in · Amora support" }];

const loginSchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address.").max(254, "This is not an address of a staff account."),
  password: z.string().min(1, "Enter your password.").max(STAFF_PASSWORD_MAX, "This password is too long."),
  next: z.string().max(2000).optional(),
});

/** The second step's address, carrying where to go after it (only a path of this console). */
function verifyPath(next: string | null | undefined): string {
  const target = safeRedirect(next, "");
  return target && target !== "/" ? `/login/verify?next=${encodeURIComponent(target)}` : "/login/verify";
}

export function loader({ context }: LoaderFunctionArgs) {
  const { staff, url } = consoleContext(context);
  const next = url.searchParams.get("next") ?? "";
  if (staff?.verified) throw redirect(safeRedirect(next));
  return { next };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services, staff, ip } = consoleContext(context);
  const form = Object.fromEntries(await request.formData());
  const typed = typeof form.email === "string" ? form.email.slice(0, 254) : "";
  const parsed = loginSchema.safeParse(form);
  if (!parsed.success) {
    const fields = z.flattenError(parsed.error).fieldErrors;
    return data({ fields: { email: fields.email?.[0], password: fields.password?.[0] }, message: undefined, email: typed }, { status: 400 });
  }
  const { email, password, next } = parsed.data;
  const check = await checkStaffPassword(services.store.db, services.staffLimits, { email, password, ip });
  if (check.status === "ok") {
    // A new session at each step: whatever id this browser had before is worth nothing now.
    const cookie = await services.staffSessions.start({ staffId: check.staffId, ip, verified: false, replacing: staff?.sessionId });
    throw redirect(verifyPath(next), { headers: { "Set-Cookie": cookie } });
  }
  const message = check.status === "locked" ? lockedMessage(check.minutes) : "The e-mail address or password is not right.";
  return data({ fields: {}, message, email: typed }, { status: check.status === "locked" ? 429 : 400 });
}

export default function Login() {
  const { next } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const fields: { email?: string; password?: string } = answer?.fields ?? {};
  return (
    <main className={ui.centred}>
      <div className={ui.narrowCard}>
        <h1>Amora support</h1>
        <p className={ui.lead}>Sign in with your staff account. A second factor follows.</p>
        <Form method="post" className={ui.form} noValidate>
          <FormError message={answer?.message} />
          <input type="hidden" name="next" value={next} />
          <TextField name="email" label="E-mail address" type="email" autoComplete="username" required error={fields.email} defaultValue={answer?.email} spellCheck={false} autoCapitalize="none" />
          <TextField name="password" label="Password" type="password" autoComplete="current-password" required error={fields.password} />
          <div>
            <button type="submit" className={ui.button.primary} disabled={busy}>
              Sign in
            </button>
          </div>
        </Form>
      </div>
    </main>
  );
}
