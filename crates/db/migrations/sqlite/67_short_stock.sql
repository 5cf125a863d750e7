-- PostgreSQL only (D132): the function that stops an order's COMMIT when
-- its last product ran short. SQLite runs in this process and sends no
-- COMMIT with a statement.
SELECT 1;
