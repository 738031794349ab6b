-- The support console (its own host): staff accounts, their second factors and sessions, and the
-- audit trail of what staff did and saw. Staff are not members: no row here belongs to a brand.
create table staff_accounts (
  id bigint generated always as identity primary key,
  -- Trimmed and lower-cased at the door, like members' addresses.
  email text not null unique,
  role text not null check (role in ('support', 'moderator', 'admin')),
  -- Null until the account is set up through its one-time link.
  password_hash text,
  -- The TOTP secret (base32); null until a factor is enrolled.
  totp_secret text,
  -- The last time step a TOTP code was accepted for: a code is good once.
  totp_last_step bigint,
  created_at timestamptz not null default now(),
  disabled_at timestamptz
);

-- One-time set-up links (the staff command prints them); stored hashed like members' links. A link
-- carries the random authenticator secret its page offers, wiped when the link is spent.
create table staff_tokens (
  token_hash text primary key,
  staff_id bigint not null references staff_accounts (id) on delete cascade,
  purpose text not null check (purpose in ('setup')),
  totp_secret text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Recovery codes, hashed; each signs in once.
create table staff_recovery_codes (
  staff_id bigint not null references staff_accounts (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (staff_id, code_hash)
);

-- WebAuthn credentials (passkeys): the credential id as base64url, the COSE public key.
create table staff_passkeys (
  id text primary key,
  staff_id bigint not null references staff_accounts (id) on delete cascade,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null default '',
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);

create index staff_passkeys_staff_idx on staff_passkeys (staff_id);

-- The cookie holds a random id; only its SHA-256 is stored. A session ends 12 h after it began or
-- 30 min after its last request, whichever comes first. Until verified_at is set (the second
-- factor), it opens nothing but the second-factor step.
create table staff_sessions (
  id_hash text primary key,
  staff_id bigint not null references staff_accounts (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip text not null default ''
);

create index staff_sessions_staff_idx on staff_sessions (staff_id);

-- Every staff action and every view of a member's personal data. Append-only: the triggers below
-- refuse any change or removal, so no one with the application's connection can rewrite it.
create table staff_audit (
  id bigint generated always as identity primary key,
  -- Null for the staff command run on the server.
  staff_id bigint references staff_accounts (id),
  action text not null,
  site_id text references sites (id),
  account_id bigint,
  detail jsonb not null default '{}',
  ip text not null default '',
  at timestamptz not null default now()
);

create index staff_audit_account_idx on staff_audit (account_id, id desc) where account_id is not null;
create index staff_audit_staff_idx on staff_audit (staff_id, id desc);

create function staff_audit_is_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'staff_audit is append-only';
end
$$;

create trigger staff_audit_no_update_or_delete before update or delete on staff_audit
  for each row execute function staff_audit_is_append_only();
create trigger staff_audit_no_truncate before truncate on staff_audit
  for each statement execute function staff_audit_is_append_only();

-- Moderation: a photo refused carries the reason its owner sees; a complaint moves from open
-- through in progress to resolved, with the outcome and who handled it.
alter table photos drop constraint photos_status_check;
alter table photos add constraint photos_status_check check (status in ('inspection', 'active', 'rejected', 'deleted'));
alter table photos add column rejection_reason text;
alter table photos add column reviewed_at timestamptz;

alter table complaints drop constraint complaints_status_check;
update complaints set status = 'resolved' where status = 'handled';
alter table complaints add constraint complaints_status_check check (status in ('open', 'in_progress', 'resolved'));
alter table complaints add column outcome text;
alter table complaints add column handled_by bigint references staff_accounts (id);
alter table complaints add column resolved_at timestamptz;

-- Staff measures on members: a ban ends every session and sends the member to /pages/ban; a hidden
-- profile is out of search, likes and profile pages (every such query reads status 'active').
alter table accounts add column banned_at timestamptz;
alter table profiles drop constraint profiles_status_check;
alter table profiles add constraint profiles_status_check check (status in ('disabled', 'active', 'hidden', 'deleted'));

-- A refund asked for by support staff is recorded before the provider is called, so a second click
-- (or a second staff member) finds it already asked for and cannot pay the member back twice.
-- Cleared again only when the provider refused the request.
alter table payments add column refund_requested_at timestamptz;
alter table payments add column refund_requested_by bigint references staff_accounts (id);
