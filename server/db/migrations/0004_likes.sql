-- Where a like came from. The swipe game's daily limit counts its own likes (§9); an auto-like
-- comes from a profile the site runs, never from a member.
alter table likes add column source text not null default 'profile'
  check (source in ('profile', 'card', 'swipe', 'auto'));

-- The given tab and the swipe game's daily count read a member's own likes, newest first.
create index likes_liker_created_idx on likes (liker_id, created_at desc);

-- Profiles a member passed in the swipe game: they are not dealt again.
create table swipe_passes (
  profile_id bigint not null references profiles (id) on delete cascade,
  passed_id bigint not null references profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (profile_id, passed_id)
);

-- Warning banners a member dismissed (§4), with the moment they did.
create table banner_dismissals (
  account_id bigint not null references accounts (id) on delete cascade,
  banner text not null,
  dismissed_at timestamptz not null default now(),
  primary key (account_id, banner)
);

-- Web push subscriptions of a member's browsers (§3 push); an endpoint belongs to one account.
create table push_subscriptions (
  id bigint generated always as identity primary key,
  account_id bigint not null references accounts (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);

create index push_subscriptions_account_idx on push_subscriptions (account_id);

-- The match finder reads a member's age preference within a pool; a narrow (rare) range would
-- otherwise walk the pool's whole gender index.
create index profiles_match_age_idx on profiles (pool, date_of_birth) where status = 'active' and not invisible;
