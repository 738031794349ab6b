import { escapeMarkup } from "../escape-markup";

type RefusalPage = { language: string; title: string; message: string; homeLabel: string };

/**
 * The page for a form post refused before Remix renders anything (cross-site, oversized): plain,
 * in the visitor's language, with the way back home. No script, so no CSP nonce is needed.
 */
export function refusalPage({ language, title, message, homeLabel }: RefusalPage): string {
  return `<!doctype html>
<html lang="${escapeMarkup(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeMarkup(title)}</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem; padding: 0 1rem; color: #222">
<main><h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(message)}</p><p><a href="/" style="color: #0645ad">${escapeMarkup(homeLabel)}</a></p></main></body></html>`;
}
