-- Catalogue (SPEC §3, §4): stores, categories, products with variants,
-- per-store prices, stock per warehouse, options, specs, media, device models.
-- `catalog_version` is bumped on every catalogue change so every server
-- rebuilds its in-memory read model.

CREATE TABLE catalog_version (
    id         BIGINT PRIMARY KEY,
    version    BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
INSERT INTO catalog_version (id, version, updated_at) VALUES (1, 1, 0);

CREATE TABLE stores (
    code              TEXT PRIMARY KEY,
    kind              TEXT NOT NULL,
    region            TEXT NOT NULL,
    name              TEXT NOT NULL,
    currency          TEXT NOT NULL DEFAULT 'USD',
    active            BOOLEAN NOT NULL DEFAULT TRUE,
    is_default        BOOLEAN NOT NULL DEFAULT FALSE,
    partner_name      TEXT,
    store_key         TEXT UNIQUE,
    display_name      TEXT NOT NULL,
    tagline           TEXT,
    logo_media        TEXT,
    accent_color      TEXT NOT NULL DEFAULT '#0b5fff',
    catalogue         TEXT NOT NULL DEFAULT 'all',
    payment_methods   TEXT NOT NULL DEFAULT '[]',
    shipping_methods  TEXT NOT NULL DEFAULT '[]',
    referral_terms    TEXT,
    position          BIGINT NOT NULL DEFAULT 0,
    created_at        BIGINT NOT NULL
);

CREATE TABLE categories (
    id          TEXT PRIMARY KEY,
    slug        TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    parent_id   TEXT REFERENCES categories(id),
    description TEXT NOT NULL DEFAULT '',
    image_media TEXT,
    position    BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE media (
    media_key    TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    file_name    TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL,
    etag         TEXT NOT NULL,
    body         BYTEA NOT NULL,
    created_at   BIGINT NOT NULL
);

CREATE TABLE products (
    id                 TEXT PRIMARY KEY,
    sku                TEXT NOT NULL UNIQUE,
    slug               TEXT NOT NULL UNIQUE,
    name               TEXT NOT NULL,
    brand              TEXT NOT NULL,
    product_type       TEXT NOT NULL,
    parent_id          TEXT REFERENCES products(id),
    summary            TEXT NOT NULL DEFAULT '',
    description        TEXT NOT NULL DEFAULT '',
    status             TEXT NOT NULL DEFAULT 'active',
    purchasable        BOOLEAN NOT NULL DEFAULT TRUE,
    featured           BOOLEAN NOT NULL DEFAULT FALSE,
    price_cents        BIGINT NOT NULL,
    compare_at_cents   BIGINT,
    min_qty            BIGINT NOT NULL DEFAULT 1,
    max_qty            BIGINT,
    qty_step           BIGINT NOT NULL DEFAULT 1,
    weight_grams       BIGINT,
    term_months        BIGINT,
    data_mb            BIGINT,
    validity_days      BIGINT,
    stackable          BOOLEAN NOT NULL DEFAULT FALSE,
    eligibility_models TEXT,
    eligibility_prime  TEXT,
    position           BIGINT NOT NULL DEFAULT 0,
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
CREATE INDEX products_parent ON products (parent_id);

-- Attribute values of a variant (e.g. cellular=5G, region=US).
CREATE TABLE product_attributes (
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    code       TEXT NOT NULL,
    label      TEXT NOT NULL,
    value      TEXT NOT NULL,
    value_label TEXT NOT NULL,
    position   BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (product_id, code)
);

CREATE TABLE product_categories (
    product_id  TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    category_id TEXT NOT NULL REFERENCES categories(id),
    position    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (product_id, category_id)
);
CREATE INDEX product_categories_category ON product_categories (category_id);

CREATE TABLE product_labels (
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    label      TEXT NOT NULL,
    PRIMARY KEY (product_id, label)
);

-- Per-store price list entries. With catalogue `all` a store sells every
-- active product unless a row says `sold = FALSE`; with `selected` only the
-- products that have a row with `sold = TRUE`. NULL price = the list price.
CREATE TABLE product_prices (
    product_id       TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    store_code       TEXT NOT NULL REFERENCES stores(code) ON DELETE CASCADE,
    price_cents      BIGINT,
    compare_at_cents BIGINT,
    sold             BOOLEAN NOT NULL DEFAULT TRUE,
    PRIMARY KEY (product_id, store_code)
);
CREATE INDEX product_prices_store ON product_prices (store_code);

-- Stock per warehouse. `available` is what can still be sold (decremented
-- with a conditional UPDATE ... WHERE available >= n); `on_hand` is physical.
CREATE TABLE stock (
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    warehouse  TEXT NOT NULL,
    on_hand    BIGINT NOT NULL DEFAULT 0,
    available  BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (product_id, warehouse),
    CHECK (available >= 0)
);

CREATE TABLE product_options (
    id         TEXT PRIMARY KEY,
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    code       TEXT NOT NULL,
    label      TEXT NOT NULL,
    kind       TEXT NOT NULL,
    required   BOOLEAN NOT NULL DEFAULT FALSE,
    pattern    TEXT,
    help       TEXT,
    position   BIGINT NOT NULL DEFAULT 0,
    UNIQUE (product_id, code)
);

-- Values of a select option; a price delta in cents or in basis points.
CREATE TABLE product_option_values (
    option_id         TEXT NOT NULL REFERENCES product_options(id) ON DELETE CASCADE,
    code              TEXT NOT NULL,
    label             TEXT NOT NULL,
    price_delta_cents BIGINT,
    price_delta_bp    BIGINT,
    position          BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (option_id, code)
);

CREATE TABLE product_specs (
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    spec_group TEXT NOT NULL,
    name       TEXT NOT NULL,
    value      TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE product_package_items (
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    item       TEXT NOT NULL,
    qty        BIGINT NOT NULL,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE product_downloads (
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    title      TEXT NOT NULL,
    kind       TEXT NOT NULL,
    media_key  TEXT NOT NULL REFERENCES media(media_key),
    version    TEXT,
    PRIMARY KEY (product_id, position)
);

CREATE TABLE product_images (
    product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
    position   BIGINT NOT NULL,
    media_key  TEXT NOT NULL REFERENCES media(media_key),
    alt        TEXT NOT NULL,
    PRIMARY KEY (product_id, position)
);

-- Serial prefix → device model (SPEC §4.2).
CREATE TABLE device_models (
    prefix       TEXT PRIMARY KEY,
    code         TEXT NOT NULL UNIQUE,
    name         TEXT NOT NULL,
    prime        BOOLEAN NOT NULL DEFAULT FALSE,
    hardware_sku TEXT
);
