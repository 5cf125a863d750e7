-- Connectivity usage (SPEC §13, D98): integration keys that post usage
-- records, the raw records (kept for a configurable number of days; the
-- record id makes a repeat count once), the daily rollup every page reads
-- instead of raw records, and per-item low-data alerts.

-- Integration API keys: the key itself is shown once; only its SHA-256 is kept.
CREATE TABLE integration_keys (
    id            TEXT PRIMARY KEY,
    name          TEXT NOT NULL,
    key_prefix    TEXT NOT NULL,                  -- the first characters, to tell keys apart
    key_hash      TEXT NOT NULL UNIQUE,
    created_by    TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    last_used_at  BIGINT,
    revoked_at    BIGINT
);

-- One row per record ever taken (until retention removes it).
CREATE TABLE usage_records (
    record_id     TEXT PRIMARY KEY,
    key_id        TEXT NOT NULL,
    target_kind   TEXT NOT NULL,                  -- subscription | iccid (as sent)
    target        TEXT NOT NULL,                  -- the subscription id or ICCID sent
    period_start  BIGINT NOT NULL,
    period_end    BIGINT NOT NULL,
    bytes_up      BIGINT NOT NULL,
    bytes_down    BIGINT NOT NULL,
    received_at   BIGINT NOT NULL
);
CREATE INDEX usage_records_received ON usage_records (received_at);

-- Daily totals per monitored item (subscription id, ICCID or pool id); the
-- day is counted in days since 1970-01-01 UTC.
CREATE TABLE usage_daily (
    item_id     TEXT NOT NULL,
    day         BIGINT NOT NULL,
    bytes_up    BIGINT NOT NULL DEFAULT 0,
    bytes_down  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (item_id, day)
);

-- A low-data alert per item; `armed` = 1 while the next crossing should e-mail.
CREATE TABLE usage_alerts (
    item_id          TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL,
    threshold_kind   TEXT NOT NULL,               -- percent | mb
    threshold_value  BIGINT NOT NULL,
    armed            BIGINT NOT NULL DEFAULT 1,
    last_sent_at     BIGINT,
    updated_at       BIGINT NOT NULL
);
CREATE INDEX usage_alerts_armed ON usage_alerts (armed);

-- Bytes counted toward the next whole MB of `used_mb` (a record's bytes
-- rarely fill whole MB; 1 MB = 1,048,576 bytes).
ALTER TABLE subscriptions ADD COLUMN used_partial_bytes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE esims ADD COLUMN used_partial_bytes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE esim_pools ADD COLUMN used_partial_bytes BIGINT NOT NULL DEFAULT 0;
-- The profile's product for eSIMs written without an order line (demo data).
ALTER TABLE esims ADD COLUMN sku TEXT;
CREATE INDEX esim_pool_members_iccid ON esim_pool_members (iccid);
