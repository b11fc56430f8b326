#!/usr/bin/env bash
# Sign-in under load, printed as figures (not assertions):
#   256 concurrent logins with wrong passwords from 256 client addresses —
#   answers by status (only 200, 429 and 503 expected), latency, and the
#   server's peak resident memory (target < 300 MB: password hashing is bounded);
#   "forgot password" median answer time for known vs unknown addresses.
# Usage: scripts/bench-login.sh [--release] [CONCURRENCY]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
profile=debug; flags=()
if [ "${1:-}" = "--release" ]; then profile=release; flags=(--release); shift; fi
concurrency="${1:-256}"

cargo build -q "${flags[@]}" -p server -p site --bin server --bin login-bench
port=3998; dir="$(mktemp -d)"; db="sqlite://$dir/bench.db?mode=rwc"
BIND_ADDR="127.0.0.1:$port" DATABASE_URL="$db" TRUST_FORWARDED_FOR=true RUST_LOG=error \
  "$TARGET/$profile/server" & pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
log "login bench ($profile build, $(nproc) cores, $concurrency concurrent)"
"$TARGET/$profile/login-bench" "http://127.0.0.1:$port" "$db" "$pid" "$concurrency"
