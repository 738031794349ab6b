import type { ActionFunctionArgs } from "@remix-run/node";
import { findSignupMatches } from "../../server/profiles/signup-matches";
import { authenticationRequired } from "../lib/auth.server";
import { checkSignup, createSignup } from "../lib/signup.server";

/**
 * The four signup steps of §4 as separate calls, so the signup screen shows each as it really
 * happens: check data, create account, find matches, send activation mail. Without JavaScript the
 * signup page's own action runs them in one request.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const step = new URL(request.url).searchParams.get("step");
  switch (step) {
    case "check": {
      const checked = await checkSignup(context, await request.formData());
      if (checked.ok) return Response.json({ status: "ok" });
      return Response.json({ status: "error", result: checked.result }, { status: checked.tooMany ? 429 : 200 });
    }
    case "create": {
      const created = await createSignup(context, await request.formData());
      if (!created.ok) return Response.json({ status: "error", result: created.result });
      return Response.json({ status: "created", memberId: created.profileId }, { headers: created.headers });
    }
    case "matches": {
      const member = context.member;
      if (!member) return authenticationRequired();
      const matches = await findSignupMatches(context.services.store.db, { site: context.site, member, today: context.today });
      return Response.json({ status: "ok", count: matches.length });
    }
    case "activation-mail": {
      const member = context.member;
      if (!member) return authenticationRequired();
      return Response.json({ status: "ok", sent: await context.services.mailer.deliverFor(member.accountId) });
    }
    default:
      return Response.json({ status: "error", error: "unknown step" }, { status: 400 });
  }
}
