#!/usr/bin/env python3
"""Saves product edits through the admin API at a steady rate (bench/workloads/14-admin.sh).

usage: edit.py BASE_URL SESSION CSRF RATE SECONDS

Each edit loads a product in the editor (GET /admin/products/{id}) and saves
it back with its price moved by a cent (PUT with the loaded version), as an
admin working through the catalogue would. Prints: edits done, refused, and
the p50/p99 of the saves in ms.
"""
import json
import sys
import time
import urllib.request

base, session, csrf, rate, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5])
headers = {"Cookie": f"uplink_session={session}; uplink_csrf={csrf}", "X-CSRF-Token": csrf}


def call(method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, method=method, headers=dict(headers))
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=10) as res:
        return json.load(res)


ids = [p["id"] for p in call("GET", "/api/v1/admin/products?type=hardware&per_page=200&sort=sku")["items"]]
done, refused, took = 0, 0, []
start = time.monotonic()
i = 0
while time.monotonic() - start < seconds:
    due = start + i / rate
    now = time.monotonic()
    if due > now:
        time.sleep(due - now)
    pid = ids[i % len(ids)]
    i += 1
    t0 = time.monotonic()
    try:
        p = call("GET", f"/api/v1/admin/products/{pid}")
        p["price_cents"] = p["price_cents"] + (1 if i % 2 else -1)
        call("PUT", f"/api/v1/admin/products/{pid}", p)
        done += 1
        took.append((time.monotonic() - t0) * 1000)
    except Exception:  # a refused save is counted, not fatal
        refused += 1
took.sort()
pct = lambda q: took[min(len(took) - 1, int(len(took) * q))] if took else 0
print(f"{done} {refused} {pct(0.5):.1f} {pct(0.99):.1f}")
