import type { Services } from "../http/request-context";
import { enqueueJob } from "../jobs/queue";
import type { JobHandlers } from "../jobs/registry";
import { isOnline } from "../presence/presence";
import { blockBetween } from "../profiles/blocks";
import { PUSH_RETRY_JOB, pushToMember, retryPush, vapidSubject, type PushPayload } from "../push/send";
import { queueNotificationMail, type NotificationMail } from "./mail";
import { wantsNotification, type NotificationKind } from "./preferences";
import { memberLanguage } from "./recipient";
import { LIKE_JOB, MESSAGE_MAIL_DELAY_MS, MESSAGE_MAIL_JOB, MESSAGE_SENT_JOB } from "./triggers";

/**
 * The member a notification may go to: an account on a brand, neither deleted nor banned (§4), with
 * their language for the texts. A profile the site runs has no account and is told nothing.
 */
async function reachableMember(services: Services, profileId: number) {
  const row = await services.store.db
    .selectFrom("profiles")
    .innerJoin("accounts", "accounts.id", "profiles.account_id")
    .select(["accounts.id as accountId", "accounts.site_id as siteId", "accounts.language", "accounts.country"])
    .where("profiles.id", "=", profileId)
    .where("accounts.status", "!=", "deleted")
    .where("accounts.deleted_at", "is", null)
    .where("accounts.banned_at", "is", null)
    .executeTakeFirst();
  const site = row && services.sites.byId(row.siteId);
  if (!row || !site) return undefined;
  return { ...row, site, t: memberLanguage(services, site, row).t };
}

/** Whether either side blocked the other: a blocked pair tells each other nothing. */
const blocked = async (services: Services, a: number, b: number) => (await blockBetween(services.store.db, { viewerId: a, profileId: b })) !== undefined;

/**
 * The sender as the other side sees them, when their messages and likes still count: an active
 * profile whose account (if any: the site runs some profiles) is confirmed, not deleted, not banned.
 * Messages of unactivated members are not received (§4).
 */
async function liveSender(services: Services, profileId: number) {
  return services.store.db
    .selectFrom("profiles")
    .leftJoin("accounts", "accounts.id", "profiles.account_id")
    .select(["profiles.id", "profiles.name"])
    .where("profiles.id", "=", profileId)
    .where("profiles.status", "=", "active")
    .where((eb) => eb.or([eb("accounts.id", "is", null), eb.and([eb("accounts.status", "=", "confirmed"), eb("accounts.banned_at", "is", null)])]))
    .executeTakeFirst();
}

async function pushIfWanted(services: Services, member: NonNullable<Awaited<ReturnType<typeof reachableMember>>>, kind: NotificationKind, payload: PushPayload) {
  if (!(await wantsNotification(services.store.db, { accountId: member.accountId, kind, channel: "push" }))) return;
  await pushToMember(services, { accountId: member.accountId, payload, subject: vapidSubject(member.site.support_email) });
}

/** The login page that comes back to `path`: where a click goes when the browser is signed out. */
const signInThen = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;

/**
 * A message was stored: the recipient's browsers get a push at once, and the recipient's mail job is
 * set 15 minutes after it (one per member while it waits: the rest of a burst joins it).
 */
