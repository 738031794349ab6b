/**
 * An image the browser fetches before the others (the first photos a page shows). React 18 knows no
 * `fetchPriority` prop (React 19 does) and warns on it, so the attribute is spelled as HTML has it.
 */
export const FETCH_FIRST: Record<string, string> = { fetchpriority: "high" };
