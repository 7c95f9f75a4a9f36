-- A thread may be confined to one document collection or document when it starts (JSON text of
-- the request's `scope`); absent: the docs tool looks everywhere.
ALTER TABLE chat_threads ADD COLUMN scope TEXT;
