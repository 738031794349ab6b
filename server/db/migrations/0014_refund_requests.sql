-- A refund asked for by support staff is recorded before the provider is called, so a second click
-- (or a second staff member) finds it already asked for and cannot pay the member back twice.
-- Cleared again only when the provider refused the request.
alter table payments add column refund_requested_at timestamptz;
alter table payments add column refund_requested_by bigint references staff_accounts (id);
