import type { ColumnType } from "kysely";

/** The tables Kysely may touch, as the migrations in ./migrations create them. */
export interface Database {
  sites: SitesTable;
  accounts: AccountsTable;
  profiles: ProfilesTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  credit_ledger: CreditLedgerTable;
  mail_outbox: MailOutboxTable;
  photos: PhotosTable;
  blocks: BlocksTable;
  likes: LikesTable;
  complaints: ComplaintsTable;
  swipe_passes: SwipePassesTable;
  banner_dismissals: BannerDismissalsTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_preferences: NotificationPreferencesTable;
  conversations: ConversationsTable;
  conversation_members: ConversationMembersTable;
  messages: MessagesTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_mandates: PaymentMandatesTable;
  direct_debit_collections: DirectDebitCollectionsTable;
  direct_debit_returns: DirectDebitReturnsTable;
  staff_accounts: StaffAccountsTable;
  staff_tokens: StaffTokensTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_passkeys: StaffPasskeysTable;
  staff_sessions: StaffSessionsTable;
  staff_audit: StaffAuditTable;
  direct_debit_mandates: DirectDebitMandatesTable;
  direct_debit_blocks: DirectDebitBlocksTable;
  discount_codes: DiscountCodesTable;
  discount_uses: DiscountUsesTable;
  jobs: JobsTable;
  notification_sends: NotificationSendsTable;
  email_unsubscribes: EmailUnsubscribesTable;
  mail_event_receipts: MailEventReceiptsTable;
  mailings: MailingsTable;
  consent_records: ConsentRecordsTable;
  page_bounces: PageBouncesTable;
  lander_visits: LanderVisitsTable;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<number, never, never>; // generated always: never written

export interface SitesTable {
  id: string;
  pool: string;
  name: string;
  first_seen_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type AccountStatus = "not_confirmed" | "confirmed" | "deleted";

export interface AccountsTable {
  id: Id;
  site_id: string;
  email: string;
  password_hash: string;
  status: ColumnType<AccountStatus, AccountStatus | undefined, AccountStatus>;
  language: string;
  country: string;
  date_of_birth: ColumnType<string, string, string>;
  signup_message: string | null;
  tracking: ColumnType<Record<string, string>, string | undefined, string>;
  /** The lander the visitor came through before signing up (server/analytics/lander-visits.ts). */
  lander_design: ColumnType<string | null, string | null | undefined, string | null>;
  lander_slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** The member whose page the visitor signed up on: after activation they land in that member's chat. */
  signup_profile_id: ColumnType<number | null, number | null | undefined, number | null>;
  credits: ColumnType<number, number | undefined, number>;
  paid_user: ColumnType<boolean, boolean | undefined, boolean>;
  notifications_disabled: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  activated_at: Date | null;
  deleted_at: Date | null;
  /** Set by staff: every session ends and the member is shown /pages/ban. */
  banned_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Set by a chargeback: no purchase until support clears it. */
  purchases_blocked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Why the member deleted the account (a key of DELETION_REASONS) and, for "other", their words until erasure. */
  deletion_reason: ColumnType<string | null, string | null | undefined, string | null>;
  deletion_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the erasure after the grace emptied the row (server/accounts/erasure.ts); it stays as a tombstone. */
  erased_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** hidden: taken out of sight by staff (see the support console). */
export type ProfileStatus = "disabled" | "active" | "hidden" | "deleted";

export interface ProfilesTable {
  id: Id;
  account_id: number | null;
  site_id: string;
  name: string;
  country: string;
  date_of_birth: string;
  status: ColumnType<ProfileStatus, ProfileStatus | undefined, ProfileStatus>;
  created_at: Timestamp;
  pool: string;
  gender: Gender | null;
  sexuality: Sexuality | null;
  region: string | null;
  city: string | null;
  reason: string | null;
  about_me: string | null;
  tattoos: string | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  relationship_status: string | null;
  interests: ColumnType<string[], string[] | undefined, string[]>;
  geolocation: ColumnType<Geolocation | null, string | null | undefined, string | null>;
  invisible: ColumnType<boolean, boolean | undefined, boolean>;
  /** The last sign of life (a signed-in request, an open event stream), written at most once a minute. */
  last_seen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** When the member's tab last went away (POST /api/page-hidden.php). */
  hidden_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  fictional: ColumnType<boolean, boolean | undefined, boolean>;
  main_photo_id: number | null;
  updated_at: Timestamp;
  /** The status a deleted profile had, given back on reactivation. */
  status_before_deletion: ColumnType<Exclude<ProfileStatus, "deleted"> | null, Exclude<ProfileStatus, "deleted"> | null | undefined, Exclude<ProfileStatus, "deleted"> | null>;
}

export type Gender = "male" | "female";
export type Sexuality = "hetero" | "gay" | "lesbian" | "bi";
/** Where the browser said the member is, or false when locating failed (§7). */
export type Geolocation = { lat: number; lon: number } | false;

/** rejected: refused by a moderator, with the reason its owner sees. */
export type PhotoStatus = "inspection" | "active" | "rejected" | "deleted";

export interface PhotosTable {
  id: Id;
  profile_id: number;
  filename: string;
  thumb_filename: string;
  width: number;
  height: number;
  status: PhotoStatus;
  /** The member's order (1, 2, …); 0 for rows written without one, which then go by id. */
  position: ColumnType<number, number | undefined, number>;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: Timestamp;
}

export type LikeSource = "profile" | "card" | "swipe" | "auto";

export interface LikesTable {
  liker_id: number;
  liked_id: number;
  created_at: Timestamp;
  seen_at: Date | null;
  source: ColumnType<LikeSource, LikeSource | undefined, LikeSource>;
}

export interface SwipePassesTable {
  profile_id: number;
  passed_id: number;
  created_at: Timestamp;
}

export interface BannerDismissalsTable {
  account_id: number;
  banner: string;
  dismissed_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Id;
  account_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

/** A scheduled or campaign mail that went out (server/notifications/sends.ts): once per member, kind and subject. */
export interface NotificationSendsTable {
  id: Id;
  account_id: number;
  site_id: string;
  kind: string;
  about: string;
  sent_at: Timestamp;
}

/** A kind a member turned off with an unsubscribe link; "turn e-mails on again" turns it back on. */
export interface EmailUnsubscribesTable {
  account_id: number;
  site_id: string;
  kind: string;
  created_at: Timestamp;
}

/** A mail provider callback already applied (its nonce), so a replay is refused. */
export interface MailEventReceiptsTable {
  id: string;
  received_at: Timestamp;
}

/** A brand's news mailing, sent in batches by the job queue. */
export interface MailingsTable {
  id: Id;
  site_id: string;
  kind: "news";
  subject: string;
  body: string;
  sent_through: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  finished_at: Date | null;
}

/** A member's choice for one notification kind on one channel; no row: the default for their country. */
export interface NotificationPreferencesTable {
  account_id: number;
  site_id: string;
  kind: string;
  channel: "email" | "push";
  enabled: boolean;
  updated_at: Timestamp;
}

export type ComplaintReason = "fake_profile" | "inappropriate_photos" | "harassment" | "scam" | "underage" | "other";

export interface ComplaintsTable {
  id: Id;
  site_id: string;
  reporter_account_id: number | null;
  reporter_email: string | null;
  profile_id: number | null;
  reason: ComplaintReason;
  message: ColumnType<string, string | undefined, string>;
  status: ColumnType<ComplaintStatus, ComplaintStatus | undefined, ComplaintStatus>;
  outcome: ColumnType<string | null, string | null | undefined, string | null>;
  /** The staff account that took it on. */
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export type ComplaintStatus = "open" | "in_progress" | "resolved";

export interface SessionsTable {
  id_hash: string;
  account_id: number;
  site_id: string;
  created_at: Timestamp;
  expires_at: Date;
}

export type TokenPurpose = "activation" | "password_reset" | "mail_change" | "reactivation";

export interface AccountTokensTable {
  token_hash: string;
  account_id: number;
  purpose: TokenPurpose;
  new_email: string | null;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export type LedgerReason = "signup" | "message" | "photo" | "gift" | "purchase" | "refund" | "chargeback" | "adjustment";

export interface CreditLedgerTable {
  id: Id;
  account_id: number;
  site_id: string;
  delta: number;
  balance_after: number;
  reason: LedgerReason;
  idempotency_key: string;
  created_at: Timestamp;
}

export interface MailOutboxTable {
  id: Id;
  site_id: string;
  account_id: number | null;
  kind: string;
  message: ColumnType<Record<string, unknown>, string, string>;
  created_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  sent_at: Date | null;
  last_error: string | null;
}

export interface ConversationsTable {
  id: Id;
  pool: string;
  started_by: number | null;
  created_at: Timestamp;
  last_message_at: Timestamp;
}

export interface ConversationMembersTable {
  conversation_id: number;
  profile_id: number;
  /** null: the system sender. */
  other_profile_id: number | null;
  unread_count: ColumnType<number, number | undefined, number>;
  read_through: ColumnType<number, number | undefined, number>;
  cleared_through: ColumnType<number, number | undefined, number>;
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
  /** The newest message of the other side a notification mail already told this member about. */
  mailed_through: ColumnType<number, number | undefined, number>;
}

export type MessageKind = "text" | "image" | "gift" | "system";

export interface MessagesTable {
  id: Id;
  conversation_id: number;
  /** null: the system sender. */
  sender_id: number | null;
  kind: MessageKind;
  body: ColumnType<string, string | undefined, string>;
  image_filename: string | null;
  image_thumb_filename: string | null;
  gift: string | null;
  client_id: string | null;
  credits: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export type PaymentStatus = "open" | "pending" | "paid" | "failed" | "canceled" | "expired" | "refunded" | "charged_back";
export type PaymentSequence = "oneoff" | "first" | "recurring";

export interface PaymentsTable {
  id: Id;
  site_id: string;
  account_id: number;
  package: string;
  credits: number;
  /** Minor units (cents) of currency. */
  amount: number;
  currency: string;
  method: string;
  issuer: string | null;
  transaction_costs: ColumnType<number, number | undefined, number>;
  provider: string;
  provider_reference: string | null;
  /** The provider's hosted checkout while the payment is open; none for a recurring charge. */
  checkout_url: ColumnType<string | null, string | null | undefined, string | null>;
  sequence: ColumnType<PaymentSequence, PaymentSequence | undefined, PaymentSequence>;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  order_key: string;
  credits_taken_back: ColumnType<number, number | undefined, number>;
  credits_not_taken_back: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  paid_at: Date | null;
  ended_at: Date | null;
  /** A staff refund asked of the provider (set before the call, so it is asked once); see server/support/member-refund.ts. */
  refund_requested_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  refund_requested_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** The discount the amount is after (server/promotions): its code, percentage (numeric, read as a string) and the package's own price. */
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  discount_percentage: ColumnType<string | null, number | null | undefined, number | null>;
  amount_before_discount: ColumnType<number | null, number | null | undefined, number | null>;
  /** The direct-debit collection (pain.008 file) a 'sepa' payment went out in; see server/directdebit/collection.ts. */
  collection_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PaymentEventsTable {
  id: Id;
  payment_id: number | null;
  provider: string;
  provider_reference: string | null;
  status: string;
  outcome: "applied" | "duplicate" | "refused";
  detail: ColumnType<string, string | undefined, string>;
  received_at: Timestamp;
}

export interface PaymentMandatesTable {
  id: Id;
  account_id: number;
  site_id: string;
  provider: string;
  customer_reference: string;
  mandate_reference: string;
  method: string;
  label: ColumnType<string, string | undefined, string>;
  status: ColumnType<"valid" | "invalid", "valid" | "invalid" | undefined, "valid" | "invalid">;
  created_at: Timestamp;
}

/** One run's pain.008 file for one brand (server/directdebit/collection.ts). */
export interface DirectDebitCollectionsTable {
  id: Id;
  site_id: string;
  message_id: string;
  file_name: string;
  payment_count: number;
  /** Minor units (cents) of currency. */
  total_amount: number;
  currency: string;
  /** 'YYYY-MM-DD' going in; read it as text (a date column comes back as a Date). */
  collection_date: ColumnType<Date, string, string>;
  created_at: Timestamp;
}

/** A returned debit (R-transaction) the bank reported (server/directdebit/returns.ts). */
export interface DirectDebitReturnsTable {
  id: Id;
  site_id: string;
  payment_id: number;
  report_message_id: string;
  reason_code: string;
  blocked_iban: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export type StaffRole = "support" | "moderator" | "admin";

export interface StaffAccountsTable {
  id: Id;
  email: string;
  role: StaffRole;
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  disabled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface StaffTokensTable {
  token_hash: string;
  staff_id: number;
  purpose: "setup";
  /** The authenticator secret the set-up page offers; '' once the link is spent. */
  totp_secret: string;
  created_at: Timestamp;
  expires_at: Date;
  used_at: Date | null;
}

export interface StaffRecoveryCodesTable {
  staff_id: number;
  code_hash: string;
  used_at: Date | null;
}

export interface StaffPasskeysTable {
  /** The credential id, base64url. */
  id: string;
  staff_id: number;
  public_key: Uint8Array;
  counter: ColumnType<number, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  last_used_at: Date | null;
}

export interface StaffSessionsTable {
  id_hash: string;
  staff_id: number;
  created_at: Timestamp;
  /** When the second factor was given; null while only the password was. */
  verified_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_seen_at: Timestamp;
  expires_at: Date;
  ip: ColumnType<string, string | undefined, string>;
}

export interface StaffAuditTable {
  id: Id;
  staff_id: number | null;
  action: string;
  site_id: string | null;
  account_id: number | null;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
  ip: ColumnType<string, string | undefined, never>;
  at: ColumnType<Date, never, never>;
}

export type DiscountValidity = "once_per_user" | "unlimited";

export interface DiscountCodesTable {
  id: Id;
  site_id: string;
  code: string;
  /** numeric(5,2): read as a string. */
  percentage: ColumnType<string, number, number>;
  minimum_order_value: number | null;
  currency: string | null;
  country: string | null;
  account_id: number | null;
  expires_at: Date | null;
  status: ColumnType<"active" | "disabled", "active" | "disabled" | undefined, "active" | "disabled">;
  validity: ColumnType<DiscountValidity, DiscountValidity | undefined, DiscountValidity>;
  payment_methods: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
}

export interface DiscountUsesTable {
  payment_id: number;
  account_id: number;
  code: string;
  state: ColumnType<"held" | "used", "held" | "used" | undefined, "held" | "used">;
  created_at: Timestamp;
}

export type DirectDebitMandateStatus = "awaiting_code" | "confirmed" | "void";

/** A member's SEPA direct-debit mandate (migration 0014): one per purchase, signed with an SMS code. */
export interface DirectDebitMandatesTable {
  id: Id;
  site_id: string;
  account_id: number;
  /** The SEPA mandate id, such as FLIRTNL-000123. */
  reference: string;
  account_holder: string;
  /** AES-256-GCM, see server/directdebit/iban-vault.ts. */
  iban_encrypted: string;
  iban_hash: string;
  iban_last4: string;
  street: string;
  house_number: string;
  zip: string;
  city: string;
  /** E.164. */
  phone: string;
  phone_hash: string;
  package: string;
  amount: number;
  currency: string;
  discount_code: ColumnType<string | null, string | null | undefined, string | null>;
  discount_percentage: ColumnType<string | null, number | null | undefined, number | null>;
  amount_before_discount: ColumnType<number | null, number | null | undefined, number | null>;
  order_key: string;
  status: ColumnType<DirectDebitMandateStatus, DirectDebitMandateStatus | undefined, DirectDebitMandateStatus>;
  code_hash: string | null;
  code_attempts: ColumnType<number, number | undefined, number>;
  code_sent_at: ColumnType<Date, Date | string, Date | string>;
  code_expires_at: ColumnType<Date, Date | string, Date | string>;
  resend_count: ColumnType<number, number | undefined, number>;
  payment_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The date of signature in pain.008: when the right code was given. */
  signed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface DirectDebitBlocksTable {
  kind: "iban" | "phone";
  value_hash: string;
  reason: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
}

export type JobOutcome = "done" | "failed";

export interface JobsTable {
  id: Id;
  kind: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  key: string | null;
  run_at: Timestamp;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  locked_until: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  outcome: ColumnType<JobOutcome | null, JobOutcome | null | undefined, JobOutcome | null>;
  created_at: Timestamp;
}

/** Special-category data (GDPR art. 9): sexuality and sexual interests. */
export type ConsentKind = "special_category";

/** A member's consent as given (see server/privacy/consent.ts); withdrawn_at ends it. */
export interface ConsentRecordsTable {
  id: Id;
  account_id: number;
  site_id: string;
  kind: ConsentKind;
  /** The terms' date, 'YYYY-MM-DD'. */
  terms_version: ColumnType<string, string, string>;
  wording: string;
  language: string;
  given_at: Timestamp;
  withdrawn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface PageBouncesTable {
  id: Id;
  site_id: string;
  path: string;
  network: string | null;
  ref: string | null;
  ms_on_page: number;
  went_on: boolean;
  created_at: Timestamp;
}

/** Lander visits per UTC day, design, slug and traffic source ('' for none); see server/analytics/lander-visits.ts. */
export interface LanderVisitsTable {
  site_id: string;
  day: ColumnType<string, string, string>;
  design: string;
  slug: string;
  network: string;
  visits: number;
}
