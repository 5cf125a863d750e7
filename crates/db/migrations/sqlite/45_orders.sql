-- Checkout, payments and orders (SPEC §2, §6, §7): idempotency keys, the
-- built-in test payment gateway, orders with lines, history, payments,
-- shipments, the credit-terms ledger and leases for background jobs.

-- SPEC §2: Stripe-style idempotency. One row per (scope, key); `scope` is the
-- caller (user id) plus the operation, so keys of different customers never meet.
CREATE TABLE idempotency_keys (
    scope           TEXT NOT NULL,
    idem_key        TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    state           TEXT NOT NULL,            -- in_progress | done
    response_status BIGINT,
    response_body   TEXT,
    created_at      BIGINT NOT NULL,
    locked_until    BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    PRIMARY KEY (scope, idem_key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

-- Test gateway: card tokens (never the number: brand, last 4, expiry and the
-- behaviour the test number asks for) and payment intents (cards and PayPal).
CREATE TABLE gateway_tokens (
    id          TEXT PRIMARY KEY,
    brand       TEXT NOT NULL,
    last4       TEXT NOT NULL,
    exp_month   BIGINT NOT NULL,
    exp_year    BIGINT NOT NULL,
    behaviour   TEXT NOT NULL,                -- success | declined | insufficient_funds | three_d_secure
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);

CREATE TABLE gateway_intents (
    id              TEXT PRIMARY KEY,
    provider        TEXT NOT NULL,            -- card | paypal
    token_id        TEXT,
    amount_cents    BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    customer_ref    TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    status          TEXT NOT NULL,            -- requires_action | authorized | captured | voided | failed | refunded | cancelled
    failure_code    TEXT,
    refunded_cents  BIGINT NOT NULL DEFAULT 0,
    return_url      TEXT,
    cancel_url      TEXT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);

CREATE TABLE order_counter (
    id   BIGINT PRIMARY KEY,
    next BIGINT NOT NULL
);
INSERT INTO order_counter (id, next) VALUES (1, 1);

CREATE TABLE orders (
    id                 TEXT PRIMARY KEY,
    number             TEXT NOT NULL UNIQUE,
    store_code         TEXT NOT NULL,
    user_id            TEXT NOT NULL REFERENCES users (id),
    email              TEXT NOT NULL,
    status             TEXT NOT NULL,
    currency           TEXT NOT NULL,
    subtotal_cents     BIGINT NOT NULL,
    discount_cents     BIGINT NOT NULL,
    shipping_cents     BIGINT NOT NULL,
    tax_cents          BIGINT NOT NULL,
    total_cents        BIGINT NOT NULL,
    coupon_code        TEXT,
    payment_method     TEXT NOT NULL,
    payment_status     TEXT NOT NULL,         -- authorized | paid | pending | on_terms | refunded | voided
    payment_reference  TEXT,
    shipping_method    TEXT NOT NULL,
    shipping_details   TEXT NOT NULL DEFAULT '{}',
    shipping_address   TEXT,
    billing_address    TEXT NOT NULL,
    digital_only       INTEGER NOT NULL DEFAULT 0,
    pay_by             BIGINT,
    placed_at          BIGINT NOT NULL,
    paid_at            BIGINT,
    updated_at         BIGINT NOT NULL
);
CREATE INDEX orders_user ON orders (user_id, placed_at);
CREATE INDEX orders_status ON orders (status, pay_by);

CREATE TABLE order_lines (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    position         BIGINT NOT NULL,
    product_id       TEXT NOT NULL,
    sku              TEXT NOT NULL,
    name             TEXT NOT NULL,
    product_type     TEXT NOT NULL,
    qty              BIGINT NOT NULL,
    unit_price_cents BIGINT NOT NULL,
    subtotal_cents   BIGINT NOT NULL,
    discount_cents   BIGINT NOT NULL,
    tax_cents        BIGINT NOT NULL,
    total_cents      BIGINT NOT NULL,
    options          TEXT NOT NULL DEFAULT '[]',
    serials          TEXT NOT NULL DEFAULT '[]',
    weight_grams     BIGINT NOT NULL DEFAULT 0,
    warehouse        TEXT,
    delivery_status  TEXT NOT NULL            -- to_ship | shipped | awaiting_delivery | delivered | cancelled
);
CREATE INDEX order_lines_order ON order_lines (order_id, position);
CREATE INDEX order_lines_sku ON order_lines (sku);

CREATE TABLE order_history (
    id         TEXT PRIMARY KEY,
    order_id   TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    at         BIGINT NOT NULL,
    status     TEXT NOT NULL,
    actor      TEXT NOT NULL,
    note       TEXT NOT NULL DEFAULT ''
);
CREATE INDEX order_history_order ON order_history (order_id, at);

-- Every payment attempt, including failed ones that left no order behind.
CREATE TABLE payments (
    id              TEXT PRIMARY KEY,
    order_id        TEXT REFERENCES orders (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL,
    method          TEXT NOT NULL,
    status          TEXT NOT NULL,            -- authorized | captured | pending | on_terms | failed | voided | refunded | paid
    amount_cents    BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    gateway         TEXT,
    gateway_ref     TEXT,
    card_brand      TEXT,
    card_last4      TEXT,
    card_exp_month  BIGINT,
    card_exp_year   BIGINT,
    failure_code    TEXT,
    failure_message TEXT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX payments_order ON payments (order_id);
CREATE INDEX payments_user ON payments (user_id, created_at);
CREATE INDEX payments_status ON payments (status, updated_at);
-- One gateway payment can pay for one order only.
CREATE UNIQUE INDEX payments_gateway_ref_once ON payments (gateway_ref) WHERE order_id IS NOT NULL;

CREATE TABLE shipments (
    id               TEXT PRIMARY KEY,
    order_id         TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    carrier          TEXT NOT NULL,
    tracking_number  TEXT NOT NULL,
    line_ids         TEXT NOT NULL DEFAULT '[]',
    shipped_at       BIGINT NOT NULL,
    created_by       TEXT NOT NULL
);
CREATE INDEX shipments_order ON shipments (order_id);

-- Credit terms history (SPEC §6): Allocated, Purchased, Reimbursed, Refunded, Reverted.
CREATE TABLE credit_ledger (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id),
    kind         TEXT NOT NULL,
    amount_cents BIGINT NOT NULL,
    order_id     TEXT REFERENCES orders (id),
    note         TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL
);
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, created_at);

-- Background jobs: one lease row per job, so only one server runs a job at a time.
CREATE TABLE job_leases (
    name         TEXT PRIMARY KEY,
    locked_until BIGINT NOT NULL,
    last_run_at  BIGINT
);
