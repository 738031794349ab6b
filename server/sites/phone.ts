import { parsePhoneNumberFromString } from "libphonenumber-js";

/** §9: the support phone cleaned of hyphens and spaces; for US brands written with dashes. */
export function supportPhone(raw: string | undefined, country: string): string | undefined {
  if (!raw) return undefined;
  const phone = parsePhoneNumberFromString(raw, country as never);
  if (!phone) return raw.replace(/[\s-]/g, "");
  if (country === "US" && phone.country === "US") return phone.formatNational().replace(/[()]/g, "").replace(/\s/g, "-");
  return phone.number;
}
