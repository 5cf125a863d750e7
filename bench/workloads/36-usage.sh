# Usage monitoring (issue 17). Sourced by bench/run.sh with lib.sh loaded.
#
# 1. Intake: POST /api/v1/usage-records signed by an integration key, in
#    batches of 500 records (bench/lua/usage-intake.lua: unique record ids,
#    spread over a customer's 20 subscriptions and 20 eSIMs, periods in the
#    last few hours), at BENCH_USAGE_INTAKE_CONNECTIONS (8: an outside feed
#    posts from a few workers, and every batch is one write transaction).
#    Bar: >= 20,000 records/s on SQLite with zero errors, where a refused
#    record (or a duplicate: every id is new) counts as an error.
# 2. Monitoring: a signed-in customer with 20 devices and 20 subscriptions of
#    SFC-100GB-1Y (labelled Connectivity Usage Record) and a year of daily
#    history reads GET /api/v1/me/usage and each item's
#    GET /api/v1/me/usage/{id}/daily?days=30 (a page view: the list and 20
#    charts), at the bench's connections. Bar: p99 <= 20 ms. The same load on
#    a customer with one month of history shows the cost stays flat: pages
#    read the usage_daily rollup by its (item_id, day) key for the days they
#    show, so older history is never read.
#
# The customers register through the API; their devices, subscriptions,
# eSIMs, history and the integration key (kept as its SHA-256, as the admin
# API does) are written to the bench database directly.
usage_batch=500
usage_tag=$(date +%s%N)
usage_now_ms=$(date +%s%3N)

# Runs the SQL statements in a file on the bench database.
usage_sql_file() {
  case "$DB_URL" in
    sqlite://*) python3 - "${DB_URL#sqlite://}" "$1" <<'PY'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], timeout=30)
con.executescript(open(sys.argv[2]).read())
con.commit()
PY
      ;;
    *) psql -q -v ON_ERROR_STOP=1 "$DB_URL" -f "$1" > /dev/null ;;
  esac
}

# Runs one SQL statement; prints the first column of the first row, if any.
usage_sql() {
  case "$DB_URL" in
    sqlite://*) python3 - "${DB_URL#sqlite://}" "$1" <<'PY'
import sqlite3, sys
con = sqlite3.connect(sys.argv[1], timeout=30)
row = con.execute(sys.argv[2]).fetchone()
if row: print(row[0])
PY
      ;;
    *) psql -qtA "$DB_URL" -c "$1" ;;
  esac
}

# Registers a customer (cookies into the jar); prints the user id.
usage_register() { # email, jar
  curl -fsS -c "$2" -H 'content-type: application/json' \
    -d "{\"email\":\"$1\",\"password\":\"bench-password-1\",\"name\":\"Bench Usage\",\"country\":\"DE\"}" \
    "$BENCH_BASE/api/v1/auth/register" > /dev/null || return 1
  usage_sql "SELECT id FROM users WHERE email = '$1'"
}

usage_feed_email="bench-usage-feed-$usage_tag@example.com"
usage_12m_email="bench-usage-12m-$usage_tag@example.com"
usage_1m_email="bench-usage-1m-$usage_tag@example.com"
usage_feed_user=$(usage_register "$usage_feed_email" "$BENCH_TMP/usage-feed-cookies.txt" || true)
usage_12m_user=$(usage_register "$usage_12m_email" "$BENCH_TMP/usage-12m-cookies.txt" || true)
usage_1m_user=$(usage_register "$usage_1m_email" "$BENCH_TMP/usage-1m-cookies.txt" || true)
usage_secret="upk_bench$(python3 -c 'import secrets; print(secrets.token_hex(30))')"

if [[ -z "$usage_feed_user" || -z "$usage_12m_user" || -z "$usage_1m_user" ]]; then
  echo "usage        skipped (could not register the customers)"
else
  # Devices, subscriptions, eSIMs, 365 / 30 days of rollup and the key as SQL;
  # the intake targets as `subscription <id>` / `iccid <ICCID>` lines.
  python3 - "$BENCH_TMP/usage.sql" "$BENCH_TMP/usage-targets.txt" "$usage_now_ms" "$usage_tag" \
    "$usage_secret" "$usage_feed_user" "$usage_12m_user" "$usage_1m_user" <<'PY'
import hashlib, sys
sql_path, targets_path, now, tag, secret, feed, user12, user1 = sys.argv[1:]
now = int(now)
DAY = 86_400_000
today = now // DAY
MB = 1_048_576
out = ["BEGIN;"]
targets = []

