// The direct-debit form's lengths, apart from its schema (form.ts) so that the page can draw the
// form without loading zod, ibantools and the phone metadata before anyone types.

/** The SEPA limit of a debtor's name. */
export const ACCOUNT_HOLDER_MAX = 70;
export const STREET_MAX = 70;
export const HOUSE_NUMBER_MAX = 10;
export const ZIP_MAX = 10;
export const CITY_MAX = 50;
export const PHONE_MAX = 20;
/** The longest IBAN (34) with the spaces of its printed form. */
export const IBAN_MAX = 42;
