-- Which products each catalogue version changed (D110). A server holding the
-- read model of version N builds N+k from the rows it holds and these
-- products' rows alone when every version in between names its products; a
-- version with no row here changed something else (a store, a category, a
-- new product) and means "read everything". Old rows are pruned as new ones
-- are written.
CREATE TABLE catalog_changes (
    version BIGINT NOT NULL,
    product_id TEXT NOT NULL,
    PRIMARY KEY (version, product_id)
);
