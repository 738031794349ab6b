-- Payments (§3): one row per order, moved through one state machine (server/payments/states.ts).
create table payments (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  account_id bigint not null references accounts (id) on delete cascade,
  package text not null check (package in ('p0', 'p1', 'p2', 'p3')),
  credits integer not null check (credits > 0),
  -- Minor units (cents) of currency.
  amount integer not null check (amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  method text not null,
  issuer text,
  transaction_costs integer not null default 0 check (transaction_costs >= 0),
  provider text not null,
  -- The provider's id of the payment, once it has one (tr_…, a sale id).
  provider_reference text,
  -- 'first' stores a card or mandate to charge again; 'recurring' charges it without a checkout.
  sequence text not null default 'oneoff' check (sequence in ('oneoff', 'first', 'recurring')),
  status text not null default 'open'
    check (status in ('open', 'pending', 'paid', 'failed', 'canceled', 'expired', 'refunded', 'charged_back')),
  -- The member's own key for this order: a double click or a resent form makes one payment.
  order_key text not null,
  -- What a refund or chargeback could not take back because the member had already spent it.
  credits_taken_back integer not null default 0 check (credits_taken_back >= 0),
  credits_not_taken_back integer not null default 0 check (credits_not_taken_back >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  expires_at timestamptz not null,
  paid_at timestamptz,
  ended_at timestamptz,
  unique (account_id, order_key),
  unique (provider, provider_reference)
);

-- A member's payments newest first (transactions, repeat order), and the sweep of unsettled ones.
create index payments_account_idx on payments (account_id, id desc);
create index payments_unsettled_idx on payments (expires_at) where status in ('open', 'pending');

-- Every status a provider reported, accepted or refused: what support reads when a member asks.
create table payment_events (
  id bigint generated always as identity primary key,
  payment_id bigint references payments (id) on delete cascade,
  provider text not null,
  provider_reference text,
  status text not null,
  outcome text not null check (outcome in ('applied', 'duplicate', 'refused')),
  detail text not null default '',
  received_at timestamptz not null default now()
);

create index payment_events_payment_idx on payment_events (payment_id, id);

-- A card or bank mandate a first payment left, to charge again for a repeat order.
create table payment_mandates (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id) on delete cascade,
  site_id text not null references sites (id),
  provider text not null,
  -- The provider's customer and mandate (Mollie: cst_…, mdt_…; the test provider: its own ids).
  customer_reference text not null,
  mandate_reference text not null,
  method text not null,
  -- What the member recognises it by: "Visa •••• 4242", "PayPal j***@example.com".
  label text not null default '',
  status text not null default 'valid' check (status in ('valid', 'invalid')),
  created_at timestamptz not null default now(),
  unique (provider, mandate_reference)
);

create index payment_mandates_account_idx on payment_mandates (account_id, id desc);

-- A chargeback stops further purchases until support clears it.
alter table accounts add column purchases_blocked_at timestamptz;

-- A chargeback takes credits back under its own name, apart from a refund.
alter table credit_ledger drop constraint credit_ledger_reason_check;
alter table credit_ledger add constraint credit_ledger_reason_check
  check (reason in ('signup', 'message', 'photo', 'gift', 'purchase', 'refund', 'chargeback', 'adjustment'));
