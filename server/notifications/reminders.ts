import { sql } from "kysely";
import { createLink, revokeLinks } from "../accounts/links";
import { ACTIVATION_DAYS } from "../accounts/signup";
import type { Services } from "../http/request-context";
import { brandedMail } from "../mail/messages";
import { notificationMailParts } from "./recipient";
import { queueScheduledMail } from "./scheduled";

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Unread-message reminders: a day after the oldest unread message, and three days after. */
export const UNREAD_REMINDER_HOURS = [24, 72] as const;
/** Messages older than this are no reason for a reminder any more (nor is a member who has not looked in a week). */
const UNREAD_WINDOW_MS = 7 * DAY_MS;
/** Activation reminders: a day and three days after signing up, while the account is unconfirmed. */
export const ACTIVATION_REMINDER_DAYS = [1, 3] as const;
/** Members looked at per brand and run; the rest wait for the next run (every few minutes). */
const BATCH = 200;

type UnreadCandidate = { account_id: number; profile_id: number; first_id: number; count: number; stage: string };

/**
 * Unread-message reminders (kind unread_message_reminders): to each member whose oldest unread message
 * of another member is 24 h old, and again at 72 h. What a reminder is about is that message and the
 * stage, so each goes once, and a later unread message starts again. Answers how many were queued.
 */
export async function sendUnreadReminders(services: Services, now = new Date()): Promise<number> {
  const db = services.store.db;
  const [first, second] = UNREAD_REMINDER_HOURS;
  const firstDue = new Date(now.getTime() - first * HOUR_MS);
  const secondDue = new Date(now.getTime() - second * HOUR_MS);
  const windowStart = new Date(now.getTime() - UNREAD_WINDOW_MS);
  let queued = 0;
  for (const site of services.sites.all()) {
    // One row per member: the oldest unread message within the window and how many there are.
    const { rows } = await sql<UnreadCandidate>`
      select * from (
        select a.id as account_id, p.id as profile_id, min(m.id) as first_id, count(*)::int as count,
          case when min(m.created_at) <= ${secondDue} then ${`${second}h`} else ${`${first}h`} end as stage
        from accounts a
        join profiles p on p.account_id = a.id
        join conversation_members cm on cm.profile_id = p.id and cm.hidden = false and cm.unread_count > 0
        join messages m on m.conversation_id = cm.conversation_id and m.id > cm.read_through and m.sender_id = cm.other_profile_id
        where a.site_id = ${site.id} and a.status = 'confirmed' and a.banned_at is null and a.deleted_at is null
          and cardinality(a.notifications_disabled) = 0 and m.created_at > ${windowStart}
        group by a.id, p.id
        having min(m.created_at) <= ${firstDue}
      ) due
      where not exists (
        select 1 from notification_sends s
        where s.account_id = due.account_id and s.kind = 'unread_message_reminders'
          and s.about = 'unread:' || due.first_id || ':' || due.stage
      )
      order by due.account_id
      limit ${BATCH}
    `.execute(db);
    for (const row of rows) {
      const sent = await queueScheduledMail(services, {
        siteId: site.id,
        accountId: Number(row.account_id),
        kind: "unread_message_reminders",
        about: `unread:${row.first_id}:${row.stage}`,
        render: async (recipient, tx) => {
          const senders = await tx
            .selectFrom("conversation_members")
            .innerJoin("profiles", "profiles.id", "conversation_members.other_profile_id")
            .select("profiles.name")
            .where("conversation_members.profile_id", "=", Number(row.profile_id))
            .where("conversation_members.unread_count", ">", 0)
            .where("conversation_members.hidden", "=", false)
            .orderBy("conversation_members.conversation_id", "desc")
            .limit(3)
            .execute();
          const { t } = recipient;
          const names = new Intl.ListFormat(recipient.language, { type: "conjunction" }).format(senders.map((sender) => sender.name));
          const vars = { site: site.name, count: Number(row.count), names };
          return brandedMail({
            ...notificationMailParts(recipient),
            subject: t("mail:unreadReminder.subject", vars),
            intro: t(names ? "mail:unreadReminder.intro" : "mail:unreadReminder.introNoNames", vars),
            action: { button: t("mail:unreadReminder.button", vars), link: `${recipient.origin}/chats` },
          });
        },
      });
      if (sent) queued += 1;
    }
  }
  if (queued > 0) services.mailer.kick();
  return queued;
}

type ActivationCandidate = { id: number; stage: string };

/**
 * Activation reminders (kind reminders): a day and three days after signing up, to accounts still
 * unconfirmed, each with a fresh activation link (the earlier links stop working, as with "send again").
 */
export async function sendActivationReminders(services: Services, now = new Date()): Promise<number> {
  const db = services.store.db;
  const [first, second] = ACTIVATION_REMINDER_DAYS;
  const firstDue = new Date(now.getTime() - first * DAY_MS);
  const secondDue = new Date(now.getTime() - second * DAY_MS);
  // Past the first link's life the member has long forgotten signing up: no more reminders.
  const oldest = new Date(now.getTime() - ACTIVATION_DAYS * DAY_MS);
  let queued = 0;
  for (const site of services.sites.all()) {
    const { rows } = await sql<ActivationCandidate>`
      select * from (
        select a.id, case when a.created_at <= ${secondDue} then ${`${second}d`} else ${`${first}d`} end as stage
        from accounts a
        where a.site_id = ${site.id} and a.status = 'not_confirmed' and a.banned_at is null and a.deleted_at is null
          and cardinality(a.notifications_disabled) = 0 and a.created_at <= ${firstDue} and a.created_at > ${oldest}
      ) due
      where not exists (
        select 1 from notification_sends s where s.account_id = due.id and s.kind = 'reminders' and s.about = 'activation:' || due.stage
      )
      order by due.id
      limit ${BATCH}
    `.execute(db);
    for (const row of rows) {
      const accountId = Number(row.id);
      const sent = await queueScheduledMail(services, {
        siteId: site.id,
        accountId,
        kind: "reminders",
        about: `activation:${row.stage}`,
        status: "not_confirmed",
        render: async (recipient, tx) => {
          await revokeLinks(tx, { accountId, purposes: ["activation"] });
          const token = await createLink(tx, { accountId, purpose: "activation", validForMs: ACTIVATION_DAYS * DAY_MS });
          const { t } = recipient;
          const vars = { site: site.name, days: ACTIVATION_DAYS };
          return brandedMail({
            ...notificationMailParts(recipient),
            subject: t("mail:activationReminder.subject", vars),
            intro: t("mail:activationReminder.intro", vars),
            action: { button: t("mail:activation.button", vars), link: `${recipient.origin}/activate?token=${token}`, validity: t("mail:validDays", vars), linkNote: t("mail:linkNote") },
            closing: t("mail:activation.ignore", vars),
          });
        },
      });
      if (sent) queued += 1;
    }
  }
  if (queued > 0) services.mailer.kick();
  return queued;
}
