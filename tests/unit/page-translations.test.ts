import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import i18next, { type i18n } from "i18next";
import { PageTranslations, PageTranslationsContext } from "../../app/components/page-translations";
import { jsonForScript } from "../../app/lib/embedded-json";
import { pageI18n, pageTranslations } from "../../app/lib/page-translations.server";
import { createI18n, loadCatalog } from "../../server/i18n/catalog";
import { FALLBACK_LANGUAGES } from "../../server/i18n/languages";

const hostile = { title: "</script><script>alert(1)</script>", comment: "<!-- <script>", closing: "</SCRIPT >", plain: "a & b" };

function renderBlock(json: string): string {
  return renderToStaticMarkup(createElement(PageTranslationsContext.Provider, { value: json }, createElement(PageTranslations, { nonce: "n0nce" })));
}

describe("JSON embedded in a script block", () => {
  it("reads back the same value", () => {
    expect(JSON.parse(jsonForScript(hostile))).toEqual(hostile);
  });

  it("cannot end the block or open a comment, whatever the texts hold", () => {
    const html = renderBlock(jsonForScript(hostile));
    expect(html).not.toContain("<!--");
    // One opening and one closing tag: the texts did not end the block early.
    expect(html.match(/<script/gi)).toHaveLength(1);
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.endsWith("</script>")).toBe(true);
    expect(html).toContain('nonce="n0nce"');
    const body = html.slice(html.indexOf(">") + 1, -"</script>".length);
    expect(JSON.parse(body)).toEqual(hostile);
  });

  it("without escaping, the same texts would end the block (the test can fail)", () => {
    const html = renderBlock(JSON.stringify(hostile));
    expect(html.match(/<\/script/gi)!.length).toBeGreaterThan(1);
  });
});

describe("a page's translations", () => {
  let instance: i18n;
  beforeAll(async () => {
    instance = await createI18n(await loadCatalog("locales"));
  });

  it("hold exactly the page's namespaces in its language", () => {
    const resources = pageTranslations(instance, "nl", ["common", "likes"]);
    expect(Object.keys(resources)).toEqual(["nl"]);
    expect(Object.keys(resources.nl!)).toEqual(["common", "likes"]);
    expect(resources.nl!.likes).toEqual(instance.getResourceBundle("nl", "likes"));
  });

  it("hold a regional variant with its language beneath, every bundle present even where the variant overrides nothing", () => {
    const resources = pageTranslations(instance, "nl-BE", ["common", "members", "swipe"]);
    expect(Object.keys(resources)).toEqual(["nl-BE", "nl"]);
    for (const ns of ["common", "members", "swipe"]) {
      expect(resources["nl-BE"]![ns]).toEqual(instance.getResourceBundle("nl-BE", ns) ?? {});
      expect(resources.nl![ns]).toEqual(instance.getResourceBundle("nl", ns));
    }
  });

  it("let an i18next set up as the browser's resolve keys as the server did, without loading anything", async () => {
    const browser = i18next.createInstance();
    await browser.init({ lng: "nl-BE", fallbackLng: FALLBACK_LANGUAGES, defaultNS: "common", resources: pageTranslations(instance, "nl-BE", ["common", "members"]), initImmediate: false });
    const server = instance.getFixedT("nl-BE");
    // Overridden by the variant, and only in the language beneath it.
    expect(browser.t("nav.login")).toBe("Aanmelden");
    expect(browser.t("nav.login")).not.toBe(instance.getFixedT("nl")("nav.login"));
    expect(browser.t("footer.support")).toBe(server("footer.support"));
    expect(browser.t("members:profile.like")).toBe(server("members:profile.like"));
    expect(browser.t("members:profile.like")).not.toBe("profile.like");
  });

  it("are serialised once per language and set of namespaces", () => {
    const first = pageI18n(instance, "de", ["likes", "common"]).translationsJson;
    expect(pageI18n(instance, "de", ["common", "likes", "common"]).translationsJson).toBe(first);
    expect(JSON.parse(first)).toEqual(pageTranslations(instance, "de", ["common", "likes"]));
  });
});

describe("a page's i18next instance", () => {
  const resources = {
    nl: { common: { hello: "Hallo {{name}}" }, members: { title: "Leden" } },
    en: { common: { hello: "Hello {{name}}" }, members: { title: "Members" } },
  };

  it("is made once per language and namespaces, and kept", async () => {
    const shared = await createI18n(resources);
    const dutch = pageI18n(shared, "nl", ["common", "members"]).instance;
    expect(pageI18n(shared, "nl", ["members", "common"]).instance).toBe(dutch);
    expect(pageI18n(shared, "en", ["common", "members"]).instance).not.toBe(dutch);
    expect(pageI18n(shared, "nl", ["common"]).instance).not.toBe(dutch);
    expect(pageI18n(await createI18n(resources), "nl", ["common", "members"]).instance).not.toBe(dutch);
  });

  it("translates in its language, whatever the others and the shared instance are set to", async () => {
    const shared = await createI18n(resources);
    const sharedLanguage = shared.language;
    const dutch = pageI18n(shared, "nl", ["common", "members"]).instance;
    const english = pageI18n(shared, "en", ["common", "members"]).instance;
    expect(dutch.t("hello", { name: "Sanne" })).toBe("Hallo Sanne");
    expect(english.t("hello", { name: "Sam" })).toBe("Hello Sam");
    expect(dutch.t("members:title")).toBe("Leden");
    expect(shared.language).toBe(sharedLanguage);
    expect(pageI18n(shared, "nl", ["common", "members"]).instance.t("hello", { name: "Joost" })).toBe("Hallo Joost");
  });
});
