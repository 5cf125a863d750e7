-- Delivery on payment (SPEC §7): the queue of paid orders to deliver and what
-- each digital line delivered. Every deliverable is unique per (order line,
-- unit), so a rerun or a crash in the middle never issues twice.

-- One row per paid order with digital lines, inserted in the transaction that
-- records the payment; servers claim a row with a conditional update (lease).
CREATE TABLE delivery_queue (
    order_id      TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    enqueued_at   BIGINT NOT NULL,
    locked_until  BIGINT NOT NULL DEFAULT 0,
    attempts      BIGINT NOT NULL DEFAULT 0,
    last_error    TEXT,
    delivered_at  BIGINT
);
CREATE INDEX delivery_queue_pending ON delivery_queue (delivered_at, locked_until);

-- license: one key per serial of the line.
CREATE TABLE licence_keys (
    id             TEXT PRIMARY KEY,
    order_line_id  TEXT NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
    user_id        TEXT NOT NULL,                 -- the buyer
    serial         TEXT NOT NULL,
    licence_key    TEXT NOT NULL UNIQUE,
    sku            TEXT NOT NULL,
    name           TEXT NOT NULL,
    starts_at      BIGINT NOT NULL,
    ends_at        BIGINT,                        -- null: perpetual
    created_at     BIGINT NOT NULL,
    UNIQUE (order_line_id, serial)
);
CREATE INDEX licence_keys_serial ON licence_keys (serial);
CREATE INDEX licence_keys_user ON licence_keys (user_id, created_at);

-- warranty / care plans: each serial's coverage extended once per line.
CREATE TABLE warranty_extensions (
    order_line_id  TEXT NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
    serial         TEXT NOT NULL,
    user_id        TEXT NOT NULL,
    starts_at      BIGINT NOT NULL,
    ends_at        BIGINT NOT NULL,
    previous_end   BIGINT NOT NULL,
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (order_line_id, serial)
);
CREATE INDEX warranty_extensions_serial ON warranty_extensions (serial);

-- cloud, cloud-connect, cloud-unlimited: one subscription per device and plan family.
CREATE TABLE subscriptions (
    id            TEXT PRIMARY KEY,
    user_id       TEXT NOT NULL,
    serial        TEXT NOT NULL,
    family        TEXT NOT NULL,                  -- cloud | cloud-connect | cloud-unlimited
    sku           TEXT NOT NULL,                  -- the last plan bought
    name          TEXT NOT NULL,
    allowance_mb  BIGINT,                         -- data bought in total (null: unlimited)
    used_mb       BIGINT NOT NULL DEFAULT 0,
    starts_at     BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    UNIQUE (serial, family)
);
CREATE INDEX subscriptions_user ON subscriptions (user_id, expires_at);

-- Each plan unit applied to a subscription, once.
CREATE TABLE subscription_extensions (
    order_line_id    TEXT NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
    unit             BIGINT NOT NULL,             -- 0-based: serial index, or unit for qty > 1
    subscription_id  TEXT NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
    carried_mb       BIGINT,
    previous_expiry  BIGINT,
    expires_at       BIGINT NOT NULL,
    created_at       BIGINT NOT NULL,
    PRIMARY KEY (order_line_id, unit)
);

-- esim: a profile per unit.
CREATE TABLE esims (
    iccid            TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL,
    order_line_id    TEXT REFERENCES order_lines (id) ON DELETE SET NULL,
    unit             BIGINT NOT NULL DEFAULT 0,
    name             TEXT NOT NULL,
    smdp             TEXT NOT NULL,
    matching_id      TEXT NOT NULL,
    activation_code  TEXT NOT NULL,               -- LPA:1$<smdp>$<matching id>
    data_mb          BIGINT NOT NULL DEFAULT 0,   -- data bought for this eSIM (top-ups included)
    used_mb          BIGINT NOT NULL DEFAULT 0,
    expires_at       BIGINT,
    created_at       BIGINT NOT NULL,
    UNIQUE (order_line_id, unit)
);
CREATE INDEX esims_user ON esims (user_id, created_at);

-- esim-data: a top-up applied once per unit.
CREATE TABLE esim_topups (
    order_line_id  TEXT NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
    unit           BIGINT NOT NULL,
    iccid          TEXT NOT NULL,
    data_mb        BIGINT NOT NULL,
    expires_at     BIGINT,
    created_at     BIGINT NOT NULL,
    PRIMARY KEY (order_line_id, unit)
);

-- esim-data-pool: one shared allowance per line, with its member eSIMs.
CREATE TABLE esim_pools (
    id             TEXT PRIMARY KEY,
    order_line_id  TEXT NOT NULL UNIQUE REFERENCES order_lines (id) ON DELETE CASCADE,
    user_id        TEXT NOT NULL,
    name           TEXT NOT NULL,
    allowance_mb   BIGINT NOT NULL,
    used_mb        BIGINT NOT NULL DEFAULT 0,
    expires_at     BIGINT,
    created_at     BIGINT NOT NULL
);
CREATE TABLE esim_pool_members (
    pool_id  TEXT NOT NULL REFERENCES esim_pools (id) ON DELETE CASCADE,
    iccid    TEXT NOT NULL,
    PRIMARY KEY (pool_id, iccid)
);
