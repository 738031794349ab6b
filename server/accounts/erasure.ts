import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import type { Services } from "../http/request-context";
import type { JobHandlers, PeriodicJob } from "../jobs/registry";
import { graceStart } from "./signup";

/**
 * Erasure after the grace (§4, §9; docs/decisions/040-account-deletion.md). What the law asks us to
 * keep stays (payments and the credit ledger, the audit trail's actions), without personal fields;
 * everything else of the member goes, the photo files included. The accounts and profiles rows stay
 * as tombstones, so payments, the ledger and the other side's conversations keep their keys.
 *
 * Each step deletes or empties, so the whole is idempotent: a run that died half way (after the
 * files, before the rows) is simply run again by the next pass; erased_at marks the end.
 */

/** The periodic job that finds the accounts whose grace is over. */
export const ERASE_DUE_KIND = "accounts.erase_due";
/** Accounts erased per transaction and pass: a pass stays short; the next pass takes the rest. */
const BATCH = 20;

/** Tables with an account_id whose rows are kept (without personal fields) or handled below. */
const KEPT_ACCOUNT_TABLES = new Set(["payments", "credit_ledger", "discount_uses", "direct_debit_mandates", "staff_audit", "profiles", "mail_outbox"]);
/** Account columns the tombstone keeps: keys, state, money and what the books need (country for VAT). */
const KEPT_ACCOUNT_COLUMNS = new Set([
  "id", "site_id", "status", "language", "country", "credits", "paid_user", "created_at", "activated_at", "deleted_at", "erased_at",
  "banned_at", "purchases_blocked_at", "deletion_reason", "email", "password_hash", "date_of_birth", "tracking", "notifications_disabled",
  // Which of our pages the member landed on: the landers' conversion numbers keep counting them.
  "lander_design", "lander_slug",
]);
/** Profile columns the tombstone keeps; the rest that may be null is emptied, whoever added it. */
const KEPT_PROFILE_COLUMNS = new Set([
  "id", "account_id", "site_id", "pool", "status", "created_at", "updated_at", "name", "country", "date_of_birth", "interests", "invisible", "fictional",
]);
/** What the not-null personal columns hold once erased. */
const ERASED_DATE = "1900-01-01";

type Db = Kysely<Database> | Transaction<Database>;

/** The account ids whose grace is over and which are not erased yet, oldest first. */
async function accountsDueForErasure(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .selectFrom("accounts")
    .select("id")
    .where("status", "=", "deleted")
    .where("erased_at", "is", null)
    .where("deleted_at", "<=", graceStart(now))
    .orderBy("deleted_at")
    .limit(BATCH)
    .execute();
  return rows.map((row) => row.id);
}

/** The nullable columns of a table, but those named: so columns later work adds are emptied too. */
async function nullableColumns(db: Db, table: string, kept: Set<string>): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} and is_nullable = 'YES'`.execute(db);
  return rows.map((row) => row.column_name).filter((column) => !kept.has(column));
}

/** Tables other than the kept ones that hold rows by account_id (notification preferences, consent records, …). */
async function accountTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name = 'account_id'`.execute(db);
  return rows.map((row) => row.table_name).filter((table) => !KEPT_ACCOUNT_TABLES.has(table));
}

/** What an erasure empties and deletes, read from the catalogue once per run of the job rather than per account. */
type ErasurePlan = { accountNullable: string[]; profileNullable: string[]; tables: string[] };

async function erasurePlan(db: Db): Promise<ErasurePlan> {
  return {
    accountNullable: await nullableColumns(db, "accounts", KEPT_ACCOUNT_COLUMNS),
    profileNullable: await nullableColumns(db, "profiles", KEPT_PROFILE_COLUMNS),
    tables: await accountTables(db),
  };
}

