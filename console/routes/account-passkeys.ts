import type { ActionFunctionArgs } from "@remix-run/node";
import { actorOf, consoleContext, requireStaff } from "../../server/support/console-context";
import { finishRegistration, registrationOptions, relyingParty } from "../../server/support/passkeys";

type CeremonyRequest = { step?: unknown; response?: unknown; name?: unknown };

/**
 * Adding a passkey to one's own account (the account page's button): `{ step: "options" }` answers
 * the options and keeps their challenge for this session, `{ step: "verify", response, name }`
 * checks the browser's answer and keeps the passkey.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context);
  const { services, origin } = consoleContext(context);
  const body = (await request.json().catch(() => undefined)) as CeremonyRequest | undefined;
  const stores = { db: services.store.db, bus: services.bus };
  const rp = relyingParty(origin);

  if (body?.step === "options") {
    return Response.json({ options: await registrationOptions(stores, { staff, sessionId: staff.sessionId, rp }) });
  }
  if (body?.step !== "verify") return Response.json({ message: "Not a passkey request." }, { status: 400 });
  const name = typeof body.name === "string" ? body.name : "";
  const result = await finishRegistration(stores, { staffId: staff.id, sessionId: staff.sessionId, rp, response: body.response, name, actor: actorOf(context) });
  return result.status === "ok" ? Response.json({ status: "ok" }) : Response.json({ message: result.message }, { status: 400 });
}
