-- Carts (SPEC §5): one cart per (store, owner). The owner is a customer
-- (`u:<user id>`) or a guest browser (`g:<SHA-256 of the uplink_cart cookie>`).
-- Lines keep the unit price last shown so a changed price can be flagged.
-- Coupons with their redemptions, and the US sales-tax rate table.
-- Flags are INTEGER 0/1 here (BOOLEAN on PostgreSQL): see uplink_db::Flag.

CREATE TABLE carts (
    id           TEXT PRIMARY KEY,
    store_code   TEXT NOT NULL,
    owner_key    TEXT NOT NULL,
    user_id      TEXT REFERENCES users (id) ON DELETE CASCADE,
    coupon_code  TEXT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    UNIQUE (store_code, owner_key)
);
CREATE INDEX carts_owner ON carts (owner_key);
CREATE INDEX carts_user ON carts (user_id);

-- `line_key` identifies "the same line" (product + chosen options + ICCID):
-- adding it again adds to the quantity (or, for serial-bound products, the serials).
CREATE TABLE cart_lines (
    id               TEXT PRIMARY KEY,
    cart_id          TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    product_id       TEXT NOT NULL,
    sku              TEXT NOT NULL,
    qty              BIGINT NOT NULL,
    options          TEXT NOT NULL DEFAULT '{}',
    iccid            TEXT,
    line_key         TEXT NOT NULL,
    seen_unit_cents  BIGINT NOT NULL,
    position         BIGINT NOT NULL,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    CHECK (qty > 0),
    UNIQUE (cart_id, line_key)
);
CREATE INDEX cart_lines_cart ON cart_lines (cart_id, position);

-- Device serial numbers of serial-bound lines; a serial appears once per
-- product in a cart (`duplicate_serial`).
CREATE TABLE cart_line_serials (
    line_id     TEXT NOT NULL REFERENCES cart_lines (id) ON DELETE CASCADE,
    cart_id     TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
    product_id  TEXT NOT NULL,
    serial      TEXT NOT NULL,
    position    BIGINT NOT NULL,
    PRIMARY KEY (line_id, serial),
    UNIQUE (cart_id, product_id, serial)
);

-- Coupons: `kind` is `percent` (value in basis points) or `fixed` (cents).
-- `times_used` is raised with a conditional UPDATE when an order redeems it.
CREATE TABLE coupons (
    code                   TEXT PRIMARY KEY,
    kind                   TEXT NOT NULL,
    percent_bp             BIGINT,
    amount_cents           BIGINT,
    description            TEXT NOT NULL DEFAULT '',
    active                 INTEGER NOT NULL DEFAULT 1,
    starts_at              BIGINT,
    ends_at                BIGINT,
    min_subtotal_cents     BIGINT NOT NULL DEFAULT 0,
    max_uses               BIGINT,
    max_uses_per_customer  BIGINT,
    store_code             TEXT,
    times_used             BIGINT NOT NULL DEFAULT 0,
    created_at             BIGINT NOT NULL,
    CHECK (kind IN ('percent', 'fixed'))
);

CREATE TABLE coupon_redemptions (
    id            TEXT PRIMARY KEY,
    coupon_code   TEXT NOT NULL REFERENCES coupons (code),
    user_id       TEXT,
    order_id      TEXT,
    store_code    TEXT NOT NULL,
    amount_cents  BIGINT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX coupon_redemptions_user ON coupon_redemptions (coupon_code, user_id);

-- US sales tax by destination state (basis points: 825 = 8.25 %).
CREATE TABLE sales_tax_rates (
    state    TEXT PRIMARY KEY,
    name     TEXT NOT NULL,
    rate_bp  BIGINT NOT NULL,
    CHECK (rate_bp >= 0)
);
