-- The app referral programme (SPEC §10, #29, D103).

-- Each customer's own code (GET_REFERRAL_CODE): one per customer, stable.
CREATE TABLE referral_codes (
    user_id     TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    code        TEXT NOT NULL UNIQUE,
    created_at  BIGINT NOT NULL
);

-- The code a referee entered or followed a link with (REFERRAL_CODE); its
-- discount is priced on every read and checked again when the order is placed.
ALTER TABLE carts ADD COLUMN app_referral_code TEXT;

-- The referrer of an order and the discount its referee got.
ALTER TABLE orders ADD COLUMN referrer_user_id TEXT REFERENCES users (id);
ALTER TABLE orders ADD COLUMN app_referral_code TEXT;
ALTER TABLE orders ADD COLUMN referral_discount_cents BIGINT NOT NULL DEFAULT 0;
CREATE INDEX orders_referrer ON orders (referrer_user_id);

-- A reward coupon belongs to its referrer (anyone else is refused).
ALTER TABLE coupons ADD COLUMN owner_user_id TEXT REFERENCES users (id) ON DELETE CASCADE;

-- What a referrer earns on a referee's paid order: per kind (`coupon`, or
-- `sfc` for cloud plans: data or days on their own subscription), pending
-- for the return window, then available until it expires, redeemed once.
CREATE TABLE referral_rewards (
    id                TEXT PRIMARY KEY,
    referrer_user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    referee_user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    order_id          TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    kind              TEXT NOT NULL,
    value_cents       BIGINT NOT NULL,
    currency          TEXT NOT NULL,
    status            TEXT NOT NULL DEFAULT 'pending',
    created_at        BIGINT NOT NULL,
    available_at      BIGINT,
    expires_at        BIGINT,
    reminded_at       BIGINT,
    redeemed_at       BIGINT,
    redeemed_as       TEXT,
    cancelled_at      BIGINT,
    UNIQUE (order_id, kind),
    CHECK (kind IN ('coupon', 'sfc')),
    CHECK (status IN ('pending', 'available', 'redeemed', 'expired', 'cancelled')),
    CHECK (value_cents > 0)
);
CREATE INDEX referral_rewards_referrer ON referral_rewards (referrer_user_id, status, created_at);
CREATE INDEX referral_rewards_status ON referral_rewards (status, created_at);
