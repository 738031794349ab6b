-- Direct-debit collection runs (issue 18): each run writes one SEPA pain.008 file per brand for the
-- bank, recorded here in the same transaction that ties its payments to it.
create table direct_debit_collections (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  -- The file's GrpHdr/MsgId: unique for the creditor, at most 35 characters.
  message_id text not null unique check (length(message_id) between 1 and 35),
  -- Under DATA_DIR/sepa/<site id>/.
  file_name text not null,
  payment_count integer not null check (payment_count > 0),
  -- Minor units (cents) of currency, the file's CtrlSum.
  total_amount bigint not null check (total_amount > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  -- The day the bank is asked to collect (ReqdColltnDt).
  collection_date date not null,
  created_at timestamptz not null default now()
);

create index direct_debit_collections_site_idx on direct_debit_collections (site_id, id desc);

alter table payments add column collection_id bigint references direct_debit_collections (id);

create index payments_collection_idx on payments (collection_id) where collection_id is not null;
-- What the next run collects: a brand's confirmed direct debits not yet in a file.
create index payments_uncollected_debits_idx on payments (site_id, id) where provider = 'sepa' and status = 'pending' and collection_id is null;

-- Returned debits (R-transactions) as the bank reported them: one per payment, so a report read
-- twice changes nothing twice, and support sees why the money came back.
create table direct_debit_returns (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  payment_id bigint not null unique references payments (id) on delete cascade,
  -- The bank's notification (camt.054 GrpHdr/MsgId) and the ISO 20022 reason code (AC04, MD06, …).
  report_message_id text not null,
  reason_code text not null,
  -- The reason meant the account is closed or blocked, or the debtor refused: the IBAN is blocked.
  blocked_iban boolean not null default false,
  created_at timestamptz not null default now()
);

-- The run and the return report find a payment's mandate (reference, signature, IBAN) by its payment.
create unique index direct_debit_mandates_payment_idx on direct_debit_mandates (payment_id) where payment_id is not null;
