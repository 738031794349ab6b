import type { Services } from "../http/request-context";
import { brandedMail } from "../mail/messages";
import { queueMail } from "../mail/outbox";
import type { MailMessage } from "../mail/transport";
import { mailRecipient, notificationMailParts, type MailRecipient } from "./recipient";

type Sender = { name: string; profileId: number };

export type NotificationMail =
  | { kind: "new_messages"; senders: Sender[]; count: number } // batched: one mail for a burst
  | { kind: "new_conversations"; senders: Sender[]; count: number }
  | { kind: "like"; profile: Sender; match: boolean };

/** A mail names this many senders; more are "and 2 others". */
const NAMED_SENDERS = 3;

/**
 * Queues one notification mail to a member (mail_outbox, via queueMail) in their language and brand, with
 * List-Unsubscribe headers and a visible unsubscribe link, unless e-mail is disabled for them
 * (notifications_disabled non-empty, or wantsNotification(email) false, or account not confirmed/deleted/banned).
 * Answers whether it queued. The caller kicks services.mailer afterwards.
 */
export async function queueNotificationMail(
  services: Services,
  { siteId, accountId, mail }: { siteId: string; accountId: number; mail: NotificationMail },
): Promise<boolean> {
  return services.store.db.transaction().execute(async (tx) => {
    const recipient = await mailRecipient(services, tx, { siteId, accountId, kind: mail.kind });
    if (!recipient) return false;
    const kind = mail.kind === "like" && mail.match ? "match" : mail.kind;
    await queueMail(tx, { siteId, accountId, kind: `notification.${kind}`, message: notificationMessage(recipient, mail) });
    return true;
  });
}

/** "Anna, Eva and 2 others", in the member's language. */
export function senderNames(recipient: Pick<MailRecipient, "t" | "language">, senders: Sender[], count: number): string {
  const names = [...new Set(senders.map((sender) => sender.name))];
  const named = names.slice(0, NAMED_SENDERS);
  const others = Math.max(names.length - named.length, 0);
  const parts = others > 0 ? [...named, recipient.t("mail:notification.others", { count: others })] : named;
  if (parts.length === 0) return recipient.t("mail:notification.someone", { count });
  return new Intl.ListFormat(recipient.language, { type: "conjunction" }).format(parts);
}

/** The mail for one notification, in the recipient's language and brand. */
export function notificationMessage(recipient: MailRecipient, mail: NotificationMail): MailMessage {
  const { site, t, origin } = recipient;
  const common = notificationMailParts(recipient);
  if (mail.kind === "like") {
    const vars = { site: site.name, name: mail.profile.name };
    const key = mail.match ? "match" : "like";
    const link = mail.match ? `${origin}/members/${mail.profile.profileId}/chat` : `${origin}/likes`;
    return brandedMail({
      ...common,
      subject: t(`mail:${key}.subject`, vars),
      intro: t(`mail:${key}.intro`, vars),
      action: { button: t(`mail:${key}.button`, vars), link },
    });
  }
  const key = mail.kind === "new_messages" ? "newMessages" : "newConversations";
  const vars = { site: site.name, names: senderNames(recipient, mail.senders, mail.count), count: mail.count };
  return brandedMail({
    ...common,
    subject: t(`mail:${key}.subject`, vars),
    intro: t(`mail:${key}.intro`, vars),
    action: { button: t(`mail:${key}.button`, vars), link: `${origin}/chats` },
  });
}
