-- A free member's send counts the conversations they started (§6): without this, every such send
-- read the whole conversations table.
create index conversations_started_by_idx on conversations (started_by);
