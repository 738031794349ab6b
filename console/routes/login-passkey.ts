import type { ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "../../app/lib/safe-redirect";
import { blockedFor, consume, minutesFrom } from "../../server/accounts/limits";
import { consoleContext } from "../../server/support/console-context";
import { authenticationOptions, finishAuthentication, relyingParty } from "../../server/support/passkeys";
import { lockedMessage } from "../../server/support/staff-sign-in";

type CeremonyRequest = { step?: unknown; response?: unknown; next?: unknown };

/**
 * The second step with a passkey, for a session that gave its password: `{ step: "options" }`
 * answers the options (and keeps their challenge), `{ step: "verify", response }` checks the
 * browser's answer and starts the verified session. Failures count toward the second step's lockout.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { services, staff, ip, origin } = consoleContext(context);
  const body = (await request.json().catch(() => undefined)) as CeremonyRequest | undefined;
  if (!staff) return Response.json({ message: "Sign in with your password first." }, { status: 401 });
  if (staff.verified) return Response.json({ status: "ok", redirectTo: safeRedirect(typeof body?.next === "string" ? body.next : undefined) });

  const stores = { db: services.store.db, bus: services.bus };
  const rp = relyingParty(origin);
  const limiterKey = String(staff.id);
  const locked = await blockedFor(services.staffLimits.secondFactor, limiterKey);
  if (locked > 0) return Response.json({ message: lockedMessage(minutesFrom(locked)) }, { status: 429 });

  if (body?.step === "options") {
    const options = await authenticationOptions(stores, { staffId: staff.id, sessionId: staff.sessionId, rp });
    if (!options) return Response.json({ message: "This account has no passkey. Use your authenticator app's code." }, { status: 400 });
    return Response.json({ options });
  }
  if (body?.step !== "verify") return Response.json({ message: "Not a passkey request." }, { status: 400 });

  const result = await finishAuthentication(stores, { staffId: staff.id, sessionId: staff.sessionId, rp, response: body.response, ip });
  if (result.status === "failed") {
    const state = await consume(services.staffLimits.secondFactor, limiterKey);
    const message = !state.allowed || state.remaining === 0 ? lockedMessage(minutesFrom(state.msBeforeNext)) : result.message;
    return Response.json({ message }, { status: 400 });
  }
  await services.staffLimits.secondFactor.delete(limiterKey);
  const cookie = await services.staffSessions.start({ staffId: staff.id, ip, verified: true, replacing: staff.sessionId });
  return Response.json({ status: "ok", redirectTo: safeRedirect(typeof body.next === "string" ? body.next : undefined) }, { headers: { "Set-Cookie": cookie } });
}
