-- The provider's hosted checkout of an open payment: the same order sent twice (a double click,
-- a resent form) goes back to the checkout the first one opened, without asking the provider again.
alter table payments add column checkout_url text;
