-- A customer's order list filtered by status (issue 34): with 100,000
-- orders in the store, the planner took orders_status_placed and read every
-- order of that status (p99 2.2 s at 64 connections). With the customer and
-- the status both in one index it reads only that customer's orders.
CREATE INDEX orders_user_status ON orders (user_id, status, placed_at);
