#!/usr/bin/env python3
"""Two servers on one PostgreSQL database (SPEC §17, issue #15): orders with
licence and cloud-plan lines are placed through both release servers at once;
both run the delivery worker and the job runner against the same queue. Every
paid line must be delivered exactly once: one licence key per (line, serial),
one subscription extension per (line, unit), every order completed.

Then every buyer turns on auto-renewal with a saved card for one of the
devices its orders registered, the coverage is moved to end in 3 days, and
the renewal job is made due again and again on both servers: every device
must get exactly one renewal order (SPEC §8).

Usage: scripts/two-servers.py [--binary target/release/uplink] [--pg-url URL]
Needs Python 3's standard library and psql. Creates and drops its own database.
"""
import argparse, json, os, random, string, subprocess, sys, tempfile, threading, time, urllib.request, uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lib.http_client import Client, wait_ready  # noqa: E402

LICENCE_SKU = "LIC-SF-BOND"       # serial-bound, for non-prime routers
PLAN_SKU = "SFC-20GB-1M"          # metered SpeedFusion Cloud plan, stacks on the device
MODEL_PREFIX = "1824"             # Pepwave MAX BR1 Mini (not prime)


def parse_args():
    p = argparse.ArgumentParser()
    p.add_argument("--binary", default="target/release/uplink")
    p.add_argument("--pg-url", default=os.environ.get("UPLINK_TEST_PG_URL", "postgres://postgres:uplink@127.0.0.1:5432/postgres"))
    p.add_argument("--ports", default="18151,18152")
    p.add_argument("--buyers", type=int, default=8)
    p.add_argument("--orders-per-buyer", type=int, default=6)
    p.add_argument("--deliver-within", type=float, default=30.0)
    return p.parse_args()


def psql(url, sql):
    out = subprocess.run(["psql", url, "-v", "ON_ERROR_STOP=1", "-qtA", "-c", sql], check=True,
                         capture_output=True, text=True)
    return out.stdout.strip()


def random_serial():
    alphabet = string.ascii_uppercase + string.digits
    tail = "".join(random.choice(alphabet) for _ in range(8))
    return f"{MODEL_PREFIX}-{tail[:4]}-{tail[4:]}"


def place(c, serial):
    """A cart with a licence and a cloud plan for one new serial, paid by test card."""
    s, _ = c.call("DELETE", "/api/v1/cart")
    if s not in (200, 204):
        raise RuntimeError(f"clear cart: {s}")
    for sku in (LICENCE_SKU, PLAN_SKU):
        s, body = c.call("POST", "/api/v1/cart/lines", {"sku": sku, "serials": [serial]})
        if s != 201:
            raise RuntimeError(f"add {sku}: {s} {body}")
    s, tok = c.call("POST", "/gateway/test/tokens",
                    {"number": "4242424242424242", "exp_month": 12, "exp_year": 2035, "cvc": "123"})
    if s != 201:
        raise RuntimeError(f"card token: {s} {tok}")
    address = {"name": "Two Servers", "line1": "Hauptstrasse 1", "city": "Berlin", "postal_code": "10115",
               "country": "DE", "phone": "030123456789"}
    s, body = c.call("POST", "/api/v1/orders",
                     {"billing": {"address": address}, "payment": {"method": "card", "token": tok["id"]}},
                     headers={"Idempotency-Key": str(uuid.uuid4())})
    if s != 201:
        raise RuntimeError(f"place order: {s} {body}")
    return body["number"]


