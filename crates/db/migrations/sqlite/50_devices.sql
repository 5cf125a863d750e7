-- Devices (SPEC §4.2, §8): serial numbers a customer owns, with their
-- warranty and auto-renewal settings; saved test-gateway cards for renewals.

-- One account per serial: the primary key refuses a second owner.
CREATE TABLE devices (
    serial              TEXT PRIMARY KEY,
    user_id             TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    model_code          TEXT NOT NULL,
    name                TEXT NOT NULL DEFAULT '',
    prime               INTEGER NOT NULL DEFAULT 0,
    source              TEXT NOT NULL,            -- manual | incontrol | order | demo
    registered_at       BIGINT NOT NULL,          -- unix ms; the standard warranty runs 12 months from it
    warranty_ends_at    BIGINT NOT NULL,          -- unix ms, end of coverage (standard or extended)
    auto_renew          INTEGER NOT NULL DEFAULT 0,
    renew_method        TEXT,                     -- card | credit_terms (when auto_renew)
    renew_card_id       TEXT,                     -- payment_methods.id when renew_method = card
    renew_failed_at     BIGINT,                   -- the last renewal attempt that failed (shown on the device)
    renew_failure       TEXT,
    created_at          BIGINT NOT NULL,
    updated_at          BIGINT NOT NULL
);
CREATE INDEX devices_user ON devices (user_id, serial);
CREATE INDEX devices_warranty ON devices (warranty_ends_at);

-- Saved test-gateway cards: a reusable token, never the number.
CREATE TABLE payment_methods (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_id    TEXT NOT NULL UNIQUE,             -- gateway_tokens.id, marked reusable
    brand       TEXT NOT NULL,
    last4       TEXT NOT NULL,
    exp_month   BIGINT NOT NULL,
    exp_year    BIGINT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX payment_methods_user ON payment_methods (user_id, created_at);

-- Auto-renewal orders: one per device and expiry, whichever server runs the job.
CREATE TABLE device_renewals (
    serial       TEXT NOT NULL,
    expires_at   BIGINT NOT NULL,                 -- the expiry this renewal continues
    order_id     TEXT,
    status       TEXT NOT NULL,                   -- created | paid | failed
    failure      TEXT,
    created_at   BIGINT NOT NULL,
    PRIMARY KEY (serial, expires_at)
);
