import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema";

/** The kinds a member can turn on or off per channel (§3 Notification preferences). */
export const NOTIFICATION_KINDS = [
  "new_conversations",
  "new_messages",
  "like",
  "unread_message_reminders",
  "promotions",
  "weekly_updates",
  "news",
  "reminders",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const CHANNELS = ["email", "push"] as const;
export type Channel = (typeof CHANNELS)[number];

/** Marketing kinds: off by default where the member's country requires an opt-in for them. */
const MARKETING_KINDS: ReadonlySet<NotificationKind> = new Set(["promotions", "news"]);

/**
 * Countries whose law requires prior consent (an opt-in) for marketing by e-mail or push, so a
 * member there gets promotions and news only after turning them on. Why each is listed:
 * docs/decisions/038-notifications.md.
 */
export const MARKETING_OPT_IN_COUNTRIES: ReadonlySet<string> = new Set([
  // EU (ePrivacy Directive art. 13)
  "AT", "BE", "BG", "HR", "CY", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IE", "IT", "LV",
  "LT", "LU", "MT", "NL", "PL", "PT", "RO", "SK", "SI", "ES", "SE",
  // EEA (the directive applies through the EEA agreement)
  "IS", "LI", "NO",
  // United Kingdom (PECR reg. 22), Switzerland (UWG art. 3 o)
  "GB", "CH",
  // Canada (CASL), Australia (Spam Act 2003), New Zealand (UEMA 2007), Japan (Act on Specified
  // Electronic Mail), South Korea (Network Act art. 50), South Africa (POPIA s. 69)
  "CA", "AU", "NZ", "JP", "KR", "ZA",
]);

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === "string" && (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

/** What a member gets when they never chose: everything, but marketing only where no opt-in is required. */
export function defaultPreference(country: string, kind: NotificationKind): boolean {
  return !(MARKETING_KINDS.has(kind) && MARKETING_OPT_IN_COUNTRIES.has(country.toUpperCase()));
}

export type Preferences = Record<NotificationKind, Record<Channel, boolean>>;

/** Every kind on every channel for one member: the stored choice, else the default for their country. */
export async function loadPreferences(
  db: Kysely<Database> | Transaction<Database>,
  { siteId, accountId }: { siteId: string; accountId: number },
): Promise<Preferences | null> {
  // One round trip: the account's country, and a row per stored choice (one row of nulls without any).
  const rows = await db
    .selectFrom("accounts")
    .leftJoin("notification_preferences as preference", "preference.account_id", "accounts.id")
    .select(["accounts.country", "preference.kind", "preference.channel", "preference.enabled"])
    .where("accounts.id", "=", accountId)
    .where("accounts.site_id", "=", siteId)
    .execute();
  const [account] = rows;
  if (!account) return null;
  const preferences = Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const value = defaultPreference(account.country, kind);
      return [kind, { email: value, push: value }];
    }),
  ) as Preferences;
  for (const row of rows) {
    if (isNotificationKind(row.kind) && (row.channel === "email" || row.channel === "push") && row.enabled !== null) preferences[row.kind][row.channel] = row.enabled;
  }
  return preferences;
}

/** Whether the member wants this kind on this channel (stored choice, or the default for their country). */
export async function wantsNotification(
  db: Kysely<Database> | Transaction<Database>,
  { accountId, kind, channel }: { accountId: number; kind: NotificationKind; channel: Channel },
): Promise<boolean> {
  const row = await db
    .selectFrom("accounts")
    .leftJoin("notification_preferences as preference", (join) =>
      join
        .onRef("preference.account_id", "=", "accounts.id")
        .on("preference.kind", "=", kind)
        .on("preference.channel", "=", channel),
    )
    .select(["accounts.country", "preference.enabled"])
    .where("accounts.id", "=", accountId)
    .executeTakeFirst();
  if (!row) return false;
  return row.enabled ?? defaultPreference(row.country, kind);
}

type StoredPreference = { kind: NotificationKind; channel: Channel; enabled: boolean };

/** Stores these choices of the member in one statement, replacing what was stored for each kind and channel. */
async function storePreferences(
  db: Kysely<Database> | Transaction<Database>,
  { siteId, accountId, choices }: { siteId: string; accountId: number; choices: StoredPreference[] },
): Promise<void> {
  if (choices.length === 0) return;
  const now = new Date();
  await db
    .insertInto("notification_preferences")
    .values(choices.map((choice) => ({ account_id: accountId, site_id: siteId, ...choice, updated_at: now })))
    .onConflict((conflict) =>
      conflict.columns(["account_id", "kind", "channel"]).doUpdateSet((eb) => ({
        enabled: eb.ref("excluded.enabled"),
        updated_at: eb.ref("excluded.updated_at"),
      })),
    )
    .execute();
}

/**
 * Stores every kind on both channels in one statement, so the form is saved whole or not at all,
 * and sending it twice leaves the same rows.
 */
export async function savePreferences(
  db: Kysely<Database> | Transaction<Database>,
  { siteId, accountId, preferences }: { siteId: string; accountId: number; preferences: Preferences },
): Promise<void> {
  const choices = NOTIFICATION_KINDS.flatMap((kind) => CHANNELS.map((channel) => ({ kind, channel, enabled: preferences[kind][channel] })));
  await storePreferences(db, { siteId, accountId, choices });
}

/** Turns these kinds on or off for e-mail (an unsubscribe link turns one off; "turn e-mails on again" turns those back on). */
export async function setEmailPreferences(
  db: Kysely<Database> | Transaction<Database>,
  { siteId, accountId, kinds, enabled }: { siteId: string; accountId: number; kinds: readonly NotificationKind[]; enabled: boolean },
): Promise<void> {
  await storePreferences(db, { siteId, accountId, choices: kinds.map((kind) => ({ kind, channel: "email" as const, enabled })) });
}
