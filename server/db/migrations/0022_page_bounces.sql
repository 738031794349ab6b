-- Page-bounce logging (§4: on when the page's address has `lb`): how long a visitor stayed on the
-- page they landed on, and whether they left the site or went on to another of its pages, per page
-- and traffic source (issue 20). No account, no address, no cookie id: counts, not people.
create table page_bounces (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  -- The landed page's path, without its query.
  path text not null,
  network text,
  ref text,
  ms_on_page integer not null check (ms_on_page >= 0),
  went_on boolean not null,
  created_at timestamptz not null default now()
);

create index page_bounces_site_path_idx on page_bounces (site_id, path, created_at);
