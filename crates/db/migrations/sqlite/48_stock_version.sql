-- Live stock status (decision D69): `stock_version` is bumped whenever a
-- write to `stock` moves a row from one stock band to another (out of stock:
-- 0; low: 1..=5, `LOW_STOCK_THRESHOLD`; in stock: above 5). Servers compare it
-- with their read model's and reload only the stock when it alone changed.
-- Writes that leave the band as it was (most orders) bump nothing.
--
-- A trigger covers every writer (orders, cancellations, the unpaid-order job,
-- staff corrections) in the writer's own transaction.

CREATE TABLE stock_version (
    id         BIGINT PRIMARY KEY,
    version    BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
INSERT INTO stock_version (id, version, updated_at) VALUES (1, 1, 0);

CREATE TRIGGER stock_band_changed AFTER UPDATE OF available ON stock
WHEN (CASE WHEN OLD.available <= 0 THEN 0 WHEN OLD.available <= 5 THEN 1 ELSE 2 END)
  <> (CASE WHEN NEW.available <= 0 THEN 0 WHEN NEW.available <= 5 THEN 1 ELSE 2 END)
BEGIN
    UPDATE stock_version SET version = version + 1, updated_at = NEW.updated_at WHERE id = 1;
END;
