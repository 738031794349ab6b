-- Presence (issue 19 item 5, §7 POST /api/page-hidden.php): when a member last showed a sign of
-- life (a signed-in request or an open event stream, written at most once a minute), and when
-- their tab last went away. Cards show "online now" / "recently online" from last_seen_at.
alter table profiles
  add column last_seen_at timestamptz,
  add column hidden_at timestamptz;

-- Search's "recently online" order: the last sign of life, newest first, members never seen last
-- (as the epoch), keyset on (that, id), with the date of birth checked in the index as for the
-- newest-first order.
create index profiles_search_online_idx on profiles (pool, (coalesce(last_seen_at, 'epoch'::timestamptz)) desc, id desc, date_of_birth)
  where status = 'active' and not invisible;