def q(s):
    return "'" + s.replace("'", "''") + "'"

def insert(table, cols, rows):
    for i in range(0, len(rows), 500):
        values = ",\n".join("(" + ", ".join(q(v) if isinstance(v, str) else str(v) for v in r) + ")"
                            for r in rows[i:i + 500])
        out.append(f"INSERT INTO {table} ({', '.join(cols)}) VALUES\n{values};")

def luhn_digit(body):
    total = 0
    for i, ch in enumerate(reversed(body)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)

def customer(who, user, history_days, esims):
    devices, subs, daily, profiles = [], [], [], []
    short = tag[-9:]
    for n in range(1, 21):
        serial = f"BU{who}-{short}-{n:04d}"
        sub = f"sub_bench_{who}_{tag}_{n:02d}"
        devices.append((serial, user, "BALANCE-310X", f"Site {n}", "demo", now - 400 * DAY, now + 330 * DAY, now, now))
        subs.append((sub, user, serial, "cloud", "SFC-100GB-1Y", "SpeedFusion Cloud 100 GB / 1 year",
                     100 * 1024, 30_000 + 1_000 * n, now - history_days * DAY, now + 20 * DAY, now))
        targets.append(f"subscription {sub}")
        for d in range(today - history_days + 1, today + 1):
            b = (80 + (d * 37 + n * 11) % 120) * MB  # 80–200 MB a day
            daily.append((sub, d, b // 5, b - b // 5))
    for n in range(1, esims + 1):
        body = f"89440{short}{n:04d}"[:18]
        iccid = body + luhn_digit(body)
        profiles.append((iccid, user, f"Bench eSIM {n}", "smdp.example.com", f"M{n}", f"LPA:1$smdp.example.com$M{n}",
                         10 * 1024, 0, now + 30 * DAY, now - 10 * DAY, "ESIM-DATA-10GB-30D"))
        targets.append(f"iccid {iccid}")
    insert("devices", ["serial", "user_id", "model_code", "name", "source", "registered_at", "warranty_ends_at",
                       "created_at", "updated_at"], devices)
    insert("subscriptions", ["id", "user_id", "serial", "family", "sku", "name", "allowance_mb", "used_mb",
                             "starts_at", "expires_at", "updated_at"], subs)
    insert("usage_daily", ["item_id", "day", "bytes_up", "bytes_down"], daily)
    insert("esims", ["iccid", "user_id", "name", "smdp", "matching_id", "activation_code", "data_mb", "used_mb",
                     "expires_at", "created_at", "sku"], profiles)

customer("F", feed, 1, 20)
feed_targets = list(targets)
customer("Y", user12, 365, 0)
customer("M", user1, 30, 0)
insert("integration_keys", ["id", "name", "key_prefix", "key_hash", "created_by", "created_at"],
       [(f"ikey_bench_{tag}", "Bench usage feed", secret[:12], hashlib.sha256(secret.encode()).hexdigest(), feed, now)])
out.append("COMMIT;")
with open(sql_path, "w") as f:
    f.write("\n".join(out) + "\n")
with open(targets_path, "w") as f:
    f.write("\n".join(feed_targets) + "\n")
PY
  usage_sql_file "$BENCH_TMP/usage.sql"
  export BENCH_USAGE_KEY="$usage_secret"

  # Functional pre-check: one batch with curl, every record accepted.
  usage_check=$(python3 - "$BENCH_TMP/usage-targets.txt" "$usage_batch" "$usage_tag" <<'PY' |
import datetime, json, sys
targets = [l.split() for l in open(sys.argv[1]) if l.strip()]
n, tag = int(sys.argv[2]), sys.argv[3]
end = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) - datetime.timedelta(hours=1)
fmt = lambda t: t.strftime("%Y-%m-%dT%H:%M:%SZ")
print(json.dumps([{"record_id": f"check-{tag}-{i}", targets[i % len(targets)][0]: targets[i % len(targets)][1],
                   "period_start": fmt(end - datetime.timedelta(minutes=5)), "period_end": fmt(end),
                   "bytes_up": 1000 + i, "bytes_down": 4000 + i} for i in range(n)]))
PY
    curl -sS -o "$BENCH_TMP/usage-check.json" -w '%{http_code} %{time_total}' \
      -H "authorization: Bearer $usage_secret" -H 'content-type: application/json' --data-binary @- \
      "$BENCH_BASE/api/v1/usage-records")
  usage_check_counts=$(python3 -c 'import json, sys
b = json.load(open(sys.argv[1])); print(b.get("accepted"), b.get("duplicates"), b.get("refused"))' \
    "$BENCH_TMP/usage-check.json" 2>/dev/null || echo "? ? ?")
  read -r usage_check_status usage_check_s <<<"$usage_check"
  read -r usage_ok usage_dup usage_refused <<<"$usage_check_counts"
  printf 'usage-check  one batch of %s with curl: HTTP %s in %.0f ms, accepted %s duplicates %s refused %s  %s\n' \
    "$usage_batch" "$usage_check_status" "$(awk -v s="$usage_check_s" 'BEGIN {print s * 1000}')" \
    "$usage_ok" "$usage_dup" "$usage_refused" \
    "$([[ "$usage_check_status" == 200 && "$usage_ok" == "$usage_batch" ]] && echo ok || echo FAILED)"

  # 1. Intake under load.
  usage_conns=${BENCH_USAGE_INTAKE_CONNECTIONS:-8}
  read -r u_rps u_p50 u_p99 u_err < <(BENCH_CONNECTIONS=$usage_conns run_wrk usage-intake \
    "$BENCH_TMP/usage-targets.txt $usage_batch $usage_tag" "$BENCH_DIR/lua/usage-intake.lua")
  # Every record is new: a refused record, a duplicate or a non-200 answer is an error.
  read -r u_acc u_dup u_ref u_bad < <(awk '/^usage records:/ {print $4, $6, $8, $10}' "$BENCH_TMP/wrk-usage-intake.txt")
  u_err=$(( u_err + ${u_dup:-0} + ${u_ref:-0} ))
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' usage-intake "$u_rps" "$u_p50" "$u_p99" "$u_err" 0 0 >> "$BENCH_RESULTS_TSV"
  report_line usage-intake "$u_rps" "$u_p50" "$u_p99" "$u_err" 0 0
  u_records=$(awk -v r="$u_rps" -v b="$usage_batch" 'BEGIN {printf "%.0f", r * b}')
  case "$DB_URL" in
    sqlite://*) u_verdict=$(awk -v r="$u_records" -v e="$u_err" 'BEGIN {print (r >= 20000 && e == 0) ? "ok" : "BELOW BAR"}')
      u_bar="(bar >= 20000 records/s on SQLite, zero errors)" ;;
    *) u_verdict="reported"; u_bar="(the 20000 records/s bar is for SQLite)" ;;
  esac
  printf 'usage-intake %9s records/s (%s/request, -c%s): accepted %s, duplicates %s, refused %s, non-200 %s  %s %s\n' \
    "$u_records" "$usage_batch" "$usage_conns" "${u_acc:-?}" "${u_dup:-?}" "${u_ref:-?}" "${u_bad:-?}" "$u_verdict" "$u_bar"

  # 2. Monitoring: the list and each item's 30-day chart, 12 then 1 month of history.
  for usage_months in 12 1; do
    jar="$BENCH_TMP/usage-${usage_months}m-cookies.txt"
    paths="$BENCH_TMP/usage-${usage_months}m-paths.txt"
    echo "/api/v1/me/usage" > "$paths"
    curl -fsS -b "$jar" "$BENCH_BASE/api/v1/me/usage" | python3 -c 'import json, sys, urllib.parse
for i in json.load(sys.stdin)["items"]:
    print("/api/v1/me/usage/" + urllib.parse.quote(i["id"], safe="") + "/daily?days=30")' >> "$paths" || true
    if [[ $(wc -l < "$paths") -ne 21 ]]; then
      echo "usage-${usage_months}m    skipped: the customer monitors $(( $(wc -l < "$paths") - 1 )) items, not 20"
      continue
    fi
    export BENCH_COOKIE="uplink_session=$(awk '$6 == "uplink_session" {print $7}' "$jar")"
    if [[ $usage_months == 12 ]]; then
      workload usage-12m 0 20 "$paths" "$BENCH_DIR/lua/authed-rotate.lua"
    else
      workload usage-1m 0 0 "$paths" "$BENCH_DIR/lua/authed-rotate.lua"
    fi
    unset BENCH_COOKIE
  done
  awk -F'\t' '$1 == "usage-12m" {y = $2; yp = $4} $1 == "usage-1m" {m = $2; mp = $4}
    END {if (y && m) printf "usage        12 vs 1 month of history: %.0f vs %.0f req/s (%.2fx), p99 %.2f vs %.2f ms\n", y, m, y / m, yp, mp}' \
    "$BENCH_RESULTS_TSV"
  unset BENCH_USAGE_KEY
fi
