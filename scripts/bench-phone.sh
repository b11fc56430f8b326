#!/usr/bin/env bash
# Phone-layer figures, side by side with Python phonenumbers on the same corpus:
#   full ops/s (parse + valid + type + 3 formats) per core — target ≥ 10× Python;
#   carrier + area + time-zone lookups/s — target ≥ 3× Python;
#   RSS growth from all phone data and every region's metadata — target ≤ 64 MB;
#   /other/location/info p99 at 64 concurrent connections (wrk) — target ≤ 5 ms.
# Figures, not assertions: run it on a quiet machine.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
CORPUS="$ROOT/server/site/tests/data/phone-corpus.jsonl"

python_bench() {
  local venv="$CT_CACHE/py-phone"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install -q -r "$ROOT/scripts/requirements-phone.txt"
  log "Python phonenumbers (one core, pattern cache on: every pattern stays compiled)"
  taskset -c 0 "$venv/bin/python" "$ROOT/scripts/bench-phonenumbers.py" "$CORPUS" --re-cache-size 100000
}

rust_bench() {
  log "Rust (one core)"
  cargo build -q --release -p server -p site --bin phone-bench --bin server
  taskset -c 0 "$TARGET/release/phone-bench" "$CORPUS"
}

http_bench() {
  apt_ensure wrk
  local port=3999 dir; dir="$(mktemp -d)"
  BIND_ADDR="127.0.0.1:$port" DATABASE_URL="sqlite://$dir/bench.db?mode=rwc" RUST_LOG=warn \
    "$TARGET/release/server" & local pid=$!
  trap 'kill $pid 2>/dev/null; rm -rf "$dir"' RETURN
  for _ in $(seq 1 50); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
  local bare; bare=$(awk '/VmRSS/{print $2}' "/proc/$pid/status")
  log "wrk: 64 connections, 2 threads, 10 s, rotating over corpus numbers"
  wrk -t2 -c64 -d10s --latency -s "$ROOT/scripts/wrk-location-info.lua" "http://127.0.0.1:$port" \
    | grep -E "Latency|50%|90%|99%|Requests/sec"
  echo "server_rss_after_load_mb=$(awk '/VmRSS/{printf "%.1f", $2/1024}' "/proc/$pid/status") (at start: $((bare / 1024)) MB)"
}

python_bench
rust_bench
http_bench
