-- Every row that belongs to a brand carries site_id, referencing this table. The rows are synced
-- from sites/*.json at start and on every reload; the JSON files stay the source of settings.
create table sites (
  id text primary key check (id ~ '^[a-z0-9][a-z0-9-]*$'),
  pool text not null,
  name text not null,
  first_seen_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index sites_pool_idx on sites (pool);
