#!/usr/bin/env bash
# Checkout throughput, printed as figures (not assertions): orders placed per
# second through POST /portal/order, signed "paid" webhook events applied per
# second (account + subscription + charge + e-mail jobs each), and duplicate
# deliveries recognised per second.
# Usage: scripts/bench-billing.sh [--release] [ORDERS] [CONCURRENCY]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
profile=debug; flags=()
if [ "${1:-}" = "--release" ]; then profile=release; flags=(--release); shift; fi
orders="${1:-500}"; concurrency="${2:-32}"

cargo build -q "${flags[@]}" -p server -p site --bin server --bin billing-bench
port=3997; dir="$(mktemp -d)"; db="sqlite://$dir/bench.db?mode=rwc"; secret="bench-$(date +%s%N)"
BIND_ADDR="127.0.0.1:$port" PUBLIC_BASE_URL="http://127.0.0.1:$port" DATABASE_URL="$db" \
  TRUST_FORWARDED_FOR=true SANDBOX_WEBHOOK_SECRET="$secret" RUST_LOG=error \
  "$TARGET/$profile/server" & pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
log "billing bench ($profile build, $(nproc) cores, SQLite, $orders orders, $concurrency at a time)"
"$TARGET/$profile/billing-bench" "http://127.0.0.1:$port" "$secret" "$orders" "$concurrency"
