-- Promotions (§3 Discount code, §4 Time bonus, §9): a brand's discount codes, and what a payment took off.
create table discount_codes (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  -- Stored upper-case: members type codes in any case.
  code text not null check (code ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
  percentage numeric(5, 2) not null check (percentage > 0 and percentage < 100),
  -- Minor units of currency: the code applies to packages of at least this price.
  minimum_order_value integer check (minimum_order_value > 0),
  -- The only currency the code is good in (required with a minimum: a minimum is an amount of one currency).
  currency text check (currency ~ '^[A-Z]{3}$'),
  country text check (country ~ '^[A-Z]{2}$'),
  -- A code made for one member (a retention offer, support's apology): nobody else can use it.
  account_id bigint references accounts (id) on delete cascade,
  expires_at timestamptz,
  status text not null default 'active' check (status in ('active', 'disabled')),
  validity text not null default 'once_per_user' check (validity in ('once_per_user', 'unlimited')),
  -- The payment methods it may be paid with; empty: any.
  payment_methods text[] not null default '{}',
  created_at timestamptz not null default now(),
  unique (site_id, code),
  check (minimum_order_value is null or currency is not null)
);

-- What a discount took off a payment, recorded on the payment itself.
alter table payments add column discount_code text;
alter table payments add column discount_percentage numeric(5, 2);
alter table payments add column amount_before_discount integer check (amount_before_discount > 0);

-- A once-per-member code held by one payment. The row is written with the payment, so of two
-- payments racing for the same code the second meets the unique index; it is deleted when the
-- payment fails, is cancelled or expires (the code is the member's again), and marked used once paid.
create table discount_uses (
  payment_id bigint primary key references payments (id) on delete cascade,
  account_id bigint not null references accounts (id) on delete cascade,
  code text not null,
  state text not null default 'held' check (state in ('held', 'used')),
  created_at timestamptz not null default now(),
  unique (account_id, code)
);
