#!/usr/bin/env python3
"""Fills a bench SQLite database with N orders (copies of the demo orders with
new numbers, stores, methods, statuses and times spread over two years, each
with its lines, placed by 5,000 bench customers buyerK@bench.example) and N
audit entries: for the back-office bench (issue 32) and the checkout and
order pages of a store with 100,000 orders (issue 34). A second call on a
filled database adds nothing. Usage: fill.py DB_PATH N"""
import sqlite3
import sys
import time

db, n = sys.argv[1], int(sys.argv[2])
con = sqlite3.connect(db, timeout=60)
cols = [r[1] for r in con.execute("PRAGMA table_info(orders)")]
line_cols = [r[1] for r in con.execute("PRAGMA table_info(order_lines)")]
now = int(time.time() * 1000)
STATUSES = ["pending_payment", "processing", "partially_shipped", "shipped", "completed", "cancelled", "refunded"]
METHODS = ["card", "paypal", "bank_transfer", "credit_terms"]
STORES = ["global", "us", "sky-4h7d2p"]
templates = [r[0] for r in con.execute("SELECT id FROM orders ORDER BY number")]
assert templates, "the demo orders are the templates"

def order_expr(c):
    return {
        "id": "'bo_' || n.i",
        "number": "'UL-B' || substr('0000000' || n.i, -7)",
        "email": "'buyer' || (n.i % 5000) || '@bench.example'",
        "user_id": "'usr_bench_' || (n.i % 5000)",
        "status": "CASE n.i % 7 " + " ".join(f"WHEN {k} THEN '{s}'" for k, s in enumerate(STATUSES)) + " END",
        "payment_method": "CASE n.i % 4 " + " ".join(f"WHEN {k} THEN '{m}'" for k, m in enumerate(METHODS)) + " END",
        "store_code": "CASE n.i % 3 " + " ".join(f"WHEN {k} THEN '{s}'" for k, s in enumerate(STORES)) + " END",
        "placed_at": f"{now} - n.i * 631000",
        "updated_at": f"{now} - n.i * 631000",
        "quotation_number": "NULL",
    }.get(c, "o." + c)

def line_expr(c):
    return {"id": "'bol_' || n.i || '_' || l.position", "order_id": "'bo_' || n.i"}.get(c, "l." + c)

series = f"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {n})"

def counts():
    return con.execute("SELECT COUNT(*) FROM orders").fetchone()[0], con.execute("SELECT COUNT(*) FROM audit_log").fetchone()[0]

if con.execute("SELECT 1 FROM orders WHERE id = 'bo_1'").fetchone():
    print(*counts())  # filled before (run.sh's BENCH_PREFILL_ORDERS)
    sys.exit(0)
con.execute(
    "WITH RECURSIVE k(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM k WHERE i < 4999) "
    "INSERT INTO users (id, email, name, country, created_at, updated_at) "
    f"SELECT 'usr_bench_' || i, 'buyer' || i || '@bench.example', 'Bench buyer ' || i, 'DE', {now}, {now} FROM k"
)
tcount = len(templates)
con.execute("CREATE TEMP TABLE tpl (k INTEGER PRIMARY KEY, id TEXT NOT NULL)")
con.executemany("INSERT INTO tpl (k, id) VALUES (?, ?)", list(enumerate(templates)))
pick = f"JOIN tpl t ON t.k = n.i % {tcount}"
con.execute(
    f"{series} INSERT INTO orders ({', '.join(cols)}) SELECT {', '.join(order_expr(c) for c in cols)} "
    f"FROM n {pick} JOIN orders o ON o.id = t.id"
)
con.execute(
    f"{series} INSERT INTO order_lines ({', '.join(line_cols)}) SELECT {', '.join(line_expr(c) for c in line_cols)} "
    f"FROM n {pick} JOIN order_lines l ON l.order_id = t.id"
)
ACTIONS = ["order.ship", "order.mark_paid", "product.update", "order.refund", "credit.terms", "quotation.send"]
con.execute(
    f"{series} INSERT INTO audit_log (at, actor_id, actor_email, action, resource_type, resource_id, summary, before_json, after_json) "
    # Entries are appended as time passes: a higher id is a later entry.
    f"SELECT {now} - ({n} - n.i) * 631000, 'usr_staff' || (n.i % 12), 'staff' || (n.i % 12) || '@bench.example', "
    "CASE n.i % 6 " + " ".join(f"WHEN {k} THEN '{a}'" for k, a in enumerate(ACTIONS)) + " END, "
    "'order', 'UL-B' || substr('0000000' || n.i, -7), 'bench entry', '{\"status\":\"processing\"}', '{\"status\":\"shipped\"}' FROM n"
)
con.commit()
print(*counts())
