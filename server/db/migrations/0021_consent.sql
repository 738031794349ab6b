-- Consents to process special-category data (GDPR art. 9): a member's sexuality and sexual
-- interests. A row is never rewritten except to record its withdrawal, so what the member agreed
-- to, in which words, language and terms version, stays provable.
create table consent_records (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id) on delete cascade,
  site_id text not null references sites (id),
  kind text not null check (kind in ('special_category')),
  -- The terms' date (§3) the member agreed under, as the terms page shows it.
  terms_version date not null,
  -- The exact sentence next to the box the member ticked, in the language it was shown in.
  wording text not null,
  language text not null,
  given_at timestamptz not null default now(),
  withdrawn_at timestamptz
);

-- One consent in force per member and kind: giving it twice (a retried post) finds the first.
create unique index consent_records_in_force_idx on consent_records (account_id, kind) where withdrawn_at is null;
create index consent_records_site_account_idx on consent_records (site_id, account_id);
