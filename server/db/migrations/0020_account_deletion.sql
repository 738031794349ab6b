-- Account deletion with a 14-day grace, reactivation and erasure (issue 19; docs/decisions/040-account-deletion.md).

-- The reactivation link mailed at deletion is one more single-use link.
alter table account_tokens drop constraint account_tokens_purpose_check;
alter table account_tokens add constraint account_tokens_purpose_check
  check (purpose in ('activation', 'password_reset', 'mail_change', 'reactivation'));

-- Why the member left (a fixed key; the "other" text is erased with the account) and when the
-- erasure after the grace was done: the row stays as a tombstone without personal data.
alter table accounts add column deletion_reason text;
alter table accounts add column deletion_note text;
alter table accounts add column erased_at timestamptz;

-- What the erasure job looks for: deleted accounts not erased yet, oldest first.
create index accounts_pending_erasure_idx on accounts (deleted_at) where status = 'deleted' and erased_at is null;

-- The profile's status before deletion, so reactivation gives back what was there (a disabled or
-- staff-hidden profile stays so).
alter table profiles add column status_before_deletion text
  check (status_before_deletion in ('disabled', 'active', 'hidden'));

-- An erased mandate keeps its reference, amount and dates for the books; the holder's IBAN digits
-- and phone number are emptied, which the old checks did not allow.
alter table direct_debit_mandates drop constraint direct_debit_mandates_iban_last4_check;
alter table direct_debit_mandates add constraint direct_debit_mandates_iban_last4_check check (iban_last4 ~ '^([0-9A-Z]{4})?$');
alter table direct_debit_mandates drop constraint direct_debit_mandates_phone_check;
alter table direct_debit_mandates add constraint direct_debit_mandates_phone_check check (phone ~ '^(\+[1-9][0-9]{6,14})?$');

-- The audit trail stays append-only, with one exception: the erasure may empty a row's detail
-- (which may name the member), keeping who did what, when and to which account.
create or replace function staff_audit_is_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE'
    and new.id = old.id
    and new.staff_id is not distinct from old.staff_id
    and new.action = old.action
    and new.site_id is not distinct from old.site_id
    and new.account_id is not distinct from old.account_id
    and new.ip = old.ip
    and new.at = old.at
    and new.detail = '{}'::jsonb then
    return new;
  end if;
  raise exception 'staff_audit is append-only';
end
$$;
