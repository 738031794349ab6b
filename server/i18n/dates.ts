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

// One formatter per time zone: every request asks for today's date, and building the formatter is
// most of the cost of asking (a handful of zones per deployment).
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's calendar date in a time zone, 'YYYY-MM-DD'. */
export function todayIn(timeZone: string, now = new Date()): string {
  let dayFormat = dayFormats.get(timeZone);
  if (!dayFormat) {
    dayFormat = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, dayFormat);
  }
  const part = Object.fromEntries(dayFormat.formatToParts(now).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day}`;
}
