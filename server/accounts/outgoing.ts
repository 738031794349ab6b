import type { TFunction } from "i18next";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema";
import { linkMail, mailChangedMail, type LinkMailKind } from "../mail/messages";
import { queueMail } from "../mail/outbox";
import type { Site } from "../sites/schema";
import { maskEmail } from "./email-address";
import { createLink } from "./links";

/** What a flow needs to write to a member: the brand, where its mail links point (linkOrigin), their language. */
export type Outgoing = { site: Site; origin: string; t: TFunction; language: string };

const PURPOSE = { activation: "activation", passwordReset: "password_reset", mailChange: "mail_change", reactivation: "reactivation" } as const;
/** Where a reactivation link (mailed, or made for a login within the grace: ./reactivation.ts) opens its page. */
export const REACTIVATE_PATH = "/account-deleted/reactivate";
const PATH = { activation: "/activate", passwordReset: "/reset-password/do", mailChange: "/mail-change/do", reactivation: REACTIVATE_PATH } as const;

/** Creates a single-use link and queues the e-mail that carries it, in the caller's transaction. */
export async function queueLinkMail(
  tx: Transaction<Database>,
  { kind, outgoing, accountId, to, name, validFor, newEmail }: {
    kind: LinkMailKind;
    outgoing: Outgoing;
    accountId: number;
    to: string;
    name: string;
    validFor: { days: number } | { hours: number };
    newEmail?: string;
  },
): Promise<void> {
  const validForMs = "days" in validFor ? validFor.days * 86_400_000 : validFor.hours * 3_600_000;
  const token = await createLink(tx, { accountId, purpose: PURPOSE[kind], validForMs, newEmail });
  const link = `${outgoing.origin}${PATH[kind]}?token=${token}`;
  const message = linkMail({ kind, ...outgoing, to, name, link, validFor });
  await queueMail(tx, { siteId: outgoing.site.id, accountId, kind, message });
}

/** Queues the notice to an account's former address that it was changed, in the caller's transaction. */
export async function queueMailChangedNotice(
  tx: Transaction<Database>,
  { outgoing, accountId, oldEmail, newEmail, name }: { outgoing: Outgoing; accountId: number; oldEmail: string; newEmail: string; name: string },
): Promise<void> {
  const message = mailChangedMail({ ...outgoing, to: oldEmail, name, maskedEmail: maskEmail(newEmail) });
  await queueMail(tx, { siteId: outgoing.site.id, accountId, kind: "mailChanged", message });
}
