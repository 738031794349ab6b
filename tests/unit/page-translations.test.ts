import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import i18next, { type i18n } from "i18next";
import { PageTranslations, PageTranslationsContext } from "../../app/components/page-translations";
import { jsonForScript } from "../../app/lib/embedded-json";
import { pageTranslations, pageTranslationsJson } from "../../app/lib/page-translations.server";
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
    const first = pageTranslationsJson(instance, "de", ["likes", "common"]);
    expect(pageTranslationsJson(instance, "de", ["common", "likes", "common"])).toBe(first);
    expect(JSON.parse(first)).toEqual(pageTranslations(instance, "de", ["common", "likes"]));
  });
});
