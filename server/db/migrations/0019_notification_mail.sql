-- Notification mail (issue 19; docs/decisions/039-notification-mail.md).

-- What scheduled or campaign mail went to whom about what (a reminder, a weekly update, a promotion,
-- a mailing): each goes out once, however often its job runs or is retried after a crash.
create table notification_sends (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id) on delete cascade,
  site_id text not null references sites (id),
  kind text not null,
  -- What it is about, e.g. 'unread:<message id>:24h', 'activation:1d', 'weekly:2026-W48', 'mailing:<id>'.
  about text not null,
  sent_at timestamptz not null default now(),
  unique (account_id, kind, about)
);

-- The kinds a member turned off with an unsubscribe link (List-Unsubscribe or the mail's footer link):
-- "turn e-mails on again" on the banner turns exactly these back on.
create table email_unsubscribes (
  account_id bigint not null references accounts (id) on delete cascade,
  site_id text not null references sites (id),
  kind text not null,
  created_at timestamptz not null default now(),
  primary key (account_id, kind)
);

-- Mail provider callbacks already applied, by their signed nonce: the same call again is a replay and
-- is refused. Kept only as long as a callback's timestamp is accepted, then purged.
create table mail_event_receipts (
  id text primary key,
  received_at timestamptz not null default now()
);
create index mail_event_receipts_received on mail_event_receipts (received_at);

-- A brand's mailing (news) started with `npm run mailing`: the job queue sends it in batches to the
-- members who opted in, in account order; sent_through is the last account done.
create table mailings (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  kind text not null check (kind in ('news')),
  subject text not null,
  body text not null,
  sent_through bigint not null default 0,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
