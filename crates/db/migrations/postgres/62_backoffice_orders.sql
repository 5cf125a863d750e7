-- The back-office's orders and customers (SPEC §7, §15, #32, D106):
-- refunds through the gateway with credit notes, deliverables revoked with
-- their refunded line, staff search over every order, disabled accounts.

-- What has been refunded of an order and of each line. A refund reserves
-- its amount with a conditional update (never past what was paid), so two
-- refunds at once cannot both take the last of it.
ALTER TABLE orders ADD COLUMN refunded_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN refunded_qty BIGINT NOT NULL DEFAULT 0;

-- Each refund, and the credit note it is: pending while the gateway is
-- asked, then succeeded or failed (a failed one gives its reservation back).
CREATE TABLE refund_counter (id BIGINT PRIMARY KEY, next BIGINT NOT NULL);
INSERT INTO refund_counter (id, next) VALUES (1, 1);
CREATE TABLE refunds (
    id            TEXT PRIMARY KEY,
    number        TEXT NOT NULL UNIQUE,
    order_id      TEXT NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
    amount_cents  BIGINT NOT NULL,
    reason        TEXT NOT NULL,
    lines         TEXT NOT NULL DEFAULT '[]',
    method        TEXT NOT NULL,
    gateway_ref   TEXT,
    status        TEXT NOT NULL,
    failure       TEXT,
    actor_id      TEXT NOT NULL,
    actor_email   TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    completed_at  BIGINT,
    CHECK (amount_cents > 0)
);
CREATE INDEX refunds_order ON refunds (order_id, created_at);
CREATE INDEX refunds_pending ON refunds (status, created_at);

-- Deliverables of a refunded line stop working.
ALTER TABLE licence_keys ADD COLUMN revoked_at BIGINT;
ALTER TABLE warranty_extensions ADD COLUMN revoked_at BIGINT;
ALTER TABLE subscription_extensions ADD COLUMN revoked_at BIGINT;
ALTER TABLE esims ADD COLUMN revoked_at BIGINT;
ALTER TABLE esim_topups ADD COLUMN revoked_at BIGINT;
ALTER TABLE esim_pools ADD COLUMN revoked_at BIGINT;

-- A disabled account cannot sign in; its sessions end when it is disabled.
ALTER TABLE users ADD COLUMN disabled_at BIGINT;
ALTER TABLE users ADD COLUMN disabled_reason TEXT;

-- The staff order search: newest first, narrowed by status, store, payment
-- method or customer; SKUs through order_lines (sku).
CREATE INDEX orders_placed ON orders (placed_at);
CREATE INDEX orders_status_placed ON orders (status, placed_at);
CREATE INDEX orders_store_placed ON orders (store_code, placed_at);
CREATE INDEX orders_method_placed ON orders (payment_method, placed_at);
CREATE INDEX orders_email ON orders (email);
CREATE INDEX email_outbox_created ON email_outbox (created_at);
CREATE INDEX audit_log_actor_email ON audit_log (actor_email, id);
