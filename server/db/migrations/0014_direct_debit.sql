-- SEPA direct debit (§3 Direct debit form, §4): the brand's own one-off mandate per purchase,
-- signed by the member with an SMS code. A confirmed mandate carries one pending payment that the
-- collection run settles.
create sequence direct_debit_mandate_numbers;

create table direct_debit_mandates (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  account_id bigint not null references accounts (id) on delete cascade,
  -- The SEPA mandate id the bank sees: the brand's prefix and a number, such as FLIRTNL-000123.
  reference text not null unique check (reference ~ '^[A-Z0-9-]{1,35}$'),
  account_holder text not null,
  -- AES-256-GCM (server/directdebit/iban-vault.ts); never the IBAN itself.
  iban_encrypted text not null,
  -- A keyed HMAC of the normalised IBAN: blocks and the per-IBAN monthly limit.
  iban_hash text not null,
  iban_last4 text not null check (iban_last4 ~ '^[0-9A-Z]{4}$'),
  street text not null,
  house_number text not null,
  zip text not null,
  city text not null,
  -- E.164, where the code went.
  phone text not null check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  phone_hash text not null,
  package text not null check (package in ('p0', 'p1', 'p2', 'p3')),
  amount integer not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The discount the amount is after (server/promotions), as the payment will record it.
  discount_code text,
  discount_percentage numeric(5, 2),
  amount_before_discount integer check (amount_before_discount > 0),
  -- The form's own key: a resent form makes one mandate, and its payment takes the same key.
  order_key text not null,
  status text not null default 'awaiting_code' check (status in ('awaiting_code', 'confirmed', 'void')),
  -- A keyed hash of the SMS code while one is open; cleared once the mandate is confirmed or void.
  code_hash text,
  code_attempts integer not null default 0 check (code_attempts >= 0),
  code_sent_at timestamptz not null,
  code_expires_at timestamptz not null,
  resend_count integer not null default 0 check (resend_count >= 0),
  payment_id bigint references payments (id),
  -- When the right code was given: the mandate's date of signature in pain.008.
  signed_at timestamptz,
  created_at timestamptz not null default now(),
  unique (account_id, order_key),
  check ((status = 'confirmed') = (payment_id is not null and signed_at is not null))
);

create index direct_debit_mandates_account_idx on direct_debit_mandates (account_id, id desc);
-- The monthly limits add up a member's and an IBAN's confirmed mandates of a month.
create index direct_debit_mandates_iban_idx on direct_debit_mandates (iban_hash, signed_at) where status = 'confirmed';

-- IBANs and phone numbers that may not sign a mandate any more (returned debits, fraud), by their keyed hash.
create table direct_debit_blocks (
  kind text not null check (kind in ('iban', 'phone')),
  value_hash text not null,
  reason text not null default '',
  created_at timestamptz not null default now(),
  primary key (kind, value_hash)
);
