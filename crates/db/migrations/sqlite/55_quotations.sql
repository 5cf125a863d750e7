-- Quotations (SPEC §9; D97): a buyer's request for prices, the lines as they
-- were asked for (catalogue price at the time), the prices sales quoted per
-- line, the shipping price and valid-until date, and a history of status
-- changes and comments from both sides. `version` grows with every staff
-- change, so two sales people editing one quotation cannot overwrite each
-- other. An order paid from a quotation remembers its number; a co-term
-- line carries the common end date its device's coverage is extended to.
CREATE TABLE quotation_counter (id INTEGER PRIMARY KEY, next BIGINT NOT NULL);
INSERT INTO quotation_counter (id, next) VALUES (1, 1);

CREATE TABLE quotations (
    id TEXT PRIMARY KEY,
    number TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    store_code TEXT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    source TEXT NOT NULL,
    customer_note TEXT NOT NULL DEFAULT '',
    shipping_cents BIGINT,
    valid_until BIGINT,
    version BIGINT NOT NULL DEFAULT 1,
    assignee TEXT,
    order_id TEXT,
    order_number TEXT,
    created_at BIGINT NOT NULL,
    submitted_at BIGINT,
    updated_at BIGINT NOT NULL
);
CREATE INDEX quotations_user ON quotations (user_id, created_at);
CREATE INDEX quotations_status ON quotations (status, submitted_at);
CREATE INDEX quotations_valid ON quotations (valid_until);

CREATE TABLE quotation_lines (
    id TEXT PRIMARY KEY,
    quotation_id TEXT NOT NULL REFERENCES quotations (id) ON DELETE CASCADE,
    position BIGINT NOT NULL,
    product_id TEXT NOT NULL,
    sku TEXT NOT NULL,
    name TEXT NOT NULL,
    product_type TEXT NOT NULL,
    qty BIGINT NOT NULL,
    options TEXT NOT NULL,
    option_labels TEXT NOT NULL,
    serials TEXT NOT NULL,
    iccid TEXT,
    unit_price_cents BIGINT NOT NULL,
    quote TEXT,
    quoted_total_cents BIGINT NOT NULL,
    coverage_until BIGINT
);
CREATE INDEX quotation_lines_quotation ON quotation_lines (quotation_id, position);

CREATE TABLE quotation_history (
    id TEXT PRIMARY KEY,
    quotation_id TEXT NOT NULL REFERENCES quotations (id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    party TEXT NOT NULL,
    author TEXT NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX quotation_history_quotation ON quotation_history (quotation_id, created_at);

ALTER TABLE orders ADD COLUMN quotation_number TEXT;

-- A co-term line (SPEC §8) extends its device's coverage to this day
-- (unix ms) instead of by the plan's whole term.
ALTER TABLE order_lines ADD COLUMN coverage_until BIGINT;
