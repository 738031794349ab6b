import { sql, type Kysely } from "kysely";
import type { Database, Gender } from "../db/schema";
import type { Services } from "../http/request-context";
import { todayIn } from "../i18n/dates";
import { brandedMail, type MailCard } from "../mail/messages";
import { searchMembers, type SearchCard } from "../search/search";
import { defaultFilters } from "../search/state";
import { COUNTRIES, isCountryCode } from "../sites/countries";
import type { Site } from "../sites/schema";
import { notificationMailParts } from "./recipient";
import { queueScheduledMail } from "./scheduled";

const DAY_MS = 24 * 3_600_000;
/** The members a weekly update shows at most. */
export const WEEKLY_CARDS = 6;
/** At least this long between two weekly updates to one member, whatever the calendar week. */
const WEEKLY_GAP_MS = 6 * DAY_MS;
const BATCH = 200;

/** ISO 8601 week of a date, "2026-W48": what a weekly update is about. */
export function isoWeek(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  // The week belongs to the year of its Thursday.
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7));
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((day.getTime() - yearStart) / DAY_MS + 1) / 7);
  return `${day.getUTCFullYear()}-W${String(week).padStart(2, "0")}`;
}

/** A photo URL as a mail needs it: absolute (cdn_prefix "/media" is relative to the brand's origin). */
const absoluteUrl = (origin: string, url: string) => (url.startsWith("/") ? `${origin}${url}` : url);

/**
 * The members who joined in the last week and match what the viewer looks for, by the search the
 * member would see (their default filters: the gender they look for, the brand's ages, blocks, the
 * niche), oldest first so a member is shown in one week's update, not two.
 */
async function newMatchingMembers(
  db: Kysely<Database>,
  { site, viewer, now }: { site: Site; viewer: { profileId: number; gender: Gender | null; sexuality: string | null; country: string }; now: Date },
): Promise<SearchCard[]> {
  const timeZone = isCountryCode(viewer.country) ? COUNTRIES[viewer.country].timeZone : "Europe/Amsterdam";
  const page = await searchMembers(db, {
    site,
    viewerProfileId: viewer.profileId,
    filters: defaultFilters(site, viewer),
    today: todayIn(timeZone, now),
    // "before" a position means newer than it: the members who joined after a week ago.
    cursor: { direction: "before", createdAt: new Date(now.getTime() - 7 * DAY_MS), id: 0 },
    pageSize: WEEKLY_CARDS,
    count: false,
  });
  return page.results;
}

type WeeklyCandidate = { account_id: number; profile_id: number; gender: Gender | null; sexuality: string | null; country: string };

/**
 * Weekly updates (kind weekly_updates): to each member who wants them, the new members of the last
 * week who match their search, with photos; nothing when there are none. Once per ISO week and at most
 * one in six days. Works through the brand's members in batches (the job runs again for the rest).
 */
export async function sendWeeklyUpdates(services: Services, now = new Date()): Promise<number> {
  const db = services.store.db;
  const week = isoWeek(now);
  const recent = new Date(now.getTime() - WEEKLY_GAP_MS);
  let queued = 0;
  for (const site of services.sites.all()) {
    let after = 0;
    for (;;) {
      // Explicit "off" and earlier sends are left out here; mailRecipient checks the rest again.
      const { rows } = await sql<WeeklyCandidate>`
        select a.id as account_id, p.id as profile_id, p.gender, p.sexuality, a.country
        from accounts a
        join profiles p on p.account_id = a.id and p.status = 'active'
        where a.site_id = ${site.id} and a.id > ${after} and a.status = 'confirmed' and a.banned_at is null and a.deleted_at is null
          and cardinality(a.notifications_disabled) = 0
          and not exists (select 1 from notification_preferences np where np.account_id = a.id and np.kind = 'weekly_updates' and np.channel = 'email' and np.enabled = false)
          and not exists (select 1 from notification_sends s where s.account_id = a.id and s.kind = 'weekly_updates' and (s.about = ${`weekly:${week}`} or s.sent_at > ${recent}))
        order by a.id
        limit ${BATCH}
      `.execute(db);
      for (const row of rows) {
        const viewer = { profileId: Number(row.profile_id), gender: row.gender, sexuality: row.sexuality, country: row.country };
        const sent = await queueScheduledMail(services, {
          siteId: site.id,
          accountId: Number(row.account_id),
          kind: "weekly_updates",
          about: `weekly:${week}`,
          // In the mail's transaction: the embedded store has one connection, another query would wait for it.
          render: async (recipient, tx) => {
            const members = await newMatchingMembers(tx, { site, viewer, now });
            if (members.length === 0) return undefined;
            const { t, origin } = recipient;
            const cards: MailCard[] = members.map((member) => ({
              name: member.name,
              detail: [t("mail:weekly.age", { age: member.age }), member.city ?? member.region].filter(Boolean).join(", "),
              photo: member.image ? absoluteUrl(origin, member.image.thumb_filename) : null,
              link: `${origin}/members/${member.id}`,
            }));
            const vars = { site: site.name, count: members.length };
            return brandedMail({
              ...notificationMailParts(recipient),
              subject: t("mail:weekly.subject", vars),
              intro: t("mail:weekly.intro", vars),
              cards,
              action: { button: t("mail:weekly.button", vars), link: `${origin}/members` },
            });
          },
        });
        if (sent) queued += 1;
      }
      if (rows.length < BATCH) break;
      after = Number(rows.at(-1)!.account_id);
    }
  }
  if (queued > 0) services.mailer.kick();
  return queued;
}
