-- Partner referral codes (SPEC §5, §10): a buyer enters a partner's code in
-- the cart box; the buyer gets nothing, the order records the partner and the
-- partner earns a rebate on eligible lines (licences, care plans, cloud plans).
-- Codes are case-insensitive: stored normalised upper case. See D58.

CREATE TABLE partners (
    id              TEXT PRIMARY KEY,
    referral_code   TEXT NOT NULL UNIQUE,
    name            TEXT NOT NULL,
    active          BOOLEAN NOT NULL DEFAULT TRUE,
    rebate_bp       BIGINT NOT NULL,
    user_id         TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at      BIGINT NOT NULL,
    CHECK (rebate_bp >= 0 AND rebate_bp <= 10000),
    CHECK (referral_code = UPPER(referral_code))
);
CREATE INDEX partners_user ON partners (user_id);

-- The code the buyer applied to the cart (re-checked when the order is placed).
ALTER TABLE carts ADD COLUMN partner_referral_code TEXT;

-- The partner credited with the order (a snapshot of its code and name).
ALTER TABLE orders ADD COLUMN partner_id TEXT REFERENCES partners (id);
ALTER TABLE orders ADD COLUMN partner_referral_code TEXT;
ALTER TABLE orders ADD COLUMN partner_name TEXT;
CREATE INDEX orders_partner ON orders (partner_id);

-- One rebate per eligible order line: rate_bp of the amount the buyer paid
-- for it (subtotal − discount, before tax), rounded half up.
CREATE TABLE partner_rebates (
    id              TEXT PRIMARY KEY,
    partner_id      TEXT NOT NULL REFERENCES partners (id),
    order_id        TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    order_line_id   TEXT NOT NULL UNIQUE REFERENCES order_lines (id) ON DELETE CASCADE,
    eligible_cents  BIGINT NOT NULL,
    rate_bp         BIGINT NOT NULL,
    rebate_cents    BIGINT NOT NULL,
    status          TEXT NOT NULL DEFAULT 'pending',
    created_at      BIGINT NOT NULL,
    CHECK (status IN ('pending', 'approved', 'paid', 'void'))
);
CREATE INDEX partner_rebates_partner ON partner_rebates (partner_id, status);
CREATE INDEX partner_rebates_order ON partner_rebates (order_id);
