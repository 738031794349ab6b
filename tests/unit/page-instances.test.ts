import { describe, expect, it } from "vitest";
import { createI18n } from "../../server/i18n/catalog";
import { pageInstance } from "../../server/i18n/page-instances";

const resources = {
  nl: { common: { hello: "Hallo {{name}}" }, members: { title: "Leden" } },
  en: { common: { hello: "Hello {{name}}" }, members: { title: "Members" } },
};

describe("page instances", () => {
  it("makes one instance per language and namespaces, and keeps it", async () => {
    const shared = await createI18n(resources);
    const dutch = pageInstance(shared, "nl", ["common", "members"]);
    expect(pageInstance(shared, "nl", ["common", "members"])).toBe(dutch);
    expect(pageInstance(shared, "en", ["common", "members"])).not.toBe(dutch);
    expect(pageInstance(shared, "nl", ["common"])).not.toBe(dutch);
    expect(pageInstance(await createI18n(resources), "nl", ["common", "members"])).not.toBe(dutch);
  });

  it("translates in its language, whatever the others and the shared instance are set to", async () => {
    const shared = await createI18n(resources);
    const sharedLanguage = shared.language;
    const dutch = pageInstance(shared, "nl", ["common", "members"]);
    const english = pageInstance(shared, "en", ["common", "members"]);
    expect(dutch.t("hello", { name: "Sanne" })).toBe("Hallo Sanne");
    expect(english.t("hello", { name: "Sam" })).toBe("Hello Sam");
    expect(dutch.t("members:title")).toBe("Leden");
    expect(shared.language).toBe(sharedLanguage);
    expect(pageInstance(shared, "nl", ["common", "members"]).t("hello", { name: "Joost" })).toBe("Hallo Joost");
  });
});
