/**
 * The server side of the deletion flow's routes (settings/delete, account-deleted and its
 * reactivation link), kept apart so no browser bundle ever carries it.
 */
export {
  DELETION_NOTE_MAX,
  DELETION_REASONS,
  deleteAccount,
  deletionConfirmSchema,
  deletionReasonSchema,
  OFFERS_FOR_REASON,
} from "../../server/accounts/deletion";
export { findReactivation, reactivateAccount, resendReactivationLink } from "../../server/accounts/reactivation";
export { DELETION_GRACE_DAYS } from "../../server/accounts/signup";
export { normalizeEmail } from "../../server/accounts/email-address";
export { formatDate } from "../../server/i18n/dates";
export { formatMoney } from "../../server/payments/money";
export { hasPaidBefore } from "../../server/payments/paid-before";
export { packagesFor } from "../../server/payments/packages";
export { isInvisible, setInvisible } from "../../server/profiles/profile";
export { offerDeleteDiscount } from "../../server/promotions/delete-discount";
