#!/usr/bin/env python3
"""Full-checkout load for bench/workloads/30-checkout.sh: every virtual buyer
signs in once (registers), then loops: tokenise a card at the test gateway,
add one unit to the cart, place the order (Idempotency-Key). One persistent
HTTP connection per buyer. Prints `orders_per_s p50_ms p99_ms errors` where
latencies are of the whole cart → order cycle."""
import http.client, json, sys, threading, time, uuid

host, port = sys.argv[1], int(sys.argv[2])
buyers, seconds, sku = int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
ADDRESS = {"name": "Bench Buyer", "line1": "Hauptstrasse 1", "city": "Berlin", "postal_code": "10115",
           "country": "DE", "phone": "030123456789"}
lat, errors, lock = [], [0], threading.Lock()
go = threading.Event()


def buyer(i):
    c = http.client.HTTPConnection(host, port, timeout=30)
    cookies = {}

    def call(method, path, body):
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
            headers["X-CSRF-Token"] = cookies.get("uplink_csrf", "")
        if path == "/api/v1/orders":
            headers["Idempotency-Key"] = str(uuid.uuid4())
        c.request(method, path, None if body is None else json.dumps(body), headers)
        r = c.getresponse()
        data = r.read()
        for k, v in r.getheaders():
            if k.lower() == "set-cookie":
                name, _, rest = v.partition("=")
                cookies[name] = rest.split(";")[0]
        return r.status, data

    s, _ = call("POST", "/api/v1/auth/register", {"email": f"bench{i}-{uuid.uuid4().hex[:8]}@example.com",
                                                  "password": "bench-password-1", "name": "Bench", "country": "DE"})
    if s != 201:
        with lock:
            errors[0] += 1
        return
    go.wait()
    end = time.time() + seconds
    while time.time() < end:
        t0 = time.perf_counter()
        try:
            s1, tok = call("POST", "/gateway/test/tokens", {"number": "4242424242424242", "exp_month": 12, "exp_year": 2035, "cvc": "123"})
            s2, _ = call("POST", "/api/v1/cart/lines", {"sku": sku, "qty": 1})
            body = {"shipping": {"method": "priority", "address": ADDRESS}, "billing": {"same_as_shipping": True},
                    "payment": {"method": "card", "token": json.loads(tok)["id"] if s1 == 201 else ""}}
            s3, _ = call("POST", "/api/v1/orders", body)
            ok = (s1, s2, s3) == (201, 201, 201)
        except Exception:
            ok = False
            c = http.client.HTTPConnection(host, port, timeout=30)
        with lock:
            if ok:
                lat.append((time.perf_counter() - t0) * 1000)
            else:
                errors[0] += 1


threads = [threading.Thread(target=buyer, args=(i,)) for i in range(buyers)]
for t in threads:
    t.start()
time.sleep(2)
go.set()
started = time.time()
for t in threads:
    t.join()
elapsed = time.time() - started
lat.sort()
pct = lambda p: lat[min(len(lat) - 1, int(len(lat) * p))] if lat else 0
print(f"{len(lat) / elapsed:.1f} {pct(0.5):.2f} {pct(0.99):.2f} {errors[0]}")
