-- Search and the match finder read a pool's members newest first and keep those of an age range.
-- With the date of birth as the last key of the newest-first indexes, the range is checked in the
-- index: a narrow range costs index entries, not a table row for every member passed over.
drop index profiles_search_gender_idx;
create index profiles_search_gender_idx on profiles (pool, gender, created_at desc, id desc, date_of_birth)
  where status = 'active' and not invisible;
drop index profiles_search_newest_idx;
create index profiles_search_newest_idx on profiles (pool, created_at desc, id desc, date_of_birth)
  where status = 'active' and not invisible;

-- One region's members newest first (a region search, the match finder's neighbours), age and
-- gender checked in the index. Partial on the region, so that only a query naming one can use it:
-- with the age as a key, the country index tempted the planner to walk all of a site's countries
-- (its country list is an IN on the second column), a whole pool of entries, to count a rare range.
create index profiles_search_region_idx on profiles (pool, country, region, created_at desc, id desc, date_of_birth, gender)
  where status = 'active' and not invisible and region is not null;

-- When few members fit, reading the age range and sorting it beats walking newest first. Gender
-- and whom the member would look for are checked in the index (the match finder asks
-- `coalesce(sexuality, 'bi') in (…)`: a missing label rules nobody out, as bi does), so only the
-- members who fit are read from the table.
drop index profiles_match_age_idx;
create index profiles_match_age_idx on profiles (pool, date_of_birth, gender, coalesce(sexuality, 'bi'))
  where status = 'active' and not invisible;

-- Which of the two the planner takes depends on how many members it expects to fit. Pool, country,
-- gender and sexuality go together (a pool lives in its brand's countries, a niche brand has one
-- gender), so estimates that multiply them as if independent were off several times over and chose
-- the walk for a handful of members or the sort for thousands.
create statistics profiles_audience_stats (mcv) on pool, country, gender, sexuality, (coalesce(sexuality, 'bi')) from profiles;
analyze profiles;
