-- What a member chose to be told, per kind and channel (§3 Notification preferences). A missing row
-- is the default: on, except promotions and news in countries where marketing needs an opt-in.
create table notification_preferences (
  account_id bigint not null references accounts (id) on delete cascade,
  site_id text not null references sites (id),
  kind text not null check (kind in (
    'new_conversations', 'new_messages', 'like', 'unread_message_reminders',
    'promotions', 'weekly_updates', 'news', 'reminders'
  )),
  channel text not null check (channel in ('email', 'push')),
  enabled boolean not null,
  updated_at timestamptz not null default now(),
  primary key (account_id, kind, channel)
);

-- The newest message of the other side a notification mail already told this member about: a later
-- burst is a new mail, and nothing is mailed twice.
alter table conversation_members add column mailed_through bigint not null default 0;
