import type { Outgoing } from "../../server/accounts/outgoing";
import { publishToMember } from "../../server/chat/events";
import { primaryOrigin } from "../../server/mail/link-origin";
import { memberLanguage } from "../../server/notifications/recipient";
import type { Site } from "../../server/sites/schema";
import { actorOf, consoleContext, requirePermission, type ConsoleContext } from "../../server/support/console-context";
import {
  ADJUST_KEY,
  ADJUST_REASON_MAX,
  ADJUST_REASON_MIN,
  adjustCredits,
  banMember,
  clearLoginLockout,
  endSessions,
  liftBan,
  NOTE_MAX,
  resendActivationMail,
  setProfileHidden,
  type Restricted,
} from "../../server/support/member-measures";
import { refundMemberPayment } from "../../server/support/member-refund";
import type { Permission } from "../../server/support/roles";

/**
 * The measures of a member's page (/members/:id), one form each, told apart by `intent`. Each
 * intent needs its own permission, checked here whatever the page showed: a forged form from a
 * role without it gets 403 before anything is read.
 */
const PERMISSION_OF: Record<string, Permission> = {
  adjust: "money:change",
  refund: "money:change",
  "end-sessions": "members:manage",
  "clear-lockout": "members:manage",
  "resend-activation": "members:manage",
  ban: "members:restrict",
  "lift-ban": "members:restrict",
  hide: "members:restrict",
  show: "members:restrict",
};

type Field = "delta" | "reason" | "note";

