import type { Kysely, Transaction } from "kysely";
import type { ComplaintReason, ComplaintStatus, Database, MessageKind } from "../db/schema";
import { photoUrls, type PhotoUrls } from "../photos/urls";
import type { Site } from "../sites/schema";
import { recordAudit, type Actor } from "./audit";
import { OUTCOME_MAX, OUTCOME_MIN } from "./moderation-fields";

/**
 * Complaints in the support console (issue 17 point 5): a queue per status, and one complaint
 * moving open → in progress (taken by a moderator) → resolved (with an outcome). A member's
 * messages are read here only through a complaint: the conversation between the reporter and the
 * profile they reported, found from the complaint itself, never from an id the browser sends.
 * Every view and every step writes its audit row in the transaction of its reads and writes.
 */

type Db = Kysely<Database>;
type Sites = { byId(id: string): Site | undefined };

export const COMPLAINT_STATUSES = ["open", "in_progress", "resolved"] as const satisfies readonly ComplaintStatus[];
export const COMPLAINT_LIST_LIMIT = 100;
export const CONVERSATION_LIMIT = 200;

export type ComplaintRow = {
  id: number;
  siteId: string;
  reason: ComplaintReason;
  message: string;
  status: ComplaintStatus;
  /** The reporter's address: their account's, or the one a visitor left. */
  reporterEmail: string | null;
  reported: { profileId: number; name: string } | null;
  handledBy: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
};

function complaintColumns(db: Db | Transaction<Database>) {
  return db
    .selectFrom("complaints")
    .leftJoin("accounts as reporter", "reporter.id", "complaints.reporter_account_id")
    .leftJoin("profiles as reported", "reported.id", "complaints.profile_id")
    .leftJoin("staff_accounts as handler", "handler.id", "complaints.handled_by")
    .select([
      "complaints.id",
      "complaints.site_id as siteId",
      "complaints.reason",
      "complaints.message",
      "complaints.status",
      "complaints.outcome",
      "complaints.created_at as createdAt",
      "complaints.resolved_at as resolvedAt",
      "complaints.reporter_account_id as reporterAccountId",
      "complaints.reporter_email as visitorEmail",
      "reporter.email as reporterAccountEmail",
      "complaints.profile_id as reportedProfileId",
      "reported.name as reportedName",
      "reported.account_id as reportedAccountId",
      "reported.site_id as reportedSiteId",
      "reported.status as reportedStatus",
      "handler.email as handledBy",
    ]);
}

type ComplaintRecord = Awaited<ReturnType<ReturnType<typeof complaintColumns>["executeTakeFirstOrThrow"]>>;

const toRow = (row: ComplaintRecord): ComplaintRow => ({
  id: row.id,
  siteId: row.siteId,
  reason: row.reason,
  message: row.message,
  status: row.status,
  reporterEmail: row.reporterAccountEmail ?? row.visitorEmail,
  reported: row.reportedProfileId === null ? null : { profileId: row.reportedProfileId, name: row.reportedName ?? "" },
  handledBy: row.handledBy,
  createdAt: row.createdAt,
  resolvedAt: row.resolvedAt,
});

/**
 * One tab of the queue: open and in-progress complaints oldest first (the longest waiting on top),
 * resolved ones newest first; of one brand or all. Listing names reporters and reported members,
 * so it writes its "complaint.list" row.
 */
export async function listComplaints({ db, actor, status, siteId }: { db: Db; actor: Actor; status: ComplaintStatus; siteId?: string }): Promise<ComplaintRow[]> {
  return db.transaction().execute(async (tx) => {
    const rows = await complaintColumns(tx)
      .where("complaints.status", "=", status)
      .$if(siteId !== undefined, (query) => query.where("complaints.site_id", "=", siteId as string))
      .orderBy("complaints.created_at", status === "resolved" ? "desc" : "asc")
      .orderBy("complaints.id", status === "resolved" ? "desc" : "asc")
      .limit(COMPLAINT_LIST_LIMIT)
      .execute();
    await recordAudit(tx, actor, { action: "complaint.list", siteId: siteId ?? null, detail: { status, results: rows.length } });
    return rows.map(toRow);
  });
}