/** Storage keys of the member's files: their photos and the pictures they sent in chat. */
async function fileKeys(db: Db, profileId: number): Promise<string[]> {
  const photos = await db.selectFrom("photos").select(["filename", "thumb_filename"]).where("profile_id", "=", profileId).execute();
  const sent = await db
    .selectFrom("messages")
    .select(["image_filename", "image_thumb_filename"])
    .where("sender_id", "=", profileId)
    .where("image_filename", "is not", null)
    .execute();
  return [...photos.flatMap((row) => [row.filename, row.thumb_filename]), ...sent.flatMap((row) => [row.image_filename, row.image_thumb_filename])].filter(
    (key): key is string => Boolean(key),
  );
}

/**
 * The member's messages in each conversation become one marker for the other side, in that
 * member's language: the conversation stays theirs to read, without a word or picture of the
 * deleted member.
 */
async function replaceMessages(tx: Transaction<Database>, services: Services, profileId: number): Promise<void> {
  const conversations = await tx
    .selectFrom("messages")
    .innerJoin("conversation_members as theirs", (join) => join.onRef("theirs.conversation_id", "=", "messages.conversation_id").onRef("theirs.profile_id", "!=", "messages.sender_id"))
    .innerJoin("profiles as reader_profile", "reader_profile.id", "theirs.profile_id")
    .leftJoin("accounts as reader", "reader.id", "reader_profile.account_id")
    .select((eb) => ["messages.conversation_id as conversationId", eb.fn.max("messages.id").as("lastId"), eb.fn.max("reader.language").as("language")])
    .where("messages.sender_id", "=", profileId)
    .groupBy("messages.conversation_id")
    .execute();
  for (const { conversationId, lastId, language } of conversations) {
    const t = services.i18n.getFixedT(language ?? "en", "deletion");
    await tx.deleteFrom("messages").where("conversation_id", "=", conversationId).where("sender_id", "=", profileId).where("id", "!=", lastId).execute();
    await tx
      .updateTable("messages")
      .set({ kind: "system", body: t("erased.chatMarker"), image_filename: null, image_thumb_filename: null, gift: null, client_id: null })
      .where("id", "=", lastId)
      .execute();
  }
  // The conversations with the system sender were the member's alone.
  const own = tx.selectFrom("conversation_members").select("conversation_id").where("profile_id", "=", profileId).where("other_profile_id", "is", null);
  await tx.deleteFrom("conversations").where("id", "in", own).execute();
}

