-- Key/value settings the server owns (e.g. generated keys), and a version
-- counter per read model so several servers know when to rebuild caches.
CREATE TABLE app_settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
