import { ENTRY_WARNING_COUNTRIES } from "../../server/sites/countries";

export type LayoutName = "default" | "chat" | "empty" | "lander";

/** Routes of the default layout that leave the entry warning out (§2). */
const DEFAULT_LAYOUT_EXCEPTIONS = new Set(["complete-signup", "reset-password", "reset-password-do"]);

/** §2: the entry warning is for visitors from NL and DE; the default layout leaves it off three routes. */
export function showEntryWarning(layout: LayoutName, routeId: string | undefined, visitorCountry: string): boolean {
  if (!ENTRY_WARNING_COUNTRIES.includes(visitorCountry)) return false;
  return layout !== "default" || !DEFAULT_LAYOUT_EXCEPTIONS.has(routeId ?? "");
}
