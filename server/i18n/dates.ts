import type { Locale } from "date-fns";
import { da, de, enGB, enUS, es, fi, fr, frCH, it, nb, nl, nlBE, pl, sv } from "date-fns/locale";
import { formatInTimeZone } from "date-fns-tz";

const DATE_LOCALES: Record<string, Locale> = {
  nl, "nl-BE": nlBE, da, de, en: enGB, "en-US": enUS, es, fi, fr, "fr-BE": fr, "fr-CH": frCH, it, nb, pl, sv,
};

/** A date in the visitor's language and time zone; Dutch when the language is unknown (§1). */
export function formatDate(date: Date | string | number, language: string, timeZone: string, pattern = "PPP"): string {
  return formatInTimeZone(date, timeZone, pattern, { locale: DATE_LOCALES[language] ?? nl });
}

/** §3: the terms are dated December 2023, or the company's added date when that is later. */
export function termsVersionDate(companyAdded: string | undefined): Date {
  const base = new Date("2023-12-01T00:00:00Z");
  const added = companyAdded ? new Date(`${companyAdded}T00:00:00Z`) : undefined;
  return added && added > base ? added : base;
}

// Every request asks for today's date. Each zone keeps its formatter (building one is most of the
// cost of formatting) and the day it last gave with the minute it was asked in: every zone's offset
// is a whole number of quarter hours, so its date never changes within a UTC minute.
const days = new Map<string, { format: Intl.DateTimeFormat; minute: number; day: string }>();

/** Today's calendar date in a time zone, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  let kept = days.get(timeZone);
  if (kept?.minute === minute) return kept.day;
  if (!kept) {
    kept = { format: new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }), minute, day: "" };
    days.set(timeZone, kept);
  }
  const part = Object.fromEntries(kept.format.formatToParts(now).map(({ type, value }) => [type, value]));
  kept.minute = minute;
  kept.day = `${part.year}-${part.month}-${part.day}`;
  return kept.day;
}
