-- The profile labels of §3. Enumerated labels hold a fixed key (translated on screen); free text
-- stays as the member wrote it.
alter table profiles
  -- Copied from the brand's pool so search can use one index; syncSites keeps it current.
  add column pool text,
  add column gender text check (gender in ('male', 'female')),
  add column sexuality text check (sexuality in ('hetero', 'gay', 'lesbian', 'bi')),
  add column region text,
  add column city text,
  add column reason text,
  add column about_me text,
  add column tattoos text,
  add column hair_colour text,
  add column eye_colour text,
  add column body_type text,
  add column relationship_status text,
  add column interests text[] not null default '{}',
  -- {"lat": …, "lon": …} once the browser's position was geocoded; false when that failed (§7).
  add column geolocation jsonb,
  add column invisible boolean not null default false,
  -- Profiles run by the brand rather than a person: shown with the fictional icon and warning.
  add column fictional boolean not null default false,
  add column main_photo_id bigint,
  add column updated_at timestamptz not null default now();

update profiles set pool = sites.pool from sites where sites.id = profiles.site_id;
alter table profiles alter column pool set not null;

-- Search reads only the findable rows, newest first, with a keyset on (created_at, id).
drop index profiles_site_status_idx;
create index profiles_search_gender_idx on profiles (pool, gender, created_at desc, id desc)
  where status = 'active' and not invisible;
create index profiles_search_country_idx on profiles (pool, country, region, created_at desc, id desc)
  where status = 'active' and not invisible;
create index profiles_search_newest_idx on profiles (pool, created_at desc, id desc)
  where status = 'active' and not invisible;

create table photos (
  id bigint generated always as identity primary key,
  profile_id bigint not null references profiles (id) on delete cascade,
  -- Paths under the storage root (and the site's cdn_prefix): the full image and its thumbnail.
  filename text not null,
  thumb_filename text not null,
  width integer not null,
  height integer not null,
  status text not null check (status in ('inspection', 'active', 'deleted')),
  created_at timestamptz not null default now()
);

create index photos_profile_idx on photos (profile_id, id) where status <> 'deleted';

alter table profiles add constraint profiles_main_photo_fk
  foreign key (main_photo_id) references photos (id) on delete set null;

-- A block hides two members from each other both ways; the row names who blocked.
create table blocks (
  blocker_id bigint not null references profiles (id) on delete cascade,
  blocked_id bigint not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id)
);

create index blocks_blocked_idx on blocks (blocked_id, blocker_id);

-- A like from one profile to another; both ways is a match. seen_at null is like_new (§3).
create table likes (
  liker_id bigint not null references profiles (id) on delete cascade,
  liked_id bigint not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  seen_at timestamptz,
  primary key (liker_id, liked_id)
);

create index likes_liked_idx on likes (liked_id, created_at desc);

-- Reports for support staff; the reporter may be a visitor who left only an address.
create table complaints (
  id bigint generated always as identity primary key,
  site_id text not null references sites (id),
  reporter_account_id bigint references accounts (id) on delete set null,
  reporter_email text,
  profile_id bigint references profiles (id) on delete set null,
  reason text not null check (reason in ('fake_profile', 'inappropriate_photos', 'harassment', 'scam', 'underage', 'other')),
  message text not null default '',
  status text not null default 'open' check (status in ('open', 'handled')),
  created_at timestamptz not null default now()
);

create index complaints_site_status_idx on complaints (site_id, status, created_at);
