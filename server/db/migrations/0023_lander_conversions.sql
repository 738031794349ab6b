-- Conversion numbers per lander (issue 20): visits counted from the landed page's beacon, and the
-- lander a visitor came through, kept on the account they sign up with. Signups, activations and
-- first purchases are then read from the accounts and payments there are.
create table lander_visits (
  site_id text not null references sites (id),
  -- The UTC day of the visits.
  day date not null,
  design text not null,
  -- The page's slug (§2); '' for a page without one (tinderswipe, a member's landing page).
  slug text not null,
  -- The traffic source: the network of the visit's tracking query (§3), '' without one.
  network text not null,
  visits integer not null check (visits > 0),
  primary key (site_id, day, design, slug, network)
);

-- Which of our pages the visitor landed on, not who they are: kept when an account is erased.
alter table accounts add column lander_design text;
alter table accounts add column lander_slug text;
