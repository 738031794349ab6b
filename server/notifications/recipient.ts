import type { TFunction } from "i18next";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";
import type { Services } from "../http/request-context";
import { isLanguage, translationLanguage } from "../i18n/languages";
import type { Recipient } from "../mail/messages";
import type { Site } from "../sites/schema";
import { wantsNotification, type NotificationKind } from "./preferences";
import { signUnsubscribeToken } from "./unsubscribe-token";

/** A member a notification mail may go to, in their brand and language, with their unsubscribe link for the kind. */
export type MailRecipient = Recipient & { unsubscribe: { link: string; text: string } };

/** A member's language on a brand (the brand's when theirs is not one we speak) and a translator into it, for work outside a request. */
export function memberLanguage(services: Pick<Services, "i18n">, site: Site, member: { language: string; country: string }): { language: string; t: TFunction } {
  const language = isLanguage(member.language) ? member.language : site.domain_language;
  return { language, t: services.i18n.getFixedT(translationLanguage(language, member.country)) as TFunction };
}

/**
 * The member, when this kind of mail may go to them now: the account is on the brand, neither deleted
 * nor banned, e-mail is not disabled for it (bounce, spam report, list-unsubscribe: every such reason
 * stops all but transactional mail) and the member wants the kind by e-mail. Activation reminders go
 * to unconfirmed accounts; everything else to confirmed ones.
 */
export async function mailRecipient(
  services: Pick<Services, "sites" | "i18n" | "mailLinks">,
  db: Kysely<Database> | Transaction<Database>,
  { siteId, accountId, kind, status = "confirmed" }: { siteId: string; accountId: number; kind: NotificationKind; status?: "confirmed" | "not_confirmed" },
): Promise<MailRecipient | undefined> {
  const site = services.sites.byId(siteId);
  if (!site) return undefined;
  const account = await db
    .selectFrom("accounts")
    .leftJoin("profiles", "profiles.account_id", "accounts.id")
    .select(["accounts.email", "accounts.language", "accounts.country", "accounts.notifications_disabled", "profiles.name"])
    .where("accounts.id", "=", accountId)
    .where("accounts.site_id", "=", siteId)
    .where("accounts.status", "=", status)
    .where("accounts.banned_at", "is", null)
    .where("accounts.deleted_at", "is", null)
    .executeTakeFirst();
  if (!account || account.notifications_disabled.length > 0) return undefined;
  if (!(await wantsNotification(db, { accountId, kind, channel: "email" }))) return undefined;
  const { language, t } = memberLanguage(services, site, account);
  const origin = services.mailLinks.origin(site);
  const token = signUnsubscribeToken(services.mailLinks.secrets, { siteId, accountId, kind });
  return {
    site,
    t,
    language,
    origin,
    to: account.email,
    name: account.name ?? "",
    unsubscribe: { link: `${origin}/unsubscribe/${token}`, text: t("mail:unsubscribe.footer", { kind: t(`mail:kinds.${kind}`) }) },
  };
}

/** The parts every notification mail shares, in the recipient's brand and language: greeting, closing, why it came, how to stop it. */
export function notificationMailParts(recipient: MailRecipient) {
  const { site, t } = recipient;
  return {
    site,
    language: recipient.language,
    origin: recipient.origin,
    to: recipient.to,
    greeting: t("mail:greeting", { name: recipient.name }),
    closing: t("mail:notification.settings", { site: site.name }),
    reason: t("mail:notification.reason", { site: site.name }),
    unsubscribe: recipient.unsubscribe,
  };
}