export type IntentAnswer = {
  intent: string | undefined;
  status: number;
  notice?: string;
  formError?: string;
  fieldErrors?: Partial<Record<Field, string>>;
  /** What was sent, to fill the form again after a refusal (without JavaScript too). */
  values?: Record<string, string>;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

export async function runMemberIntent({ request, context, accountId }: { request: Request; context: unknown; accountId: number }): Promise<IntentAnswer> {
  const form = await request.formData();
  const intent = text(form, "intent");
  if (!Object.hasOwn(PERMISSION_OF, intent)) return { intent: undefined, status: 400, formError: "Unknown request." };
  requirePermission(context, PERMISSION_OF[intent] as Permission);
  const ctx = consoleContext(context);
  const site = ctx.services.sites.byId(new URL(request.url).searchParams.get("site") ?? "");
  if (!site || !Number.isSafeInteger(accountId) || accountId <= 0) return { intent, status: 404, formError: "No member of this brand has this id." };
  const target = { db: ctx.services.store.db, actor: actorOf(context), siteId: site.id, accountId };

  switch (intent) {
    case "adjust":
      return adjust(form, target);
    case "refund":
      return refund(form, ctx, site, target);
    case "end-sessions": {
      const ended = await endSessions(target);
      if (ended.status === "not_found") return notFound(intent);
      await closeLiveTabs(ctx, target);
      return { intent, status: 200, notice: ended.ended === 1 ? "Ended 1 session." : `Ended ${ended.ended} sessions.` };
    }
    case "clear-lockout": {
      const cleared = await clearLoginLockout({ ...target, limits: ctx.services.limits });
      if (cleared.status === "not_found") return notFound(intent);
      return { intent, status: 200, notice: "The lockout is cleared: the member can sign in again." };
    }
    case "resend-activation": {
      const sent = await resendActivationMail({ ...target, outgoingFor: (member) => outgoingFor(ctx, site, member) });
      if (sent.status === "not_found") return notFound(intent);
      if (sent.status === "already_confirmed") return { intent, status: 409, formError: "The account is confirmed already: there is nothing to activate." };
      await ctx.services.mailer.deliverFor(accountId);
      return { intent, status: 200, notice: "A new activation link is on its way; earlier links no longer work." };
    }
    default:
      return restrict(intent, form, target, ctx);
  }
}

const notFound = (intent: string): IntentAnswer => ({ intent, status: 404, formError: "No member of this brand has this id." });

type Target = Parameters<typeof adjustCredits>[0] extends infer T ? Omit<T, "delta" | "reason" | "key"> : never;

async function adjust(form: FormData, target: Target): Promise<IntentAnswer> {
  const intent = "adjust";
  const values = { delta: text(form, "delta"), reason: text(form, "reason") };
  const fieldErrors: IntentAnswer["fieldErrors"] = {};
  const delta = /^[+-]?\d{1,7}$/.test(values.delta) ? Number(values.delta) : Number.NaN;
  if (!Number.isSafeInteger(delta) || delta === 0) fieldErrors.delta = "Give a whole number of credits other than 0, such as 25 or -10.";
  if (values.reason.length < ADJUST_REASON_MIN || values.reason.length > ADJUST_REASON_MAX) {
    fieldErrors.reason = `Give a reason of ${ADJUST_REASON_MIN} to ${ADJUST_REASON_MAX} characters.`;
  }
  if (fieldErrors.delta || fieldErrors.reason) return { intent, status: 400, fieldErrors, values };
  const key = text(form, "key");
  if (!ADJUST_KEY.test(key)) return { intent, status: 400, formError: "This form is out of date: load the page again.", values };

  const result = await adjustCredits({ ...target, delta, reason: values.reason, key });
  switch (result.status) {
    case "not_found":
      return notFound(intent);
    case "insufficient":
      return {
        intent,
        status: 409,
        values,
        fieldErrors: { delta: `The balance is ${result.balance} credits: taking ${-delta} would leave it below 0. Nothing was booked.` },
      };
    case "duplicate":
      return { intent, status: 200, notice: `This adjustment was booked already; nothing changed. The balance is ${result.balance}.` };
    case "applied":
      return { intent, status: 200, notice: `Booked ${delta > 0 ? "+" : ""}${delta} credits. The balance is now ${result.balance}.` };
  }
}

async function refund(form: FormData, ctx: ConsoleContext, site: Site, target: Target): Promise<IntentAnswer> {
  const intent = "refund";
  const paymentText = text(form, "payment");
  const values = { payment: paymentText };
  const paymentId = /^[1-9]\d{0,14}$/.test(paymentText) ? Number(paymentText) : undefined;
  if (!paymentId) return { intent, status: 400, formError: "Choose a payment to refund.", values };
  const result = await refundMemberPayment({ services: ctx.services, actor: target.actor, site, accountId: target.accountId, paymentId });
  if (result.status === "refunded") {
    const spent = result.creditsNotTakenBack > 0 ? `; ${result.creditsNotTakenBack} were spent already and stay spent` : "";
    return { intent, status: 200, values, notice: `Payment ${paymentId} is refunded. ${result.creditsTakenBack} credits were taken back${spent}.` };
  }
  if (result.status === "pending") {
    return { intent, status: 200, values, notice: `The provider accepted the refund of payment ${paymentId}; it confirms it later, and the credits are taken back then.` };
  }
  const refusals: Record<typeof result.reason, [number, string]> = {
    not_found: [404, "This member has no such payment."],
    not_paid: [409, "Only a paid payment can be refunded."],
    refund_window_passed: [409, `The brand's refund period (${site.refund_days} days after payment) has passed.`],
    already_requested: [409, "A refund of this payment was asked for already; it is not asked twice."],
    provider_error: [502, "The payment provider did not take the refund; nothing changed. Try again later."],
  };
  const [status, formError] = refusals[result.reason];
  return { intent, status, formError, values };
}

async function restrict(intent: string, form: FormData, target: Target, ctx: ConsoleContext): Promise<IntentAnswer> {
  const note = text(form, "note");
  if (note.length > NOTE_MAX) return { intent, status: 400, fieldErrors: { note: `Keep the note under ${NOTE_MAX} characters.` }, values: { note } };
  let result: Restricted;
  const done: Record<string, [string, string]> = {
    ban: ["The member is banned: every session ended and the profile is hidden.", "The member was banned already."],
    "lift-ban": ["The ban is lifted. The profile stays hidden until you show it.", "The member was not banned."],
    hide: ["The profile is hidden from everyone.", "The profile was not showing."],
    show: ["The profile shows again.", "The profile was not hidden."],
  };
  if (intent === "ban") {
    result = await banMember({ ...target, note });
    if (result.status === "done") await closeLiveTabs(ctx, target);
  } else if (intent === "lift-ban") result = await liftBan({ ...target, note });
  else result = await setProfileHidden({ ...target, hidden: intent === "hide", note });
  if (result.status === "not_found") return notFound(intent);
  if (result.status === "banned") return { intent, status: 409, formError: "Lift the ban first: a banned member's profile stays hidden." };
  const [changed, unchanged] = done[intent] ?? ["Done.", "Nothing changed."];
  return { intent, status: 200, notice: result.status === "done" ? changed : unchanged };
}

/** Ended sessions end the member's open event streams too, on every instance (see the live hub). */
async function closeLiveTabs(ctx: ConsoleContext, { db, accountId }: { db: ConsoleContext["services"]["store"]["db"]; accountId: number }) {
  const profile = await db.selectFrom("profiles").select("id").where("account_id", "=", accountId).executeTakeFirst();
  if (profile) await publishToMember(ctx.services.bus, ctx.log, profile.id, { type: "signed-out" });
}

/** How a brand's e-mail reaches the member: its brand, where its links point, in the member's language. */
function outgoingFor(ctx: ConsoleContext, site: Site, member: { language: string; country: string }): Outgoing {
  const { language, t } = memberLanguage(ctx.services, site, member);
  // Outside production a brand answers on <site-id>.localhost at the console's port, as the tests and the demo open it.
  const port = ctx.url.port ? `:${ctx.url.port}` : "";
  const origin = ctx.services.production ? primaryOrigin(site) : `${ctx.url.protocol}//${site.id}.localhost${port}`;
  return { site, origin, t, language };
}
