-- Accounts (SPEC §1, §8): one account per person, roles as flags, credit
-- terms for business customers; opaque sessions stored hashed; sign-in
-- failure counters shared by every server (the challenge of §8).
CREATE TABLE users (
    id                  TEXT PRIMARY KEY,
    email               TEXT NOT NULL,
    password_hash       TEXT,
    name                TEXT NOT NULL,
    company             TEXT,
    phone               TEXT,
    country             TEXT NOT NULL,
    newsletter          BOOLEAN NOT NULL DEFAULT FALSE,
    is_customer         BOOLEAN NOT NULL DEFAULT TRUE,
    is_partner          BOOLEAN NOT NULL DEFAULT FALSE,
    is_sales            BOOLEAN NOT NULL DEFAULT FALSE,
    is_fulfilment       BOOLEAN NOT NULL DEFAULT FALSE,
    is_admin            BOOLEAN NOT NULL DEFAULT FALSE,
    credit_limit_cents  BIGINT,
    payment_terms_days  BIGINT,
    may_exceed_limit    BOOLEAN NOT NULL DEFAULT FALSE,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL,
    deleted_at          BIGINT
);
CREATE UNIQUE INDEX users_email ON users (email);

CREATE TABLE sessions (
    id              TEXT PRIMARY KEY,
    token_hash      TEXT NOT NULL,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    csrf_token      TEXT NOT NULL,
    method          TEXT NOT NULL,
    ip              TEXT,
    user_agent      TEXT,
    created_at      BIGINT NOT NULL,
    last_seen_at    BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    max_expires_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX sessions_token_hash ON sessions (token_hash);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE auth_failures (
    email   TEXT NOT NULL,
    ip      TEXT NOT NULL,
    at      BIGINT NOT NULL
);
CREATE INDEX auth_failures_email ON auth_failures (email, at);
CREATE INDEX auth_failures_ip ON auth_failures (ip, at);

-- Proof-of-work puzzles (single use) and the passes they grant.
CREATE TABLE auth_challenges (
    id          TEXT PRIMARY KEY,
    nonce       TEXT NOT NULL,
    difficulty  BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    solved_at   BIGINT
);

CREATE TABLE challenge_passes (
    token_hash     TEXT PRIMARY KEY,
    created_at     BIGINT NOT NULL,
    expires_at     BIGINT NOT NULL,
    attempts_left  BIGINT NOT NULL
);
