import { describe, expect, it } from "vitest";
import { createI18n, loadCatalog } from "../../server/i18n/catalog";
import { parseSiteFile } from "../../server/sites/load";
import { supportPhone } from "../../server/sites/phone";
import { publicSettings } from "../../server/sites/settings";
import { siteFile } from "../support/site-fixtures";

const i18n = await createI18n(await loadCatalog("locales"));

function settingsFor(overrides: Record<string, unknown>, geoipCountry: string) {
  const site = parseSiteFile("sites/t.json", JSON.stringify(siteFile(overrides))).site!;
  return publicSettings({ site, language: "nl", geoipCountry, t: i18n.getFixedT("nl") });
}

describe("settings (§3)", () => {
  it("answers every site setting of §3", () => {
    const settings = settingsFor({}, "NL");
    for (const key of [
      "countries", "name", "domain", "domain_language", "index_title", "description", "visible_profile_fields",
      "visible_profile_notes", "geoip_country", "geoip_selected_country", "region_data", "cdn_prefix", "message_credits",
      "signup_credits", "photo_credits", "gift_credits", "message_length", "minimum_message_costs", "support_email",
      "support_phone", "company", "delete_discount", "enable_site_entry_popup", "push_public_key", "search_fields",
      "fictional_warning", "refund_days", "signups", "logged_out_search", "logged_out_search_trafficsource", "interests",
      "member_resell", "niche", "mail_name",
    ]) {
      expect(settings, key).toHaveProperty(key);
    }
  });

  it("selects the visitor's country when the site serves it, else its default", () => {
    expect(settingsFor({ countries: ["NL", "BE"] }, "BE")).toMatchObject({ geoip_country: "BE", geoip_selected_country: "BE" });
    expect(settingsFor({ countries: ["NL", "BE"] }, "US")).toMatchObject({ geoip_country: "US", geoip_selected_country: "NL" });
  });

  it("gives the region label of each country (§9)", () => {
    expect(settingsFor({ countries: ["NL", "CH", "PL"] }, "NL").region_data).toEqual({
      NL: { label: "province" },
      CH: { label: "canton" },
      PL: { label: "voivodeship" },
    });
  });

  it("uses the brand's own texts when given, else the catalogue's", () => {
    expect(settingsFor({}, "NL").fictional_warning.singular).toBe("Dit profiel is fictief: fysiek contact is niet mogelijk.");
    const own = settingsFor({ fictional_warning: { singular: { nl: "Eén fictief" }, plural: "Meer fictief" } }, "NL");
    expect(own.fictional_warning).toEqual({ singular: "Eén fictief", plural: "Meer fictief" });
  });

  it("cleans the support phone of hyphens and spaces, and writes US numbers with dashes (§9)", () => {
    expect(supportPhone("+31 20-555 0134", "NL")).toBe("+31205550134");
    expect(supportPhone("+1 (213) 555 0147", "US")).toBe("213-555-0147");
    expect(supportPhone(undefined, "NL")).toBeUndefined();
  });
});
