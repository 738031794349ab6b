import type { Logger } from "../log";
import type { SmsSender } from "./sender";

export type TwilioSettings = {
  /** SMS_URL: https://api.twilio.com (or a stand-in that speaks the same API). */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** A Twilio number in E.164 or an alphanumeric sender id; or a messaging service that picks one. */
  from?: string;
  messagingServiceSid?: string;
  /** How long to wait for Twilio's answer; tests shorten it. */
  timeoutMs?: number;
};

/** A code is worth nothing after a few minutes: a provider that has not answered by then has failed. */
const TIMEOUT_MS = 10_000;

/**
 * Twilio's Messages resource (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded,
 * HTTP basic auth with the account SID and auth token). One endpoint, so a fetch call rather than
 * Twilio's full client. A refusal is logged with Twilio's error code and thrown; the message text
 * (it holds the confirmation code), the phone number and Twilio's error text (it may quote the
 * number) are never logged.
 */
export function createTwilioSmsSender(settings: TwilioSettings, log: Logger): SmsSender {
  const endpoint = new URL(`/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`, settings.apiUrl);
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
  return {
    kind: "twilio",
    async send(message) {
      const form = new URLSearchParams({ To: message.to, Body: message.text });
      if (settings.messagingServiceSid) form.set("MessagingServiceSid", settings.messagingServiceSid);
      else form.set("From", settings.from!);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
          body: form,
          signal: AbortSignal.timeout(settings.timeoutMs ?? TIMEOUT_MS),
        });
      } catch (error) {
        log.error({ siteId: message.siteId, err: { name: (error as Error).name, message: (error as Error).message } }, "sms not sent: Twilio did not answer");
        throw new Error("The text message could not be sent", { cause: error });
      }
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; status?: string; code?: number; message?: string };
      if (!response.ok) {
        log.error({ siteId: message.siteId, status: response.status, twilioCode: answer.code }, "sms not sent: Twilio refused it");
        throw new Error(`The text message was refused (${response.status}${answer.code ? `, Twilio error ${answer.code}` : ""})`);
      }
      log.info({ siteId: message.siteId, sid: answer.sid, status: answer.status }, "sms sent");
    },
  };
}
