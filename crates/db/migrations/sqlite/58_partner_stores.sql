-- Partners run mini-stores, buy at partner prices, check out for end
-- customers in the pavilion, and keep a rebate ledger (SPEC §10, #28, D102).
-- Flags are INTEGER 0/1 here (BOOLEAN on PostgreSQL): see uplink_db::Flag.

-- A mini-store belongs to a partner (before: its name as text), and the
-- store sets a floor under the prices the partner may choose: a share of
-- the regional eStore's price, in basis points.
ALTER TABLE stores ADD COLUMN partner_id TEXT REFERENCES partners (id);
ALTER TABLE stores ADD COLUMN price_floor_bp BIGINT NOT NULL DEFAULT 8000;
CREATE INDEX stores_partner ON stores (partner_id);

-- The partner price list of an eStore: what a signed-in partner sees and pays.
CREATE TABLE partner_prices (
    product_id   TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    store_code   TEXT NOT NULL REFERENCES stores (code) ON DELETE CASCADE,
    price_cents  BIGINT NOT NULL,
    PRIMARY KEY (product_id, store_code),
    CHECK (price_cents >= 0)
);
CREATE INDEX partner_prices_store ON partner_prices (store_code);

-- How an order came to its partner (`referral_code`, `ministore`, `pavilion`),
-- and, for the pavilion, the end customer it was bought for and the
-- account its deliverables land on.
ALTER TABLE orders ADD COLUMN partner_channel TEXT;
ALTER TABLE orders ADD COLUMN end_customer TEXT;
ALTER TABLE orders ADD COLUMN recipient_user_id TEXT REFERENCES users (id);
CREATE INDEX orders_recipient ON orders (recipient_user_id);
ALTER TABLE orders ADD COLUMN price_list TEXT NOT NULL DEFAULT 'store';

-- A store's shipping options by their fixed names (SPEC §6): Customer
-- Provided, Priority Shipping, self pick-up. The first stores named them
-- `standard` and `express`; checkout now reads the list.
UPDATE stores SET shipping_methods = REPLACE(REPLACE(shipping_methods, '"standard"', '"customer_provided"'), '"express"', '"priority"');

-- An account made for an end customer who had none: it cannot sign in until
-- the invitation is claimed (a password is set), once.
ALTER TABLE users ADD COLUMN invited_at BIGINT;

CREATE TABLE invitations (
    id            TEXT PRIMARY KEY,
    token_hash    TEXT NOT NULL UNIQUE,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    order_id      TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    partner_id    TEXT REFERENCES partners (id),
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    claimed_at    BIGINT
);
CREATE INDEX invitations_user ON invitations (user_id);

-- The rebate ledger: an entry per eligible order line (`rebate`, positive)
-- and, when a line is refunded after its rebate became available, a
-- negative `clawback` entry. Entries move pending → available (after the
-- return window) → paid (a payout); a pending rebate of a cancelled order or
-- refunded line is `cancelled`. A partner's balance is the sum of entries.
CREATE TABLE partner_ledger (
    id              TEXT PRIMARY KEY,
    partner_id      TEXT NOT NULL REFERENCES partners (id),
    order_id        TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    order_line_id   TEXT NOT NULL REFERENCES order_lines (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL DEFAULT 'rebate',
    eligible_cents  BIGINT NOT NULL,
    rate_bp         BIGINT NOT NULL,
    rebate_cents    BIGINT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    created_at      BIGINT NOT NULL,
    available_at    BIGINT,
    paid_at         BIGINT,
    payout_id       TEXT,
    cancelled_at    BIGINT,
    UNIQUE (order_line_id, kind),
    CHECK (kind IN ('rebate', 'clawback')),
    CHECK (status IN ('pending', 'available', 'paid', 'cancelled')),
    CHECK ((kind = 'rebate' AND rebate_cents >= 0) OR (kind = 'clawback' AND rebate_cents <= 0))
);
INSERT INTO partner_ledger (id, partner_id, order_id, order_line_id, kind, eligible_cents,
    rate_bp, rebate_cents, status, created_at)
SELECT id, partner_id, order_id, order_line_id, 'rebate', eligible_cents, rate_bp, rebate_cents,
    CASE status WHEN 'approved' THEN 'available' WHEN 'void' THEN 'cancelled' ELSE status END,
    created_at
FROM partner_rebates;
DROP TABLE partner_rebates;
CREATE INDEX partner_ledger_partner ON partner_ledger (partner_id, status, created_at);
CREATE INDEX partner_ledger_order ON partner_ledger (order_id);
CREATE INDEX partner_ledger_pending ON partner_ledger (status, created_at);

-- Staff payouts: each marks a partner's available entries paid at once.
CREATE TABLE partner_payouts (
    id            TEXT PRIMARY KEY,
    partner_id    TEXT NOT NULL REFERENCES partners (id),
    amount_cents  BIGINT NOT NULL,
    entries       BIGINT NOT NULL,
    reference     TEXT NOT NULL,
    paid_by       TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX partner_payouts_partner ON partner_payouts (partner_id, created_at);
