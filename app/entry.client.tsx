import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import HttpBackend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { FALLBACK_LANGUAGES } from "../server/i18n/languages";

async function hydrate() {
  // The server rendered in this language; load the same namespaces before hydrating, so nothing flips.
  await i18next
    .use(initReactI18next)
    .use(HttpBackend)
    .init({
      lng: document.documentElement.dataset.i18n ?? document.documentElement.lang,
      ns: getInitialNamespaces(),
      defaultNS: "common",
      fallbackLng: FALLBACK_LANGUAGES,
      backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
      interpolation: { escapeValue: false },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
