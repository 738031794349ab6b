-- Accounts belong to one brand: the same e-mail address may hold an account on each brand.
create table accounts (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  -- Trimmed and lower-cased at the door, so uniqueness and sign-in ignore case.
  email text not null,
  password_hash text not null,
  status text not null default 'not_confirmed' check (status in ('not_confirmed', 'confirmed', 'deleted')),
  language text not null,
  country text not null,
  date_of_birth date not null,
  signup_message text,
  -- The tracking query of the visit that signed up (network, ref, sub1-sub3).
  tracking jsonb not null default '{}',
  credits integer not null default 0 check (credits >= 0),
  paid_user boolean not null default false,
  notifications_disabled text[] not null default '{}',
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  deleted_at timestamptz
);

create unique index accounts_site_email_idx on accounts (site_id, email);

-- What other members see of an account. Later work adds the rest of the profile labels.
create table profiles (
  id bigint generated always as identity primary key,
  account_id bigint unique references accounts (id) on delete cascade,
  site_id text not null references sites (id),
  name text not null,
  country text not null,
  date_of_birth date not null,
  status text not null default 'disabled' check (status in ('disabled', 'active', 'deleted')),
  created_at timestamptz not null default now()
);

create index profiles_site_status_idx on profiles (site_id, status, created_at desc);

-- The cookie holds a random id; only its SHA-256 is stored, so a copy of this table signs nobody in.
create table sessions (
  id_hash text primary key,
  account_id bigint not null references accounts (id) on delete cascade,
  site_id text not null references sites (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);

create index sessions_account_idx on sessions (account_id);
create index sessions_expires_idx on sessions (expires_at);

-- Single-use links sent by e-mail; stored hashed like sessions.
create table account_tokens (
  token_hash text primary key,
  account_id bigint not null references accounts (id) on delete cascade,
  purpose text not null check (purpose in ('activation', 'password_reset', 'mail_change')),
  new_email text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

create index account_tokens_account_idx on account_tokens (account_id, purpose);

-- Every change of a balance, append-only, written in the transaction that changes the balance.
create table credit_ledger (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id),
  site_id text not null references sites (id),
  delta integer not null,
  balance_after integer not null check (balance_after >= 0),
  reason text not null check (reason in ('signup', 'message', 'photo', 'gift', 'purchase', 'refund', 'adjustment')),
  idempotency_key text not null,
  created_at timestamptz not null default now(),
  unique (account_id, idempotency_key)
);

-- Mail is queued in the transaction that needs it and delivered after commit, with retries.
create table mail_outbox (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  account_id bigint references accounts (id) on delete set null,
  kind text not null,
  -- The rendered message; emptied to its subject once sent, since it may hold a sign-in link.
  message jsonb not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at timestamptz,
  last_error text
);

create index mail_outbox_pending_idx on mail_outbox (next_attempt_at) where sent_at is null;
