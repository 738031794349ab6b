import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import type { Logger } from "../log";
import type { MailMessage, MailTransport } from "./transport";

const RETRY_EVERY_MS = 10_000;
export const MAX_ATTEMPTS = 10;
/** A claimed message is tried again after this long if its sender died before finishing. */
const CLAIM_MINUTES = 5;

/** Queues a message inside the transaction that needs it: it goes out only if that commits. */
export async function queueMail(
  tx: Transaction<Database>,
  mail: { siteId: string; accountId: number; kind: string; message: MailMessage },
): Promise<number> {
  const row = await tx
    .insertInto("mail_outbox")
    .values({ site_id: mail.siteId, account_id: mail.accountId, kind: mail.kind, message: JSON.stringify(mail.message) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Delivers queued mail: right after a commit (kick), and every few seconds for retries with growing
 * delays. Rows are claimed with SKIP LOCKED, so several app instances never send one message twice
 * at once.
 */
export function createMailer({ db, transport, log }: { db: Kysely<Database>; transport: MailTransport; log: Logger }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function claim(filter: { accountId?: number }) {
    return db.transaction().execute(async (tx) => {
      let due = tx
        .selectFrom("mail_outbox")
        .select("id")
        .where("sent_at", "is", null)
        .where("attempts", "<", MAX_ATTEMPTS)
        .where("next_attempt_at", "<=", new Date())
        .orderBy("id")
        .limit(20)
        .forUpdate()
        .skipLocked();
      if (filter.accountId !== undefined) due = due.where("account_id", "=", filter.accountId);
      const ids = (await due.execute()).map((row) => row.id);
      if (ids.length === 0) return [];
      return tx
        .updateTable("mail_outbox")
        .set({ attempts: sql`attempts + 1`, next_attempt_at: sql`now() + make_interval(mins => ${CLAIM_MINUTES})` })
        .where("id", "in", ids)
        .returning(["id", "kind", "message", "attempts"])
        .execute();
    });
  }

  async function deliver(filter: { accountId?: number } = {}): Promise<number> {
    let sent = 0;
    for (const row of await claim(filter)) {
      const message = row.message as unknown as MailMessage;
      try {
        await transport.send(message);
        // The body may hold a single-use link: once sent, keep only what support needs to see.
        await db
          .updateTable("mail_outbox")
          .set({ sent_at: new Date(), last_error: null, message: JSON.stringify({ subject: message.subject }) })
          .where("id", "=", row.id)
          .execute();
        sent += 1;
        log.info({ mailId: row.id, kind: row.kind }, "mail sent");
      } catch (error) {
        const delayMinutes = Math.min(2 ** row.attempts, 360);
        await db
          .updateTable("mail_outbox")
          .set({ last_error: (error as Error).message.slice(0, 500), next_attempt_at: sql`now() + make_interval(mins => ${delayMinutes})` })
          .where("id", "=", row.id)
          .execute();
        log.warn({ mailId: row.id, kind: row.kind, attempts: row.attempts, err: error }, "mail not sent");
      }
    }
    return sent;
  }

  function deliverSoon() {
    running ??= deliver()
      .catch((error: unknown) => {
        log.error({ err: error }, "mail delivery failed");
        return 0;
      })
      .finally(() => (running = undefined));
    return running;
  }

  /** Sends what is due for one account now; answers whether its latest message has gone out. */
  async function deliverFor(accountId: number): Promise<boolean> {
    await deliver({ accountId });
    const latest = await db
      .selectFrom("mail_outbox")
      .select("sent_at")
      .where("account_id", "=", accountId)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    return Boolean(latest?.sent_at);
  }

  return {
    deliver,
    deliverFor,
    /** Starts a delivery in the background (after a commit that queued mail). */
    kick: () => void deliverSoon(),
    start() {
      timer ??= setInterval(() => void deliverSoon(), RETRY_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type Mailer = ReturnType<typeof createMailer>;