/** How many complaints each tab holds, of one brand or all. */
export async function complaintCounts({ db, siteId }: { db: Db; siteId?: string }): Promise<Record<ComplaintStatus, number>> {
  const rows = await db
    .selectFrom("complaints")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .$if(siteId !== undefined, (query) => query.where("site_id", "=", siteId as string))
    .groupBy("status")
    .execute();
  const counts = { open: 0, in_progress: 0, resolved: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}

export type ComplaintDetail = ComplaintRow & {
  outcome: string | null;
  reporter: { accountId: number; profileId: number | null; name: string | null } | null;
  reportedAccountId: number | null;
  /** The reported profile's own brand (one of the complaint's pool). */
  reportedSiteId: string | null;
  reportedStatus: string | null;
  /** Whether the reporter and the reported profile have a conversation this complaint lets a moderator read. */
  hasConversation: boolean;
};

/** The reporter's profile: a member's complaint names their account, and a profile of its brand is theirs. */
async function reporterProfile(tx: Transaction<Database>, complaint: { reporterAccountId: number | null; siteId: string }) {
  if (complaint.reporterAccountId === null) return undefined;
  return tx
    .selectFrom("profiles")
    .select(["id", "name"])
    .where("account_id", "=", complaint.reporterAccountId)
    .where("site_id", "=", complaint.siteId)
    .executeTakeFirst();
}

/** The conversation the complaint names: between the reporter's profile and the reported profile. */
async function namedConversation(tx: Transaction<Database>, complaint: ComplaintRecord, reporter: { id: number } | undefined) {
  if (!reporter || complaint.reportedProfileId === null) return undefined;
  const row = await tx
    .selectFrom("conversation_members")
    .select("conversation_id")
    .where("profile_id", "=", reporter.id)
    .where("other_profile_id", "=", complaint.reportedProfileId)
    .executeTakeFirst();
  return row?.conversation_id;
}

/** One complaint with the people it names; writes its "complaint.view" row. Undefined when there is no such complaint. */
export async function complaintDetail({ db, actor, complaintId }: { db: Db; actor: Actor; complaintId: number }): Promise<ComplaintDetail | undefined> {
  return db.transaction().execute(async (tx) => {
    const complaint = await complaintColumns(tx).where("complaints.id", "=", complaintId).executeTakeFirst();
    if (!complaint) return undefined;
    const reporter = await reporterProfile(tx, complaint);
    const conversationId = await namedConversation(tx, complaint, reporter);
    await recordAudit(tx, actor, { action: "complaint.view", siteId: complaint.siteId, accountId: complaint.reportedAccountId, detail: { complaintId } });
    return {
      ...toRow(complaint),
      outcome: complaint.outcome,
      reporter: complaint.reporterAccountId === null ? null : { accountId: complaint.reporterAccountId, profileId: reporter?.id ?? null, name: reporter?.name ?? null },
      reportedAccountId: complaint.reportedAccountId,
      reportedSiteId: complaint.reportedSiteId,
      reportedStatus: complaint.reportedStatus,
      hasConversation: conversationId !== undefined,
    };
  });
}

export type ReportedMessage = {
  id: number;
  /** Who wrote it, as the moderator reads it. */
  from: "reporter" | "reported" | "system";
  kind: MessageKind;
  body: string;
  image: PhotoUrls | null;
  gift: string | null;
  createdAt: Date;
};

export type ReportedConversation = { conversationId: number; messages: ReportedMessage[]; hasOlder: boolean };

/**
 * The messages of the conversation a complaint names, the newest CONVERSATION_LIMIT, oldest first;
 * everything stored, what either side removed from their own view too. Takes the complaint id,
 * never a conversation id: no other conversation can be reached this way. Each reading writes a
 * "complaint.messages.view" row naming the conversation. Undefined when the complaint does not
 * exist or names no conversation.
 */
export async function complaintConversation({ db, sites, actor, complaintId }: { db: Db; sites: Sites; actor: Actor; complaintId: number }): Promise<ReportedConversation | undefined> {
  return db.transaction().execute(async (tx) => {
    const complaint = await complaintColumns(tx).where("complaints.id", "=", complaintId).executeTakeFirst();
    if (!complaint) return undefined;
    const reporter = await reporterProfile(tx, complaint);
    const conversationId = await namedConversation(tx, complaint, reporter);
    if (conversationId === undefined || !reporter) return undefined;
    const rows = await tx
      .selectFrom("messages")
      .select(["id", "sender_id", "kind", "body", "image_filename", "image_thumb_filename", "gift", "created_at"])
      .where("conversation_id", "=", conversationId)
      .orderBy("id", "desc")
      .limit(CONVERSATION_LIMIT + 1)
      .execute();
    await recordAudit(tx, actor, {
      action: "complaint.messages.view",
      siteId: complaint.siteId,
      accountId: complaint.reportedAccountId,
      detail: { complaintId, conversationId, reporterAccountId: complaint.reporterAccountId },
    });
    const site = sites.byId(complaint.siteId) ?? { cdn_prefix: "/media" };
    const messages = rows.slice(0, CONVERSATION_LIMIT).reverse();
    return {
      conversationId,
      hasOlder: rows.length > CONVERSATION_LIMIT,
      messages: messages.map((row) => ({
        id: row.id,
        from: row.sender_id === null ? "system" : row.sender_id === reporter.id ? "reporter" : "reported",
        kind: row.kind,
        body: row.body,
        image: row.image_filename && row.image_thumb_filename ? photoUrls(site, { filename: row.image_filename, thumb_filename: row.image_thumb_filename }) : null,
        gift: row.gift,
        createdAt: row.created_at,
      })),
    };
  });
}

export type ComplaintStep =
  | { ok: true; status: ComplaintStatus }
  | { ok: false; error: "not_found" }
  /** The complaint is not in the state the step starts from (someone else took or resolved it, or it was never taken). */
  | { ok: false; error: "wrong_status"; status: ComplaintStatus }
  | { ok: false; error: "outcome"; message: string };

/** The complaint's state now, after a step that changed nothing. */
async function refusal(tx: Transaction<Database>, complaintId: number): Promise<ComplaintStep> {
  const row = await tx.selectFrom("complaints").select("status").where("id", "=", complaintId).executeTakeFirst();
  return row ? { ok: false, error: "wrong_status", status: row.status } : { ok: false, error: "not_found" };
}

/** Takes an open complaint on: in progress, handled by the moderator. Anything but an open complaint changes nothing. */
export async function takeComplaint({ db, actor, complaintId }: { db: Db; actor: Actor; complaintId: number }): Promise<ComplaintStep> {
  return db.transaction().execute(async (tx) => {
    const taken = await tx
      .updateTable("complaints")
      .set({ status: "in_progress", handled_by: actor.staffId })
      .where("id", "=", complaintId)
      .where("status", "=", "open")
      .returning(["site_id", "profile_id"])
      .executeTakeFirst();
    if (!taken) return refusal(tx, complaintId);
    await recordAudit(tx, actor, { action: "complaint.take", siteId: taken.site_id, accountId: await accountOf(tx, taken.profile_id), detail: { complaintId } });
    return { ok: true, status: "in_progress" } as const;
  });
}

/** The outcome as stored, trimmed; a message for the moderator when it is too short or too long. */
export function checkOutcome(outcome: string): { ok: true; outcome: string } | { ok: false; message: string } {
  const text = outcome.trim();
  if (text.length < OUTCOME_MIN || text.length > OUTCOME_MAX) return { ok: false, message: `Write the outcome: ${OUTCOME_MIN} to ${OUTCOME_MAX} characters.` };
  return { ok: true, outcome: text };
}

/** Resolves a complaint in progress with its outcome. An open (not yet taken) or resolved one changes nothing. */
export async function resolveComplaint({ db, actor, complaintId, outcome }: { db: Db; actor: Actor; complaintId: number; outcome: string }): Promise<ComplaintStep> {
  const checked = checkOutcome(outcome);
  if (!checked.ok) return { ok: false, error: "outcome", message: checked.message };
  return db.transaction().execute(async (tx) => {
    const resolved = await tx
      .updateTable("complaints")
      .set({ status: "resolved", outcome: checked.outcome, resolved_at: new Date() })
      .where("id", "=", complaintId)
      .where("status", "=", "in_progress")
      .returning(["site_id", "profile_id"])
      .executeTakeFirst();
    if (!resolved) return refusal(tx, complaintId);
    await recordAudit(tx, actor, { action: "complaint.resolve", siteId: resolved.site_id, accountId: await accountOf(tx, resolved.profile_id), detail: { complaintId, outcome: checked.outcome } });
    return { ok: true, status: "resolved" } as const;
  });
}

/** The account behind a reported profile, for the audit row's member (none for a complaint about the site or a demo profile). */
async function accountOf(tx: Transaction<Database>, profileId: number | null): Promise<number | null> {
  if (profileId === null) return null;
  const row = await tx.selectFrom("profiles").select("account_id").where("id", "=", profileId).executeTakeFirst();
  return row?.account_id ?? null;
}
