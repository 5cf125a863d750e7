#!/usr/bin/env bash
# Fuzzes the error intake's envelope parser for a bounded time (default 60 s).
#   fuzz/run.sh [seconds]
# Needs a nightly toolchain and cargo-fuzz (`rustup toolchain install nightly`,
# `cargo install cargo-fuzz`); not part of `make test`. The corpus starts from
# the real SDK envelopes in crates/intake/fixtures; crashes land in
# fuzz/artifacts/envelope/ and make the script fail.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
if ! cargo +nightly --version >/dev/null 2>&1; then
  echo "fuzz/run.sh: a nightly toolchain is required (rustup toolchain install nightly)" >&2
  exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
  echo "fuzz/run.sh: cargo-fuzz is required (cargo install cargo-fuzz)" >&2
  exit 2
fi
mkdir -p corpus/envelope
for f in ../crates/intake/fixtures/*.envelope; do
  # Seeds: first byte 0 = no Content-Encoding, then the envelope.
  { printf '\0'; cat "$f"; } > "corpus/envelope/seed-$(basename "$f")"
done
exec cargo +nightly fuzz run envelope corpus/envelope -- \
  -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=1024
