/** Limits the console's forms show and check; kept apart from server code, so a page's bundle can carry them. */

/** Staff passwords: long rather than clever (NIST 800-63B), checked by length only. */
export const STAFF_PASSWORD_MIN = 12;
export const STAFF_PASSWORD_MAX = 200;
