import { execFileSync } from 'node:child_process';

/**
 * Puts a cart line straight into the e2e server's SQLite database (scripts/e2e.sh
 * exports E2E_DB_PATH). Specs add through the cart API (`POST /api/v1/cart/lines`)
 * like a browser does; this is only for a cart the API legitimately refuses to
 * build — more units than the stock (the credit-over-limit case needs a cart
 * worth more than the business account's remaining credit).
 */
export function seedCartLine(userId: string, store: string, sku: string, qty: number): void {
  const db = process.env.E2E_DB_PATH;
  if (!db) throw new Error('No E2E_DB_PATH: cannot seed the cart directly');
  const script = `
import sqlite3, sys, time, uuid
db, user, store, sku, qty = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
con = sqlite3.connect(db, timeout=30)
now = int(time.time() * 1000)
owner = "u:" + user
con.execute("INSERT INTO carts (id, store_code, owner_key, user_id, coupon_code, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?) ON CONFLICT (store_code, owner_key) DO NOTHING", ("crt_" + uuid.uuid4().hex[:16], store, owner, user, now, now))
cart = con.execute("SELECT id FROM carts WHERE store_code = ? AND owner_key = ?", (store, owner)).fetchone()[0]
pid, price = con.execute("SELECT p.id, COALESCE((SELECT price_cents FROM product_prices WHERE product_id = p.id AND store_code = ?), p.price_cents) FROM products p WHERE p.sku = ?", (store, sku)).fetchone()
con.execute("INSERT INTO cart_lines (id, cart_id, product_id, sku, qty, options, iccid, line_key, seen_unit_cents, position, created_at, updated_at) VALUES (?, ?, ?, ?, ?, '{}', NULL, ?, ?, 1, ?, ?)", ("cln_" + uuid.uuid4().hex[:16], cart, pid, sku, qty, uuid.uuid4().hex, price, now, now))
con.commit()
`;
  execFileSync('python3', ['-c', script, db, userId, store, sku, String(qty)]);
}
