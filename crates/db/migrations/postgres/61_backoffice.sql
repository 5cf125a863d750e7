-- The back-office (SPEC §15, #31, D105): staff edit the catalogue, stores
-- and coupons through one write path that leaves an audit entry in the same
-- transaction.

-- Optimistic concurrency for editors: a save names the version it started
-- from and is refused when another save came first.
ALTER TABLE products ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
ALTER TABLE stores ADD COLUMN version BIGINT NOT NULL DEFAULT 1;
CREATE INDEX products_updated ON products (updated_at);
CREATE INDEX products_name ON products (name);

-- A configurable parent is never bought itself (its variants are); the
-- first catalogues flagged parents purchasable and relied on the variant
-- check alone. The editor keeps the rule from now on.
UPDATE products SET purchasable = FALSE WHERE product_type = 'configurable';

-- Every stock correction with its reason; the stock row holds the result.
CREATE TABLE stock_adjustments (
    id              TEXT PRIMARY KEY,
    product_id      TEXT NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    warehouse       TEXT NOT NULL,
    delta           BIGINT NOT NULL,
    on_hand_after   BIGINT NOT NULL,
    available_after BIGINT NOT NULL,
    reason          TEXT NOT NULL,
    note            TEXT NOT NULL DEFAULT '',
    actor_id        TEXT NOT NULL,
    actor_email     TEXT NOT NULL,
    created_at      BIGINT NOT NULL
);
CREATE INDEX stock_adjustments_product ON stock_adjustments (product_id, created_at);

-- Who did what to which resource, before and after (JSON). Append-only: the
-- trigger refuses every UPDATE, DELETE and TRUNCATE, whoever sends them.
CREATE TABLE audit_log (
    id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at            BIGINT NOT NULL,
    actor_id      TEXT NOT NULL,
    actor_email   TEXT NOT NULL,
    action        TEXT NOT NULL,
    resource_type TEXT NOT NULL,
    resource_id   TEXT NOT NULL,
    summary       TEXT NOT NULL DEFAULT '',
    before_json   TEXT,
    after_json    TEXT
);
CREATE INDEX audit_log_at ON audit_log (at);
CREATE INDEX audit_log_actor ON audit_log (actor_id, id);
CREATE INDEX audit_log_action ON audit_log (action, id);
CREATE INDEX audit_log_resource ON audit_log (resource_type, resource_id, id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'audit_log is append-only';
END
$$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
