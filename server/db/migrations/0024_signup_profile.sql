-- The member whose page a visitor signed up on (/members/{id}/signup, issue 20): once the account
-- is activated, the new member lands in that member's chat.
alter table accounts add column signup_profile_id bigint references profiles (id) on delete set null;