/** Erases one account whose grace is over; answers false when it is not (or no longer) due. */
async function eraseAccount(services: Services, { accountId, now, plan }: { accountId: number; now: Date; plan: ErasurePlan }): Promise<boolean> {
  const db = services.store.db;
  const [due] = await db
    .selectFrom("accounts")
    .leftJoin("profiles", "profiles.account_id", "accounts.id")
    .select(["accounts.id", "accounts.email", "profiles.id as profileId"])
    .where("accounts.id", "=", accountId)
    .where("accounts.status", "=", "deleted")
    .where("accounts.erased_at", "is", null)
    .where("accounts.deleted_at", "<=", graceStart(now))
    .execute();
  if (!due) return false;
  const profileId = due.profileId;

  // Files first: if the rows went first, a crash would leave files nobody can find again.
  if (profileId !== null) for (const key of await fileKeys(db, profileId)) await services.photos.delete(key);

  const { accountNullable, profileNullable, tables } = plan;

  await db.transaction().execute(async (tx) => {
    // Re-checked under the row lock: a second worker that got here too finds it erased.
    const locked = await tx.selectFrom("accounts").select("id").where("id", "=", accountId).where("erased_at", "is", null).forUpdate().executeTakeFirst();
    if (!locked) return;

    for (const table of tables) await sql`delete from ${sql.table(table)} where account_id = ${accountId}`.execute(tx);
    await tx.deleteFrom("mail_outbox").where((eb) => eb.or([eb("account_id", "=", accountId), eb(sql`message->>'to'`, "=", due.email)])).execute();
    await tx.deleteFrom("discount_codes").where("account_id", "=", accountId).execute();
    await sql`delete from jobs where payload->>'accountId' = ${String(accountId)}${profileId === null ? sql`` : sql` or payload->>'profileId' = ${String(profileId)}`}`.execute(tx);
    await tx
      .updateTable("complaints")
      .set({ reporter_email: null, message: "" })
      .where((eb) => eb.or([eb("reporter_account_id", "=", accountId), eb("reporter_email", "=", due.email)]))
      .execute();

    if (profileId !== null) {
      await replaceMessages(tx, services, profileId);
      await tx.deleteFrom("conversation_members").where("profile_id", "=", profileId).execute();
      await tx.deleteFrom("likes").where((eb) => eb.or([eb("liker_id", "=", profileId), eb("liked_id", "=", profileId)])).execute();
      await tx.deleteFrom("blocks").where((eb) => eb.or([eb("blocker_id", "=", profileId), eb("blocked_id", "=", profileId)])).execute();
      await tx.deleteFrom("swipe_passes").where((eb) => eb.or([eb("profile_id", "=", profileId), eb("passed_id", "=", profileId)])).execute();
      await tx.updateTable("profiles").set({ main_photo_id: null }).where("id", "=", profileId).execute();
      await tx.deleteFrom("photos").where("profile_id", "=", profileId).execute();
      await tx
        .updateTable("profiles")
        .set({
          ...Object.fromEntries(profileNullable.map((column) => [column, null])),
          name: "",
          date_of_birth: ERASED_DATE,
          interests: [],
          invisible: true,
          status: "deleted",
          updated_at: now,
        })
        .where("id", "=", profileId)
        .execute();
    }

    // What the books keep loses what named the member: the stored cards go, mandates keep only their reference and amounts.
    await tx.deleteFrom("payment_mandates").where("account_id", "=", accountId).execute();
    await tx
      .updateTable("direct_debit_mandates")
      .set({ account_holder: "", iban_encrypted: "", iban_hash: "", iban_last4: "", street: "", house_number: "", zip: "", city: "", phone: "", phone_hash: "", code_hash: null })
      .where("account_id", "=", accountId)
      .execute();
    await tx.updateTable("payments").set({ checkout_url: null, issuer: null }).where("account_id", "=", accountId).execute();
    // The one update the audit trail allows (migration 0020): its detail emptied, the action kept.
    await sql`update staff_audit set detail = '{}'::jsonb where account_id = ${accountId} and detail <> '{}'::jsonb`.execute(tx);

    await tx
      .updateTable("accounts")
      .set({
        ...Object.fromEntries(accountNullable.map((column) => [column, null])),
        email: `deleted-${accountId}@invalid`,
        password_hash: "",
        date_of_birth: ERASED_DATE,
        tracking: "{}",
        notifications_disabled: [],
        erased_at: now,
      })
      .where("id", "=", accountId)
      .execute();
  });
  services.log.info({ accountId }, "deleted account erased");
  return true;
}

/** Erases every account whose grace is over, a batch at a time; answers how many. */
export async function eraseDueAccounts(services: Services, { now = new Date() }: { now?: Date } = {}): Promise<number> {
  let erased = 0;
  let plan: ErasurePlan | undefined;
  for (;;) {
    const due = await accountsDueForErasure(services.store.db, now);
    if (due.length === 0) return erased;
    plan ??= await erasurePlan(services.store.db);
    let pass = 0;
    for (const accountId of due) if (await eraseAccount(services, { accountId, now, plan })) pass += 1;
    // Another worker took this batch: it goes on with the rest.
    if (pass === 0) return erased;
    erased += pass;
  }
}

export const deletionJobs: JobHandlers = {
  [ERASE_DUE_KIND]: async (_payload, services) => {
    await eraseDueAccounts(services);
  },
};

/** Hourly: an account is erased at most an hour after its 14 days. */
export const deletionPeriodicJobs: PeriodicJob[] = [{ kind: ERASE_DUE_KIND, everyMs: 3_600_000 }];