async function notifyMessage(payload: Record<string, unknown>, services: Services): Promise<void> {
  const db = services.store.db;
  const message = await db
    .selectFrom("messages")
    .innerJoin("conversation_members as theirs", (join) => join.onRef("theirs.conversation_id", "=", "messages.conversation_id").onRef("theirs.other_profile_id", "=", "messages.sender_id"))
    .select(["messages.id", "messages.conversation_id", "messages.sender_id", "messages.created_at", "theirs.profile_id as recipientId", "theirs.read_through"])
    .select((eb) =>
      eb.not(eb.exists(eb.selectFrom("messages as earlier").select("earlier.id").whereRef("earlier.conversation_id", "=", "messages.conversation_id").whereRef("earlier.id", "<", "messages.id"))).as("first"),
    )
    .where("messages.id", "=", Number(payload.messageId))
    .executeTakeFirst();
  if (!message || message.sender_id === null) return;
  const [recipient, sender] = await Promise.all([reachableMember(services, message.recipientId), liveSender(services, message.sender_id)]);
  if (!recipient || !sender || (await blocked(services, message.recipientId, message.sender_id))) return;

  await enqueueJob(db, {
    kind: MESSAGE_MAIL_JOB,
    payload: { accountId: recipient.accountId },
    key: `message-mail:${recipient.accountId}`,
    runAt: new Date(message.created_at.getTime() + MESSAGE_MAIL_DELAY_MS),
  });
  // Seen already (an open chat reads it at once): no push.
  if (Number(message.read_through) >= message.id) return;
  const kind: NotificationKind = message.first ? "new_conversations" : "new_messages";
  const { t, site } = recipient;
  const path = `/chats/${message.conversation_id}`;
  await pushIfWanted(services, recipient, kind, {
    title: t(message.first ? "notifications:pushMessage.newConversation" : "notifications:pushMessage.newMessage", { name: sender.name }),
    // Never the message itself: a phone's lock screen is seen by others too.
    body: t("notifications:pushMessage.openToRead", { site: site.name }),
    icon: "/logo.png",
    tag: `chat-${message.conversation_id}`,
    data: { checkUrl: path, openUrl: signInThen(path) },
  });
}

/**
 * Fifteen minutes after the first message a member has not been mailed about: one mail for the
 * messages still unread and not mailed before, unless the member is online now. An online member
 * has the app open, sees the badge and got the push: no mail, and no second wait either (a job
 * cannot enqueue its own key while it runs). What stays unread is mailed with the next burst, and
 * the unread-message reminders catch it after 24 hours.
 */
