/**
 * The names the consent box shares between the server and the browser; this file imports nothing,
 * so the forms that show the box carry no server code.
 */

/** The name of the box on the signup and profile forms; ticked, it sends "on". */
export const CONSENT_FIELD = "special_consent";

/**
 * The sentence next to the box ({{name}}: the brand). It lives in the account namespace, which
 * every page has, because the signup modal opens on any page.
 */
export const CONSENT_WORDING_KEY = "account:consent.specialCategory";

/** The line under the sentence: where the consent is withdrawn. */
export const CONSENT_HINT_KEY = "account:consent.withdrawHint";

/** The message when the box is needed and not ticked. */
export const CONSENT_REQUIRED_KEY = "account:consent.required";
