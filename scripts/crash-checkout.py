#!/usr/bin/env python3
"""Crash test (QUALITY.md → Reliability): kill -9 the release server during a
checkout load, restart it on the same database, and check that every order
answered 201 exists and that stock + ordered units == the starting stock.
Every order also carries a licence for a new serial (#15): after the restart
every paid licence line is delivered, with exactly one key per (line, serial),
although the kill may land in the middle of a delivery.

Usage: scripts/crash-checkout.py [--port 18141] [--binary target/release/uplink]
Needs only Python 3's standard library. Uses a temporary SQLite database.
"""
import argparse, os, signal, sqlite3, subprocess, sys, tempfile, threading, time, uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib.http_client import Client, wait_ready  # noqa: E402

SKU = "MAX-BR1-PRO-5G-PRM"
LICENCE_SKU = "LIC-SF-BOND"  # serial-bound licence for non-prime routers (prefix 1824)
START_STOCK = 400


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--port", type=int, default=int(os.environ.get("CRASH_PORT", "18141")))
    p.add_argument("--binary", default="target/release/uplink")
    p.add_argument("--buyers", type=int, default=24)
    # The kill lands once this many orders have been answered, so it hits
    # the middle of the load however fast the machine and the server are.
    p.add_argument("--orders-before-kill", type=int, default=START_STOCK // 4)
    p.add_argument("--max-seconds-before-kill", type=float, default=30.0)
    return p.parse_args()


def start(binary, env, log):
    return subprocess.Popen([binary, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)


def stock_of(db_path):
    con = sqlite3.connect(db_path)
    row = con.execute(
        "SELECT s.available FROM stock s JOIN products p ON p.id = s.product_id WHERE p.sku = ? AND s.warehouse = 'Global'",
        (SKU,),
    ).fetchone()
    con.close()
    return row[0]


# A delivery the kill interrupted leaves nothing behind, not even its claim (one
# transaction per order, D94), so the restarted server's delivery job, which runs
# as it starts, finishes it at once; and the restarted server frees at once every
# claim its former self held (D115: the kernel says that pid is gone). Both within
# 10 s of the restart (issue 33), on a busy machine too.
RECOVERED_WITHIN_S = 10.0

# Claims still running that name a server no longer registered: a dead server's.
ORPHAN_CLAIMS = """SELECT
  (SELECT COUNT(*) FROM job_leases WHERE locked_until > :now AND held_by IS NOT NULL
     AND held_by NOT IN (SELECT id FROM server_instances WHERE id <> :dead))
  + (SELECT COUNT(*) FROM email_outbox WHERE status = 'queued' AND locked_until > :now AND held_by IS NOT NULL
     AND held_by NOT IN (SELECT id FROM server_instances WHERE id <> :dead))
  + (SELECT COUNT(*) FROM idempotency_keys WHERE state = 'in_progress' AND locked_until > :now
     AND held_by IS NOT NULL AND held_by NOT IN (SELECT id FROM server_instances WHERE id <> :dead))"""


def dead_server_claims(db_path):
    """While no server runs: the one registered server (the killed one) and how many
    claims it still holds (every running claim: it is the only server)."""
    con = sqlite3.connect(db_path, timeout=10)
    dead = [r[0] for r in con.execute("SELECT id FROM server_instances")]
    held = con.execute(ORPHAN_CLAIMS.replace("SELECT id FROM server_instances WHERE id <> :dead", "SELECT ''"),
                       {"now": int(time.time() * 1000)}).fetchone()[0]
    con.close()
    return dead, held


def check_claims_freed(db_path, dead, held, restarted, within=RECOVERED_WITHIN_S):
    """The restarted server frees every claim the killed one held."""
    began = restarted
    while True:
        con = sqlite3.connect(db_path, timeout=10)
        left = con.execute(ORPHAN_CLAIMS, {"now": int(time.time() * 1000), "dead": dead[0] if dead else ""}).fetchone()[0]
        con.close()
        if left == 0 or time.time() > began + within:
            break
        time.sleep(0.2)
    print(f"crash test: the killed server held {held} claims (job leases, e-mails, idempotency keys); "
          f"{left} still held {time.time() - began:.1f} s after the restart")
    if len(dead) != 1 or held == 0:
        print(f"crash test FAILED: expected the killed server registered with claims, found {dead} holding {held}")
        return False
    if left:
        print(f"crash test FAILED: {left} claims of the killed server not freed {within} s after the restart")
        return False
    return True


def check_licences(db_path, restarted, within=RECOVERED_WITHIN_S):
    """Every licence line of a paid order is delivered once the restarted server has run
    its delivery queue, with exactly one key per (line, serial)."""
    paid = ("SELECT l.id FROM order_lines l JOIN orders o ON o.id = l.order_id "
            "WHERE l.sku = ? AND o.status NOT IN ('pending_payment', 'cancelled')")
    began = restarted
    deadline = began + within
    while True:
        con = sqlite3.connect(db_path, timeout=10)
        waiting = con.execute(f"SELECT COUNT(*) FROM order_lines WHERE id IN ({paid}) "
                              "AND delivery_status <> 'delivered'", (LICENCE_SKU,)).fetchone()[0]
        if waiting == 0 or time.time() > deadline:
            break
        con.close()
        time.sleep(0.2)
    lines = con.execute(f"SELECT COUNT(*) FROM ({paid})", (LICENCE_SKU,)).fetchone()[0]
    keys = con.execute(f"SELECT COUNT(*) FROM licence_keys WHERE order_line_id IN ({paid})", (LICENCE_SKU,)).fetchone()[0]
    dupes = con.execute("SELECT COUNT(*) FROM (SELECT order_line_id, serial FROM licence_keys "
                        "GROUP BY order_line_id, serial HAVING COUNT(*) > 1)").fetchone()[0]
    con.close()
    print(f"crash test: {lines} paid licence lines, {keys} keys, {waiting} undelivered, {dupes} duplicated "
          f"({time.time() - began:.1f} s after the restart)")
    ok = True
    if lines == 0:
        print("crash test FAILED: no paid licence line to deliver")
        ok = False
    if waiting:
        print(f"crash test FAILED: {waiting} paid licence lines not delivered {within} s after the restart")
        ok = False
    if keys != lines or dupes:
        print(f"crash test FAILED: {keys} keys for {lines} licence lines ({dupes} duplicated)")
        ok = False
    return ok


def main():
    args = parse_args()
    work = tempfile.mkdtemp(prefix="uplink-crash-")
    db_path = os.path.join(work, "uplink.db")
    base = f"http://127.0.0.1:{args.port}"
    env = dict(os.environ)
    env.update(
        UPLINK_LISTEN=f"127.0.0.1:{args.port}",
        UPLINK_PUBLIC_URL=base,
        UPLINK_DATABASE_URL=f"sqlite://{db_path}",
        UPLINK_ENVIRONMENT="e2e",
        UPLINK_LOG="warn",
    )
    log = open(os.path.join(work, "server.log"), "ab")
    proc = start(args.binary, env, log)
    wait_ready(base, proc)
    con = sqlite3.connect(db_path)
    con.execute(
        "UPDATE stock SET available = ?, on_hand = ? WHERE warehouse = 'Global' AND product_id = (SELECT id FROM products WHERE sku = ?)",
        (START_STOCK, START_STOCK, SKU),
    )
    con.commit()
    con.close()

    created = []  # (client, number)
    lock = threading.Lock()
    stop = threading.Event()
    address = {"name": "Crash Test", "line1": "Hauptstrasse 1", "city": "Berlin", "postal_code": "10115",
               "country": "DE", "phone": "030123456789"}

    def add_to_cart(c):
        """Empties the cart and adds one unit through the cart API, as the cart page does
        (emptying first keeps a cart left by a refused order at one unit)."""
        s, _ = c.call("DELETE", "/api/v1/cart")
        if s not in (200, 204):
            raise RuntimeError(f"clear cart: {s}")
        s, body = c.call("POST", "/api/v1/cart/lines", {"sku": SKU, "qty": 1})
        if s != 201:
            raise RuntimeError(f"add to cart: {s} {body}")
        serial = "1824-" + uuid.uuid4().hex[:4].upper() + "-" + uuid.uuid4().hex[:4].upper()
        s, body = c.call("POST", "/api/v1/cart/lines", {"sku": LICENCE_SKU, "serials": [serial]})
        if s != 201:
            raise RuntimeError(f"add licence: {s} {body}")

    def buyer(i):
        c = Client(base)
        try:
            s, _ = c.call("POST", "/api/v1/auth/register",
                          {"email": f"crash{i}-{uuid.uuid4().hex[:6]}@example.com", "password": "crash-test-password",
                           "name": "Crash Buyer", "country": "DE"})
        except Exception:
            return  # killed while this buyer was still signing up
        if s != 201:
            return
        while not stop.is_set():
            try:
                add_to_cart(c)
                tok_s, tok = c.call("POST", "/gateway/test/tokens",
                                    {"number": "4242424242424242", "exp_month": 12, "exp_year": 2035, "cvc": "123"})
                payment = {"method": "card", "token": tok["id"]} if tok_s == 201 else {"method": "bank_transfer"}
                s, body = c.call("POST", "/api/v1/orders",
                                 {"shipping": {"method": "priority", "address": address},
                                  "billing": {"same_as_shipping": True}, "payment": payment},
                                 headers={"Idempotency-Key": str(uuid.uuid4())})
                if s == 201:
                    with lock:
                        created.append((c, body["number"]))
            except Exception:
                # The server is being killed: connection errors are expected.
                time.sleep(0.05)

    threads = [threading.Thread(target=buyer, args=(i,), daemon=True) for i in range(args.buyers)]
    for t in threads:
        t.start()
    deadline = time.time() + args.max_seconds_before_kill
    while time.time() < deadline:
        with lock:
            if len(created) >= args.orders_before_kill:
                break
        time.sleep(0.005)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    killed_at = len(created)
    stop.set()
    for t in threads:
        t.join(timeout=20)

    dead, held = dead_server_claims(db_path)
    restarted = time.time()
    proc = start(args.binary, env, log)
    wait_ready(base, proc)
    try:
        claims_ok = check_claims_freed(db_path, dead, held, restarted)
        missing = []
        for c, number in created:
            s, body = c.call("GET", f"/api/v1/orders/{number}")
            if s != 200 or body.get("number") != number:
                missing.append(number)
        con = sqlite3.connect(db_path)
        ordered = con.execute(
            "SELECT COALESCE(SUM(l.qty), 0) FROM order_lines l JOIN orders o ON o.id = l.order_id "
            "WHERE l.sku = ? AND o.status <> 'cancelled'", (SKU,)).fetchone()[0]
        orders = con.execute("SELECT COUNT(*) FROM orders").fetchone()[0]
        con.close()
        left = stock_of(db_path)
        print(f"crash test: {killed_at} orders answered 201 before SIGKILL, {orders} orders in the database, "
              f"{ordered} units ordered, {left} left of {START_STOCK}")
        ok = claims_ok
        if killed_at == 0:
            print("crash test FAILED: no order was placed before the kill (load too slow?)")
            ok = False
        if left == 0:
            print("crash test FAILED: the stock ran out before the kill, so it did not land during the load")
            ok = False
        if missing:
            print(f"crash test FAILED: {len(missing)} orders answered 201 are missing: {missing[:5]}")
            ok = False
        if left + ordered != START_STOCK:
            print(f"crash test FAILED: stock {left} + ordered {ordered} != {START_STOCK}")
            ok = False
        if left < 0:
            print("crash test FAILED: negative stock")
            ok = False
        if not ok:
            sys.stdout.write(open(os.path.join(work, "server.log"), errors="replace").read()[-4000:])
            sys.exit(1)
        ok = check_licences(db_path, restarted) and ok
        if not ok:
            sys.stdout.write(open(os.path.join(work, "server.log"), errors="replace").read()[-4000:])
            sys.exit(1)
        print("crash test passed")
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()
