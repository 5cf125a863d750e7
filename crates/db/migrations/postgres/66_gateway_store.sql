-- On PostgreSQL the test gateway's tables stay in the store's database
-- (D127): writers run side by side here, so the gateway's writes queue
-- behind no one. Nothing changes; SQLite's migration 66 moves them out.
SELECT 1;