def turn_on_auto_renewal(c, serial):
    """A billing address, a saved card, and auto-renewal with it for `serial`."""
    address = {"name": "Two Servers", "line1": "Hauptstrasse 1", "city": "Berlin", "postal_code": "10115",
               "country": "DE", "phone": "030123456789"}
    s, body = c.call("POST", "/api/v1/me/addresses", address)
    if s != 201:
        raise RuntimeError(f"address: {s} {body}")
    s, tok = c.call("POST", "/gateway/test/tokens",
                    {"number": "4242424242424242", "exp_month": 12, "exp_year": 2035, "cvc": "123"})
    s, card = c.call("POST", "/api/v1/me/payment-methods", {"token": tok["id"]})
    if s != 201:
        raise RuntimeError(f"save card: {s} {card}")
    s, body = c.call("PUT", f"/api/v1/me/devices/{serial}/auto-renew",
                     {"enabled": True, "method": "card", "card_id": card["id"]})
    if s != 200:
        raise RuntimeError(f"auto-renew: {s} {body}")


def check_renewals(db_url, clients, within):
    """Each client's first device renews once, however often both servers run the job."""
    for c, serial in clients:
        turn_on_auto_renewal(c, serial)
    serials = ",".join(f"'{s}'" for _, s in clients)
    in_3_days = int(time.time() * 1000) + 3 * 86_400_000
    psql(db_url, f"UPDATE devices SET warranty_ends_at = {in_3_days} WHERE serial IN ({serials})")
    deadline = time.time() + within
    started = time.time()
    runs = 0
    while time.time() < deadline:
        # Make the job due: whichever server ticks next runs it (each ticks every 5 s).
        psql(db_url, "DELETE FROM job_leases WHERE name = 'renew_expiring_devices'")
        runs += 1
        ordered = int(psql(db_url, f"SELECT COUNT(*) FROM device_renewals WHERE serial IN ({serials}) "
                                   "AND status = 'ordered'"))
        if ordered == len(clients) and runs >= 4:
            break
        time.sleep(2.5)
    took = time.time() - started
    renewals = int(psql(db_url, f"SELECT COUNT(*) FROM device_renewals WHERE serial IN ({serials})"))
    ordered = int(psql(db_url, f"SELECT COUNT(*) FROM device_renewals WHERE serial IN ({serials}) AND status = 'ordered'"))
    patterns = ",".join(f"'%{s}%'" for _, s in clients)
    orders = int(psql(db_url, "SELECT COUNT(DISTINCT l.order_id) FROM order_lines l "
                              "JOIN order_history h ON h.order_id = l.order_id WHERE h.note LIKE 'Automatic renewal%' "
                              f"AND l.serials LIKE ANY (ARRAY[{patterns}])"))
    print(f"two servers: {len(clients)} devices due for renewal; job made due {runs} times over {took:.1f} s; "
          f"{renewals} renewal rows, {ordered} ordered, {orders} renewal orders")
    if ordered != len(clients) or orders != len(clients) or renewals != len(clients):
        return [f"{orders} renewal orders and {ordered} ordered renewals for {len(clients)} devices"]
    return []


