import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { PageTranslationsContext } from "./components/page-translations";
import { contentSecurityPolicy } from "./csp.server";
import { pageI18n, pageNamespaces } from "./lib/page-translations.server";
import { renderStream } from "./lib/render-stream.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { instance, translationsJson } = pageI18n(loadContext.services.i18n, loadContext.i18nLanguage, pageNamespaces(remixContext));

  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <PageTranslationsContext.Provider value={translationsJson}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={loadContext.nonce} />
        </PageTranslationsContext.Provider>
      </I18nextProvider>,
      {
        nonce: loadContext.nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const { destination, body } = renderStream(() => clearTimeout(abortTimer));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (import.meta.env.PROD) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(loadContext));
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
          pipe(destination);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log.error({ err: error }, "render failed");
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY + 1_000);
  });
}

export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted) return;
  context.log.error({ err: error }, "request failed");
}
