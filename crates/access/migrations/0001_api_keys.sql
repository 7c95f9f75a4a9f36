-- API keys. Only a salted SHA-256 of each key's secret is kept; the secret itself is shown once,
-- when the key is made. Written to run unchanged on SQLite and PostgreSQL (text ids, BIGINT
-- milliseconds since the Unix epoch). A name belongs to at most one live key at a time.
CREATE TABLE api_keys (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    salt TEXT NOT NULL,
    hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    revoked_at BIGINT
);

CREATE UNIQUE INDEX api_keys_live_name ON api_keys (name) WHERE revoked_at IS NULL;
