#!/usr/bin/env bash
# Installs a package folder's npm dependencies with `npm ci` when they are
# missing or older than its lock file.
set -euo pipefail
for dir in "$@"; do
  stamp="$dir/node_modules/.package-lock.json"
  if [[ ! -f "$stamp" || "$dir/package-lock.json" -nt "$stamp" ]]; then
    echo "==> npm ci in $dir"
    (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
  fi
done
