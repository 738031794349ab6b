/** The query parameter that turns page-bounce logging on for a page view (§4). */
export const BOUNCE_LOG_PARAM = "lb";
/** Where the browser sends it, by sendBeacon when the visitor leaves the page they landed on. */
export const PAGE_BOUNCE_PATH = "/api/page-bounce";
