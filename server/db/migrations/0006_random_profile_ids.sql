-- Profile ids are public (/members/{id}, every API answer), so new ones are drawn at random instead
-- of counted up: nobody can list the members by trying 1, 2, 3… Rows that exist keep their ids.
--
-- 52 bits from the cryptographic generator behind gen_random_uuid() (built in since PostgreSQL 13,
-- and in PGlite), plus 2^52: every new id has 16 digits, from 4503599627370496 to 2^53 - 1, so it is
-- never small and stays a safe integer in JavaScript (bigints are read as numbers).
create function random_profile_id() returns bigint
language plpgsql volatile
as $$
declare
  hex text;
  candidate bigint;
begin
  loop
    hex := replace(gen_random_uuid()::text, '-', '');
    -- Hex digit 13 is the UUID's version (always 4); digits 1-12 and 14 are random.
    candidate := 4503599627370496 + ('x' || substr(hex, 1, 12) || substr(hex, 14, 1))::bit(52)::bigint;
    -- A draw that hits a taken id (about one in 10^10 at a million members) draws again.
    exit when not exists (select 1 from profiles where id = candidate);
  end loop;
  return candidate;
end
$$;

alter table profiles alter column id drop identity;
alter table profiles alter column id set default random_profile_id();
