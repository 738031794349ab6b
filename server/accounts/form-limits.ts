// The account forms' lengths (§5), apart from their schemas (forms.ts) so that a page can set its
// inputs' maxlength without loading zod.
export const NAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const SIGNUP_MESSAGE_MAX = 500;
