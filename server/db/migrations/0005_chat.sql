-- Conversations between two profiles of a pool, or between a member and the system sender (§3).
create table conversations (
  id bigint generated always as identity primary key,
  pool text not null,
  -- Who wrote first: a free member may start only so many conversations (§6).
  started_by bigint references profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now()
);

-- Each side's view of a conversation: its unread count, how far it read, and what it removed.
create table conversation_members (
  conversation_id bigint not null references conversations (id) on delete cascade,
  profile_id bigint not null references profiles (id) on delete cascade,
  -- The other side; null is the system sender.
  other_profile_id bigint references profiles (id) on delete cascade,
  unread_count integer not null default 0 check (unread_count >= 0),
  -- The newest message of the other side this member has seen ("read" for the sender).
  read_through bigint not null default 0,
  -- Removing a conversation hides it and everything up to this message; a new message brings it back (§4).
  cleared_through bigint not null default 0,
  hidden boolean not null default false,
  primary key (conversation_id, profile_id)
);

create unique index conversation_members_pair_idx on conversation_members (profile_id, coalesce(other_profile_id, 0));
create index conversation_members_other_idx on conversation_members (other_profile_id);

create table messages (
  id bigint generated always as identity primary key,
  conversation_id bigint not null references conversations (id) on delete cascade,
  -- null: the system sender.
  sender_id bigint references profiles (id) on delete cascade,
  kind text not null check (kind in ('text', 'image', 'gift', 'system')),
  body text not null default '',
  image_filename text,
  image_thumb_filename text,
  gift text,
  -- The id the sender's client gave the message: a retried send finds it and is not stored again.
  client_id text,
  credits integer not null default 0 check (credits >= 0),
  created_at timestamptz not null default now(),
  unique (sender_id, client_id)
);

create index messages_conversation_idx on messages (conversation_id, id desc);
-- What a tab that reconnects missed, and the free-message count of a sender.
create index messages_sender_idx on messages (sender_id, id);
