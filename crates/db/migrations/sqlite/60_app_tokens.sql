-- App tokens (SPEC §12, #30, D104): the mobile app's backend mints one for a
-- customer with an integration key; the app opens a page with it, and the
-- page exchanges it for a session. Single use, five minutes, kept as its
-- SHA-256 only.
CREATE TABLE app_tokens (
    token_hash          TEXT PRIMARY KEY,
    user_id             TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    integration_key_id  TEXT NOT NULL,
    created_at          BIGINT NOT NULL,
    expires_at          BIGINT NOT NULL,
    used_at             BIGINT
);
CREATE INDEX app_tokens_expiry ON app_tokens (expires_at);
