/** What a host that belongs to no brand sees: plain, and naming no brand. */
export const UNKNOWN_HOST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Not found</title></head>
<body style="font-family: system-ui, sans-serif; margin: 3rem auto; max-width: 32rem; padding: 0 1rem; color: #222">
<h1>Not found</h1><p>This page could not be found.</p></body></html>`;
