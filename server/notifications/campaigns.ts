import { sql } from "kysely";
import type { Services } from "../http/request-context";
import { enqueueJob } from "../jobs/queue";
import { brandedMail } from "../mail/messages";
import { WELCOME_DISCOUNT } from "../promotions/offers";
import { notificationMailParts } from "./recipient";
import { queueScheduledMail } from "./scheduled";

const HOUR_MS = 3_600_000;
/** The welcome discount's "last day" mail goes this long before it ends. */
export const LAST_DAY_HOURS = 24;
/** Members a mailing batch takes; the next batch is the next job. */
export const MAILING_BATCH = 200;
export const MAILING_JOB = "mail.mailing_batch";

type PromotionCandidate = { id: number; created_at: Date };

/**
 * Promotions (kind promotions, only to members who opted in where their country asks for it, as
 * wantsNotification answers): the welcome discount's last day, for members who have not paid yet. Only
 * for a brand whose discount lasts longer than a day: else the first day is the last.
 */
export async function sendWelcomeDiscountLastDay(services: Services, now = new Date()): Promise<number> {
  const db = services.store.db;
  let queued = 0;
  for (const site of services.sites.all()) {
    const hours = site.welcome_discount_hours;
    if (hours <= LAST_DAY_HOURS) continue;
    // Signed up so long ago that the discount ends within a day, and not yet over.
    const { rows } = await sql<PromotionCandidate>`
      select a.id, a.created_at from accounts a
      where a.site_id = ${site.id} and a.status = 'confirmed' and a.paid_user = false and a.banned_at is null and a.deleted_at is null
        and cardinality(a.notifications_disabled) = 0
        and a.created_at <= ${new Date(now.getTime() - (hours - LAST_DAY_HOURS) * HOUR_MS)}
        and a.created_at > ${new Date(now.getTime() - hours * HOUR_MS)}
        and not exists (select 1 from notification_sends s where s.account_id = a.id and s.kind = 'promotions' and s.about = 'welcome:last-day')
      order by a.id
    `.execute(db);
    for (const row of rows) {
      const endsAt = new Date(new Date(row.created_at).getTime() + hours * HOUR_MS);
      const sent = await queueScheduledMail(services, {
        siteId: site.id,
        accountId: Number(row.id),
        kind: "promotions",
        about: "welcome:last-day",
        render: async (recipient) => {
          const { t, origin } = recipient;
          const vars = { site: site.name, percent: WELCOME_DISCOUNT.percentage, hours: Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / HOUR_MS)) };
          return brandedMail({
            ...notificationMailParts(recipient),
            subject: t("mail:welcomeLastDay.subject", vars),
            intro: t("mail:welcomeLastDay.intro", vars),
            action: { button: t("mail:welcomeLastDay.button", vars), link: `${origin}/credits` },
          });
        },
      });
      if (sent) queued += 1;
    }
  }
  if (queued > 0) services.mailer.kick();
  return queued;
}

/**
 * Starts a brand's news mailing (`npm run mailing -- news …`): stored, and its first batch queued as a
 * job, in one transaction. The running server sends it.
 */
export async function startMailing(services: Pick<Services, "store">, { siteId, subject, body }: { siteId: string; subject: string; body: string }): Promise<number> {
  return services.store.db.transaction().execute(async (tx) => {
    const mailing = await tx.insertInto("mailings").values({ site_id: siteId, kind: "news", subject, body }).returning("id").executeTakeFirstOrThrow();
    await enqueueJob(tx, { kind: MAILING_JOB, payload: { mailingId: mailing.id }, key: `mailing:${mailing.id}:0` });
    return mailing.id;
  });
}

/**
 * One batch of a news mailing (kind news): the next members in account order who opted in, each
 * once (the sends log holds mailing:<id>). Then the mailing's position moves on, and the next batch
 * is queued, or the mailing is finished. Run again after a crash, it sends nobody twice.
 */
export async function sendMailingBatch(services: Services, { mailingId }: { mailingId: number }): Promise<number> {
  const db = services.store.db;
  const mailing = await db.selectFrom("mailings").selectAll().where("id", "=", mailingId).executeTakeFirst();
  if (!mailing || mailing.finished_at) return 0;
  const site = services.sites.byId(mailing.site_id);
  if (!site) return 0;
  const accounts = await db
    .selectFrom("accounts")
    .select("id")
    .where("site_id", "=", mailing.site_id)
    .where("id", ">", mailing.sent_through)
    .where("status", "=", "confirmed")
    .where("banned_at", "is", null)
    .where("deleted_at", "is", null)
    .orderBy("id")
    .limit(MAILING_BATCH)
    .execute();
  let queued = 0;
  for (const account of accounts) {
    const sent = await queueScheduledMail(services, {
      siteId: mailing.site_id,
      accountId: account.id,
      kind: "news",
      about: `mailing:${mailing.id}`,
      render: async (recipient) => {
        const paragraphs = mailing.body.split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
        const [intro = "", ...rest] = paragraphs;
        return brandedMail({
          ...notificationMailParts(recipient),
          subject: mailing.subject,
          intro,
          paragraphs: rest,
          action: { button: recipient.t("mail:news.button", { site: site.name }), link: `${recipient.origin}/members` },
        });
      },
    });
    if (sent) queued += 1;
  }
  const last = accounts.at(-1)?.id;
  await db.transaction().execute(async (tx) => {
    if (accounts.length < MAILING_BATCH || last === undefined) {
      await tx.updateTable("mailings").set({ finished_at: new Date(), ...(last === undefined ? {} : { sent_through: last }) }).where("id", "=", mailing.id).execute();
      return;
    }
    await tx.updateTable("mailings").set({ sent_through: last }).where("id", "=", mailing.id).execute();
    // A key of its own per batch: the running job holds this mailing's previous key.
    await enqueueJob(tx, { kind: MAILING_JOB, payload: { mailingId: mailing.id }, key: `mailing:${mailing.id}:${last}` });
  });
  if (queued > 0) services.mailer.kick();
  if (last !== undefined && accounts.length === MAILING_BATCH) services.jobs.kick();
  return queued;
}
