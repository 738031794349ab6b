-- The order a member gives their photos (the profile editor's move buttons). The first live photo
-- in this order is the main photo. New photos go last; rows written without a position (demo
-- members have one photo each) keep 0 and fall back to their id.
alter table photos add column position integer not null default 0;

-- Profiles with more than one photo keep the order they showed until now: main photo first, then
-- oldest first. A single photo needs no position.
update photos
set position = ordered.position
from (
  select photos.id,
    row_number() over (partition by photos.profile_id order by (photos.id = profiles.main_photo_id) desc, photos.id)::integer as position
  from photos
  join profiles on profiles.id = photos.profile_id
  where photos.status <> 'deleted'
    and photos.profile_id in (select profile_id from photos where status <> 'deleted' group by profile_id having count(*) > 1)
) as ordered
where photos.id = ordered.id;
