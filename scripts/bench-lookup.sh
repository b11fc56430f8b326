#!/usr/bin/env bash
# Reverse lookup under load, printed as figures (not assertions): 64
# subscribers on 64 connections (wrk) look up numbers with reports for 10 s;
# requests/s and the latency distribution (target: >= 5,000/s and p99 <= 20 ms,
# release build, this machine's 2 cores shared by server and client). The
# per-account daily limit is lifted for the run (it stops a real account long
# before, which is its purpose); every lookup still takes its unit atomically.
# The database is a fresh SQLite file, or with LOOKUP_DATABASE_URL a fresh
# (empty) PostgreSQL database.
# Usage: [LOOKUP_DATABASE_URL=postgres://…] scripts/bench-lookup.sh [CONNECTIONS] [SECONDS]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
connections="${1:-64}"; seconds="${2:-10}"

apt_ensure wrk
cargo build -q --release -p server -p site --bin server --bin lookup-bench
port=3997; dir="$(mktemp -d)"; db="${LOOKUP_DATABASE_URL:-sqlite://$dir/bench.db?mode=rwc}"
BIND_ADDR="127.0.0.1:$port" DATABASE_URL="$db" LOOKUPS_PER_ACCOUNT_DAY=100000000 RUST_LOG=error \
  "$TARGET/release/server" & pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$dir"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
"$TARGET/release/lookup-bench" - "$db" "$connections" > "$dir/tokens"
log "lookup bench (${db%%:*}, release build, $(nproc) cores, $connections connections, ${seconds}s, wrk)"
TOKENS="$dir/tokens" wrk -t2 -c"$connections" -d"${seconds}s" --latency -s "$ROOT/scripts/wrk-lookup.lua" "http://127.0.0.1:$port"
