-- Threads and their messages. Written to run unchanged on SQLite and PostgreSQL: text ids,
-- BIGINT milliseconds since the Unix epoch, JSON as text. A reply that asked a clarification keeps
-- it apart from its envelope too, so that the next turn reads it without the whole envelope.
CREATE TABLE chat_threads (
    id TEXT PRIMARY KEY,
    title TEXT NOT NULL,
    tools TEXT,
    turns BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE INDEX chat_threads_by_update ON chat_threads (updated_at);

CREATE TABLE chat_messages (
    id TEXT PRIMARY KEY,
    thread_id TEXT NOT NULL REFERENCES chat_threads (id) ON DELETE CASCADE,
    seq BIGINT NOT NULL,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    selected_option_id TEXT,
    clarification TEXT,
    envelope TEXT,
    created_at BIGINT NOT NULL,
    UNIQUE (thread_id, seq)
);
