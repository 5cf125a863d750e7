-- Refuses an order whose last product ran short in the statement sent
-- with its COMMIT (D132). PostgreSQL runs that statement and the COMMIT as
-- one message, so a short product must stop the commit with an error (its
-- own SQLSTATE, UL001), not with an empty result.
CREATE FUNCTION uplink_short_stock() RETURNS BIGINT LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'too few units of the last product' USING ERRCODE = 'UL001';
END
$$;
