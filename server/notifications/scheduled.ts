import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import type { Services } from "../http/request-context";
import { queueMail } from "../mail/outbox";
import type { MailMessage } from "../mail/transport";
import type { NotificationKind } from "./preferences";
import { mailRecipient, type MailRecipient } from "./recipient";
import { claimSend } from "./sends";

/** Thrown inside the transaction when there is nothing to say after all: the claim in the sends log is undone. */
class NothingToSend extends Error {}

type ScheduledMail = {
  siteId: string;
  accountId: number;
  kind: NotificationKind;
  /** What the mail is about: the sends log holds one row per member, kind and this. */
  about: string;
  /** Activation reminders go to unconfirmed accounts. */
  status?: "confirmed" | "not_confirmed";
  /** The mail, or undefined when there is nothing to tell (then nothing is sent or recorded). */
  render: (recipient: MailRecipient, tx: Transaction<Database>) => Promise<MailMessage | undefined>;
};

/**
 * Queues one scheduled or campaign mail, once: in one transaction the member is checked (brand,
 * deleted, banned, notifications_disabled, preference), the send is claimed in the sends log, the
 * mail is made and queued. Answers whether it was queued; the caller kicks the mailer after a batch.
 */
export async function queueScheduledMail(services: Services, mail: ScheduledMail): Promise<boolean> {
  try {
    return await services.store.db.transaction().execute(async (tx) => {
      const recipient = await mailRecipient(services, tx, { siteId: mail.siteId, accountId: mail.accountId, kind: mail.kind, status: mail.status });
      if (!recipient) return false;
      if (!(await claimSend(tx, { siteId: mail.siteId, accountId: mail.accountId, kind: mail.kind, about: mail.about }))) return false;
      // Made after the claim: making it may have effects (a fresh activation link) that must not happen twice.
      const message = await mail.render(recipient, tx);
      if (!message) throw new NothingToSend();
      await queueMail(tx, { siteId: mail.siteId, accountId: mail.accountId, kind: `${mail.kind}.${mail.about.split(":")[0]}`, message });
      return true;
    });
  } catch (error) {
    if (error instanceof NothingToSend) return false;
    throw error;
  }
}