def main():
    args = parse_args()
    ports = [int(p) for p in args.ports.split(",")]
    db = f"uplink_two_{uuid.uuid4().hex[:8]}"
    psql(args.pg_url, f"CREATE DATABASE {db}")
    db_url = args.pg_url.rsplit("/", 1)[0] + "/" + db
    work = tempfile.mkdtemp(prefix="uplink-two-")
    procs = []
    try:
        for i, port in enumerate(ports):
            env = dict(os.environ)
            env.update(UPLINK_LISTEN=f"127.0.0.1:{port}", UPLINK_PUBLIC_URL=f"http://127.0.0.1:{port}",
                       UPLINK_DATABASE_URL=db_url, UPLINK_ENVIRONMENT="e2e", UPLINK_LOG="warn")
            log = open(os.path.join(work, f"server{i}.log"), "ab")
            procs.append(subprocess.Popen([args.binary, "serve"], env=env, stdout=log, stderr=subprocess.STDOUT))
            # The first server migrates and seeds; the second starts on the ready database.
            wait_ready(f"http://127.0.0.1:{port}", procs[-1])

        placed, failures, lock = [], [], threading.Lock()
        renewing = []  # (client, serial): each buyer's first device

        def buyer(i):
            c = Client(f"http://127.0.0.1:{ports[i % len(ports)]}")
            s, body = c.call("POST", "/api/v1/auth/register",
                             {"email": f"two{i}-{uuid.uuid4().hex[:6]}@example.com", "password": "two-servers-password",
                              "name": "Two Servers", "country": "DE"})
            if s != 201:
                with lock:
                    failures.append(f"register: {s} {body}")
                return
            for k in range(args.orders_per_buyer):
                try:
                    serial = random_serial()
                    number = place(c, serial)
                    with lock:
                        placed.append(number)
                        if k == 0:
                            renewing.append((c, serial))
                except Exception as e:  # noqa: BLE001 — every failure is reported below
                    with lock:
                        failures.append(str(e))

        threads = [threading.Thread(target=buyer, args=(i,)) for i in range(args.buyers)]
        started = time.time()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        load_end = time.time()

        numbers = ",".join(f"'{n}'" for n in placed) or "''"
        deadline = load_end + args.deliver_within
        while True:
            left = int(psql(db_url, f"SELECT COUNT(*) FROM orders WHERE number IN ({numbers}) AND status <> 'completed'"))
            if left == 0 or time.time() > deadline:
                break
            time.sleep(0.2)
        delivered_in = time.time() - load_end

        # Only this test's orders count (the demo data has orders and subscriptions of its own).
        ours = f"SELECT l.id FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.number IN ({numbers})"
        lines = int(psql(db_url, f"SELECT COUNT(*) FROM ({ours}) x"))
        keys = int(psql(db_url, f"SELECT COUNT(*) FROM licence_keys WHERE order_line_id IN ({ours})"))
        key_dupes = int(psql(db_url, "SELECT COUNT(*) FROM (SELECT order_line_id, serial FROM licence_keys "
                                     "GROUP BY order_line_id, serial HAVING COUNT(*) > 1) d"))
        extensions = int(psql(db_url, f"SELECT COUNT(*) FROM subscription_extensions WHERE order_line_id IN ({ours})"))
        subs = int(psql(db_url, "SELECT COUNT(DISTINCT s.id) FROM subscriptions s JOIN subscription_extensions e "
                                f"ON e.subscription_id = s.id WHERE e.order_line_id IN ({ours})"))
        undelivered = int(psql(db_url, f"SELECT COUNT(*) FROM order_lines WHERE id IN ({ours}) "
                                       "AND delivery_status <> 'delivered'"))
        queue_left = int(psql(db_url, "SELECT COUNT(*) FROM delivery_queue WHERE delivered_at IS NULL"))
        n = len(placed)
        print(f"two servers: {n} orders placed through ports {ports} in {load_end - started:.1f} s "
              f"({len(failures)} failures), {lines} digital lines; {keys} licence keys, {extensions} plan extensions, "
              f"{subs} subscriptions; all completed {delivered_in:.1f} s after the load; {left} not completed, "
              f"{undelivered} lines undelivered, {queue_left} queue rows left")
        problems = []
        if failures:
            problems.append(f"{len(failures)} requests failed, first: {failures[0]}")
        if n != args.buyers * args.orders_per_buyer:
            problems.append(f"{n} orders placed, expected {args.buyers * args.orders_per_buyer}")
        if left or undelivered or queue_left:
            problems.append(f"not all delivered within {args.deliver_within} s")
        if keys != n or key_dupes:
            problems.append(f"{keys} licence keys for {n} licence lines ({key_dupes} duplicated)")
        if extensions != n or subs != n:
            problems.append(f"{extensions} plan extensions and {subs} subscriptions for {n} plan lines")
        if not problems:
            problems += check_renewals(db_url, renewing, args.deliver_within)
        if problems:
            for p in problems:
                print("two servers FAILED:", p)
            for i in range(len(procs)):
                sys.stdout.write(open(os.path.join(work, f"server{i}.log"), errors="replace").read()[-3000:])
            sys.exit(1)
        print("two servers passed")
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            p.wait()
        psql(args.pg_url, f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")


if __name__ == "__main__":
    main()
