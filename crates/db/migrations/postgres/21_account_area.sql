-- The account area (SPEC §8): single-use links (password reset, e-mail
-- change), the e-mail outbox, address book, bookmarks, and external sign-in
-- (OpenID Connect, InControl) with encrypted provider tokens.
CREATE TABLE account_tokens (
    token_hash  TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    new_email   TEXT,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);
CREATE INDEX account_tokens_user ON account_tokens (user_id, kind);

CREATE TABLE email_outbox (
    id               TEXT PRIMARY KEY,
    kind             TEXT NOT NULL,
    user_id          TEXT,
    to_address       TEXT NOT NULL,
    subject          TEXT NOT NULL,
    body_text        TEXT NOT NULL,
    body_html        TEXT,
    status           TEXT NOT NULL,
    attempts         BIGINT NOT NULL DEFAULT 0,
    last_error       TEXT,
    created_at       BIGINT NOT NULL,
    next_attempt_at  BIGINT NOT NULL,
    locked_until     BIGINT NOT NULL DEFAULT 0,
    sent_at          BIGINT
);
CREATE INDEX email_outbox_due ON email_outbox (status, next_attempt_at);
CREATE INDEX email_outbox_user ON email_outbox (user_id);

CREATE TABLE addresses (
    id                   TEXT PRIMARY KEY,
    user_id              TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name                 TEXT NOT NULL,
    company              TEXT,
    line1                TEXT NOT NULL,
    line2                TEXT,
    city                 TEXT NOT NULL,
    state                TEXT,
    postal_code          TEXT NOT NULL,
    country              TEXT NOT NULL,
    phone                TEXT NOT NULL,
    is_default_shipping  BOOLEAN NOT NULL DEFAULT FALSE,
    is_default_billing   BOOLEAN NOT NULL DEFAULT FALSE,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL
);
CREATE INDEX addresses_user ON addresses (user_id, created_at);
CREATE UNIQUE INDEX addresses_one_default_shipping ON addresses (user_id) WHERE is_default_shipping;
CREATE UNIQUE INDEX addresses_one_default_billing ON addresses (user_id) WHERE is_default_billing;

CREATE TABLE bookmarks (
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id  TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, product_id)
);

-- Authorisation requests in flight (OIDC, InControl): short-lived, single use.
CREATE TABLE auth_flows (
    state_hash     TEXT PRIMARY KEY,
    provider       TEXT NOT NULL,
    binding_hash   TEXT NOT NULL,
    nonce          TEXT,
    pkce_verifier  TEXT,
    redirect_uri   TEXT NOT NULL,
    return_to      TEXT NOT NULL,
    link_user_id   TEXT,
    created_at     BIGINT NOT NULL,
    expires_at     BIGINT NOT NULL
);

CREATE TABLE user_identities (
    provider       TEXT NOT NULL,
    subject        TEXT NOT NULL,
    user_id        TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    email          TEXT,
    created_at     BIGINT NOT NULL,
    last_login_at  BIGINT NOT NULL,
    PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_user ON user_identities (user_id);

-- InControl tokens, encrypted with the server's secret key (ChaCha20-Poly1305).
CREATE TABLE incontrol_links (
    user_id           TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    subject           TEXT NOT NULL,
    access_token_enc  TEXT NOT NULL,
    refresh_token_enc TEXT,
    token_expires_at  BIGINT,
    scope             TEXT,
    linked_at         BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
