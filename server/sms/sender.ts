import type { Logger } from "../log";
import { createFolderSmsSender } from "./folder";
import { createTwilioSmsSender, type TwilioSettings } from "./twilio";

/** One text message to a member's phone. */
export type SmsMessage = {
  siteId: string;
  /** E.164, such as +31612345678. */
  to: string;
  text: string;
};

/** Sends text messages (the direct-debit confirmation codes); throws when the message did not go out. */
export interface SmsSender {
  readonly kind: "folder" | "twilio";
  send(message: SmsMessage): Promise<void>;
}

/**
 * Twilio's Messages API when SMS_URL is set (its credentials from the environment), otherwise one
 * JSON file per message in DATA_DIR/sms, which the development viewer at /dev/sms lists.
 */
export function createSmsSender({ smsUrl, dataDir, secret, log }: { smsUrl?: string; dataDir: string; secret: (name: string) => string | undefined; log: Logger }): SmsSender {
  if (!smsUrl) return createFolderSmsSender(dataDir);
  return createTwilioSmsSender(twilioSettings(smsUrl, secret), log);
}

export class SmsSetupError extends Error {
  override name = "SmsSetupError";
}

/** What the adapter needs besides the URL, named so a missing one stops the start with a clear line. */
function twilioSettings(apiUrl: string, secret: (name: string) => string | undefined): TwilioSettings {
  const accountSid = secret("TWILIO_ACCOUNT_SID");
  const authToken = secret("TWILIO_AUTH_TOKEN");
  const from = secret("TWILIO_FROM");
  const messagingServiceSid = secret("TWILIO_MESSAGING_SERVICE_SID");
  const missing = [!accountSid && "TWILIO_ACCOUNT_SID", !authToken && "TWILIO_AUTH_TOKEN", !from && !messagingServiceSid && "TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID"].filter(Boolean);
  if (missing.length > 0) throw new SmsSetupError(`SMS_URL is set, so text messages go through Twilio; set ${missing.join(", ")} as well`);
  return { apiUrl, accountSid: accountSid!, authToken: authToken!, from, messagingServiceSid };
}
