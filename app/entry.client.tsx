import { RemixBrowser } from "@remix-run/react";
import i18next, { type Resource } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { FALLBACK_LANGUAGES } from "../server/i18n/languages";
import { PageTranslationsContext, readPageTranslations } from "./components/page-translations";
import { reloadOnChunkFailure } from "./lib/chunk-reload";
import { LazyHttpBackend } from "./lib/lazy-http-backend";

reloadOnChunkFailure();

const translations = readPageTranslations();

// The page carries the catalogues the server rendered it with, so i18next starts at once from them
// and nothing flips. The backend only fetches namespaces a later client-side navigation needs, and
// is itself fetched then.
void i18next
  .use(initReactI18next)
  .use(LazyHttpBackend)
  .init({
    lng: document.documentElement.dataset.i18n ?? document.documentElement.lang,
    ns: getInitialNamespaces(),
    defaultNS: "common",
    fallbackLng: FALLBACK_LANGUAGES,
    resources: translations ? (JSON.parse(translations) as Resource) : undefined,
    partialBundledLanguages: true,
    initImmediate: false,
    backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
    interpolation: { escapeValue: false },
  });

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <PageTranslationsContext.Provider value={translations}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </PageTranslationsContext.Provider>
    </I18nextProvider>,
  );
});
