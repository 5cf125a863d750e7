# Shared helpers for the test and bench scripts: install and start what the
# tests talk to when this machine lacks it.

PG_URL="${UPLINK_TEST_PG_URL:-postgres://postgres:uplink@127.0.0.1:5432/postgres}"

apt_install() {
  if [[ -z "${_APT_UPDATED:-}" ]]; then
    apt-get update -qq
    _APT_UPDATED=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_chromium() {
  if [[ ! -x /usr/bin/chromium ]]; then
    echo "installing Debian's chromium"
    apt_install chromium
  fi
}

pg_answers() {
  command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432
}

# PostgreSQL on 127.0.0.1:5432: use the running one, else install/start one
# and give the postgres user the password the tests use.
ensure_postgres() {
  if pg_answers; then return; fi
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then
    echo "installing PostgreSQL"
    apt_install postgresql
  fi
  local version
  version=$(ls /etc/postgresql | sort -V | tail -n1)
  pg_ctlcluster --skip-systemctl-redirect "$version" main start || pg_ctlcluster "$version" main start
  for _ in $(seq 1 30); do pg_answers && break; sleep 1; done
  su postgres -c "psql -q -c \"ALTER USER postgres PASSWORD 'uplink'\"" >/dev/null
}

psql_admin() {
  psql "$PG_URL" -v ON_ERROR_STOP=1 -qtA "$@"
}

# Each test creates its own uplink_test_* database; clear the previous run's.
drop_test_databases() {
  local db
  for db in $(psql_admin -c "SELECT datname FROM pg_database WHERE datname LIKE 'uplink\_test\_%'"); do
    psql_admin -c "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null
  done
}

rust_tests() {
  if cargo nextest --version >/dev/null 2>&1; then
    cargo nextest run --locked --no-fail-fast "$@"
  else
    cargo test --locked --no-fail-fast "$@"
  fi
}
