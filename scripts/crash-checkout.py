#!/usr/bin/env python3
"""Crash test (QUALITY.md → Reliability): kill -9 the release server during a
checkout load, restart it on the same database, and check that every order
answered 201 exists and that stock + ordered units == the starting stock.

Usage: scripts/crash-checkout.py [--port 18141] [--binary target/release/uplink]
Needs only Python 3's standard library. Uses a temporary SQLite database.
"""
import argparse, http.cookiejar, json, os, signal, sqlite3, subprocess, sys, tempfile, threading, time, urllib.request, uuid

SKU = "MAX-BR1-PRO-5G-PRM"
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


class Client:
    def __init__(self, base):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def csrf(self):
        for c in self.jar:
            if c.name == "uplink_csrf":
                return c.value
        return ""

    def call(self, method, path, body=None, headers=None, timeout=15):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if method != "GET" and self.csrf():
            req.add_header("X-CSRF-Token", self.csrf())
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        try:
            with self.opener.open(req, timeout=timeout) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            raw = e.read()
            try:
                return e.code, json.loads(raw or b"null")
            except ValueError:
                return e.code, None


def start(binary, env, log):
    return subprocess.Popen([binary, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_ready(base, proc):
    for _ in range(300):
        if proc.poll() is not None:
            sys.exit("server exited during start")
        try:
            with urllib.request.urlopen(base + "/readyz", timeout=1) as r:
                if r.status == 200:
                    return
        except Exception:
            pass
        time.sleep(0.1)
    sys.exit("server did not become ready")


def stock_of(db_path):
    con = sqlite3.connect(db_path)
    row = con.execute(
        "SELECT s.available FROM stock s JOIN products p ON p.id = s.product_id WHERE p.sku = ? AND s.warehouse = 'Global'",
        (SKU,),
    ).fetchone()
    con.close()
    return row[0]


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

    proc = start(args.binary, env, log)
    wait_ready(base, proc)
    try:
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
        ok = True
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
        print("crash test passed")
    finally:
        proc.terminate()
        proc.wait()


if __name__ == "__main__":
    main()