async function mailMessages(payload: Record<string, unknown>, services: Services): Promise<void> {
  const accountId = Number(payload.accountId);
  const db = services.store.db;
  const account = await db
    .selectFrom("accounts")
    .select(["site_id"])
    .where("id", "=", accountId)
    .where("status", "=", "confirmed")
    .where("banned_at", "is", null)
    .executeTakeFirst();
  if (!account || (await isOnline(services, { accountId }))) return;

  const unread = await db
    .selectFrom("conversation_members as mine")
    .innerJoin("profiles as me", "me.id", "mine.profile_id")
    .innerJoin("messages", (join) => join.onRef("messages.conversation_id", "=", "mine.conversation_id").onRef("messages.sender_id", "=", "mine.other_profile_id"))
    .innerJoin("profiles as sender", "sender.id", "messages.sender_id")
    .leftJoin("accounts as sender_account", "sender_account.id", "sender.account_id")
    .select(["mine.conversation_id", "mine.profile_id", "mine.mailed_through", "mine.read_through", "sender.id as senderId", "sender.name as senderName", "messages.id"])
    .where("me.account_id", "=", accountId)
    .whereRef("messages.id", ">", "mine.read_through")
    .whereRef("messages.id", ">", "mine.mailed_through")
    .where("sender.status", "=", "active")
    .where((eb) => eb.or([eb("sender_account.id", "is", null), eb.and([eb("sender_account.status", "=", "confirmed"), eb("sender_account.banned_at", "is", null)])]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("blocks")
            .select("blocks.blocker_id")
            .where((eb) =>
              eb.or([
                eb.and([eb("blocks.blocker_id", "=", eb.ref("mine.profile_id")), eb("blocks.blocked_id", "=", eb.ref("sender.id"))]),
                eb.and([eb("blocks.blocker_id", "=", eb.ref("sender.id")), eb("blocks.blocked_id", "=", eb.ref("mine.profile_id"))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy("messages.id")
    .execute();
  if (unread.length === 0) return;

  // Per conversation: how far this mail goes, and whether the member never saw any of it (a new conversation).
  const conversations = new Map<number, { profileId: number; from: number; through: number; isNew: boolean; sender: { name: string; profileId: number }; count: number }>();
  for (const row of unread) {
    const entry = conversations.get(row.conversation_id) ?? {
      profileId: row.profile_id,
      from: Number(row.mailed_through),
      through: 0,
      isNew: Number(row.read_through) === 0,
      sender: { name: row.senderName, profileId: row.senderId },
      count: 0,
    };
    entry.through = Math.max(entry.through, row.id);
    entry.count += 1;
    conversations.set(row.conversation_id, entry);
  }

  // Claimed before the mail is queued: a second run of this job (after a crash, or on another
  // instance) finds nothing left to mail, so no message is mailed twice.
  const claimed = [];
  for (const [conversationId, entry] of conversations) {
    const row = await db
      .updateTable("conversation_members")
      .set({ mailed_through: entry.through })
      .where("conversation_id", "=", conversationId)
      .where("profile_id", "=", entry.profileId)
      .where("mailed_through", "=", entry.from)
      .returning("conversation_id")
      .executeTakeFirst();
    if (row) claimed.push({ conversationId, ...entry });
  }
  const mails: NotificationMail[] = [];
  for (const kind of ["new_conversations", "new_messages"] as const) {
    const group = claimed.filter((entry) => entry.isNew === (kind === "new_conversations"));
    if (group.length > 0) mails.push({ kind, senders: group.map((entry) => entry.sender), count: group.reduce((sum, entry) => sum + entry.count, 0) });
  }
  try {
    for (const mail of mails) await queueNotificationMail(services, { siteId: account.site_id, accountId, mail });
  } catch (error) {
    // Not queued: the claim is given back, so the retry of this job mails these messages.
    for (const entry of claimed) {
      await db
        .updateTable("conversation_members")
        .set({ mailed_through: entry.from })
        .where("conversation_id", "=", entry.conversationId)
        .where("profile_id", "=", entry.profileId)
        .where("mailed_through", "=", entry.through)
        .execute();
    }
    throw error;
  }
  services.mailer.kick();
}

/** A fresh like, or the like that made a match: a push at once and a mail, each if the member wants it. */
async function notifyLike(payload: Record<string, unknown>, services: Services): Promise<void> {
  const likerId = Number(payload.likerId);
  const likedId = Number(payload.likedId);
  const match = payload.match === true;
  const db = services.store.db;
  // Taken back before the job ran: nothing to tell.
  const stands = await db.selectFrom("likes").select("liker_id").where("liker_id", "=", likerId).where("liked_id", "=", likedId).executeTakeFirst();
  if (!stands) return;
  const [recipient, liker] = await Promise.all([reachableMember(services, likedId), liveSender(services, likerId)]);
  if (!recipient || !liker || (await blocked(services, likerId, likedId))) return;
  const { t, site } = recipient;
  const path = match ? `/members/${likerId}` : "/likes";
  await pushIfWanted(services, recipient, "like", {
    title: t(match ? "notifications:pushMessage.match" : "notifications:pushMessage.like", { name: liker.name }),
    body: t("notifications:pushMessage.openToSee", { site: site.name }),
    icon: "/logo.png",
    tag: `like-${likerId}`,
    data: { checkUrl: path, openUrl: signInThen(path) },
  });
  if (await queueNotificationMail(services, { siteId: recipient.siteId, accountId: recipient.accountId, mail: { kind: "like", profile: { name: liker.name, profileId: likerId }, match } })) {
    services.mailer.kick();
  }
}

export const notificationJobs: JobHandlers = {
  [MESSAGE_SENT_JOB]: notifyMessage,
  [MESSAGE_MAIL_JOB]: mailMessages,
  [LIKE_JOB]: notifyLike,
  [PUSH_RETRY_JOB]: (payload, services) => retryPush(services, payload),
};

