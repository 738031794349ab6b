import { createContext, useContext } from "react";

/** The id of the script block that carries the page's translations to the browser. */
export const PAGE_TRANSLATIONS_ID = "page-translations";

/** The escaped JSON of the page's catalogues: set by entry.server, and by entry.client from the page itself. */
export const PageTranslationsContext = createContext<string | null>(null);

/**
 * The catalogues the server rendered the page with (its route namespaces, in its language and
 * fallbacks), in the HTML so the browser hydrates without fetching them. The client renders the
 * same text it read from the block, so hydration leaves it alone.
 */
export function PageTranslations({ nonce }: { nonce: string | undefined }) {
  const json = useContext(PageTranslationsContext);
  if (json === null) return null;
  return <script type="application/json" id={PAGE_TRANSLATIONS_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: json }} />;
}

/** The block's text on the client, once, before hydrating. */
export function readPageTranslations(): string | null {
  return document.getElementById(PAGE_TRANSLATIONS_ID)?.textContent ?? null;
}
