#!/usr/bin/env bash
# Prints the figures the front end and the server are judged by:
#   (default) warm build time (one component edited) and, per page, the JS +
#     WASM it downloads, raw and brotli, at first load and after the first
#     interaction (headless Chromium; budgets: home <= 150 KB brotli, every
#     page <= 200 KB, text pages <= 20 KB until used); `--pages`: the table only;
#   - with --cold: cold build time too (an empty target dir; tools cached);
#   - with --ssr: pages and an API call under load (release build, wrk, 64
#     connections), side by side with a bare axum "hello" handler measured in
#     the same run (target: every public page >= 0.1x hello, shared or
#     rendered per request, a member's dashboard >= 0.05x, p99 <= 25 ms);
#   - with --lookups: subscribers' reverse lookups/s (scripts/bench-lookup.sh),
#     on SQLite and, when TEST_DATABASE_URL reaches PostgreSQL, on a fresh
#     PostgreSQL database (target: >= 5,000/s, p99 <= 20 ms);
#   - with --loop: the edit loop's steps (server, hydrate WASM, widgets) and
#     save -> reload through scripts/dev.mjs (target: <= 5 s);
#   - with --speech: voice message synthesis + encoding (release build);
#   - with --all: all of the above but --cold and --speech in one run, with
#     the build's and the run command's time per step.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# Per page: what it downloads of JS + WASM (scripts/page-weight.mjs).
page_weights() {
  # Always the current build (seconds when nothing changed): scripts/dev.mjs
  # leaves the edit loop's unoptimised WASM in the served build.
  bash "$ROOT/scripts/build.sh" >/dev/null
  (cd "$ROOT/end2end" && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; })
  SERVER_BIN="$TARGET/debug/server" SITE_ROOT="$TARGET/site" node "$ROOT/scripts/page-weight.mjs"
}

timed() {
  local label="$1"; shift
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 || die "$label failed"
  end=$(date +%s%N)
  printf '%-30s %dm%04.1fs\n' "$label" $(((end - start) / 60000000000)) \
    "$(awk -v ns=$(((end - start) % 60000000000)) 'BEGIN { printf "%.1f", ns / 1e9 }')"
}

# The speech resampler against rubato's other filter lengths and the
# hand-rolled one it replaced (its own workspace: rubato alone).
resampler() {
  (cd "$ROOT/tools/resample-bench" && cargo build -q --release)
  "$TARGET/release/resample-bench"
}

speech() {
  apt_ensure "${SPEECH_PACKAGES[@]}" espeak-ng
  cargo build -q --release -p server --bin speech-bench
  "$TARGET/release/speech-bench"
}

# One wrk run; prints `label requests/s p50-ms p99-ms non-2xx`.
wrk_row() {
  local label="$1"; shift
  # Steady state: one request first renders and keeps a shared page (64
  # visitors arriving at once on a cold page all render it; see README).
  curl -s -o /dev/null "${@: -1}"
  wrk -t2 -c64 -d"${SSR_SECONDS:-10}s" --latency "$@" | awk -v label="$label" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v + 0 }
    $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } $1 == "Requests/sec:" { rps = $2 }
    /Non-2xx/ { bad = $NF }
    END { printf "%s %.0f %.2f %.2f %d\n", label, rps, p50, p99, bad }'
}

# The release server (fresh SQLite, sandbox providers, the front-end build in
# $TARGET/site when there is one) and the hello binary, one after the other
# under the same client; every row's ratio is to the hello row of this run.
ssr_bench() {
  apt_ensure wrk
  cargo build -q --release -p server -p site --bin server --bin hello-bench --bin lookup-bench
  local port=3996 hello_port=3995 dir; dir="$(mktemp -d)"
  # A visitor's search row looks up one number again and again: its
  # per-address daily limit is lifted for the run.
  BIND_ADDR="127.0.0.1:$port" DATABASE_URL="sqlite://$dir/ssr.db?mode=rwc" RUST_LOG=error \
    LOOKUPS_PER_IP_DAY=100000000 SITE_ROOT="$TARGET/site" "$TARGET/release/server" & local pid=$!
  "$TARGET/release/hello-bench" "127.0.0.1:$hello_port" & local hello=$!
  # Expanded now: the function's locals are gone when the trap runs.
  trap "kill $pid $hello 2>/dev/null; rm -rf '$dir'; trap - RETURN" RETURN
  for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
  local base="http://127.0.0.1:$port"
  # A subscribed member's session (lookup-bench seeds one and prints its token).
  local member; member="$("$TARGET/release/lookup-bench" - "sqlite://$dir/ssr.db?mode=rwc" 1)"
  # And one whose dashboard lists five requests, one of them answered with a position.
  local asker; asker="$(BENCH_LOCATE_REQUESTS=5 "$TARGET/release/lookup-bench" - "sqlite://$dir/ssr.db?mode=rwc" 1)"
  log "SSR bench (release, $(nproc) cores shared with wrk, 64 connections, 2 threads, ${SSR_SECONDS:-10}s each)"
  {
    wrk_row hello "http://127.0.0.1:$hello_port/"
    wrk_row / "$base/"
    wrk_row "/,br" -H "Accept-Encoding: br" "$base/"
    wrk_row "/?x=1(unread-parameter)" "$base/?x=1"
    wrk_row "/?gclid=…(ad-landing)" "$base/?gclid=Cj0KCQiA&utm_source=google&utm_term=locate"
    wrk_row "/voice-sms(visitor)" "$base/voice-sms"
    wrk_row "/?cookie_settings=1(shared)" "$base/?cookie_settings=1"
    wrk_row "/id/telecom?cookie_settings=1(shared)" "$base/id/telecom?cookie_settings=1"
    wrk_row "/contact-us?sent=1(shared)" "$base/contact-us?sent=1"
    wrk_row "/login?redirect=billing…(shared)" "$base/login?redirect=billing&reason=invalid"
    wrk_row "/contact-us?sent=0(rendered)" "$base/contact-us?sent=0"
    wrk_row "/?country=GB&phone=…(search,rendered)" "$base/?country=GB&phone=7400123456"
    wrk_row "/dashboard/locations(member)" -H "Cookie: token=$member" "$base/dashboard/locations"
    wrk_row "/dashboard/locations(5-requests)" -H "Cookie: token=$asker" "$base/dashboard/locations"
    wrk_row /id "$base/id"
    wrk_row /id/faq "$base/id/faq"
    wrk_row /id/telecom "$base/id/telecom"
    wrk_row /zh/privacy-policy "$base/zh/privacy-policy"
    wrk_row /do-not-locate "$base/do-not-locate"
    wrk_row /id/telecom/owner "$base/id/telecom/owner"
    wrk_row "/api_f/v1/other/location/info/…" -s "$ROOT/scripts/wrk-location-info.lua" "$base"
  } | awk '
    NR == 1 { hello = $2 }
    { rows[NR] = $0 }
    END {
      printf "%-36s %10s %9s %9s %8s %8s\n", "target", "req/s", "p50 ms", "p99 ms", "x hello", "non-2xx"
      for (i = 1; i <= NR; i++) {
        split(rows[i], f, " ")
        printf "%-36s %10d %9.2f %9.2f %8.3f %8d\n", f[1], f[2], f[3], f[4], f[2] / hello, f[5]
      }
    }'
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine makes every row slower; compare ratios)"
}

# Subscribers' lookups/s and latency, from scripts/bench-lookup.sh's wrk
# output: on SQLite, then on a fresh PostgreSQL database when one is reachable.
lookups() {
  lookup_row SQLite
  local admin="${TEST_DATABASE_URL:-}" name="ct_bench_$$"
  if [ -n "$admin" ] && psql "$admin" -Atqc "create database $name" >/dev/null 2>&1; then
    LOOKUP_DATABASE_URL="${admin%/*}/$name" lookup_row PostgreSQL
    psql "$admin" -Atqc "drop database if exists $name" >/dev/null 2>&1
  else
    echo "lookups on PostgreSQL: skipped (set TEST_DATABASE_URL to a reachable server)"
  fi
}

lookup_row() {
  bash "$ROOT/scripts/bench-lookup.sh" 64 "${LOOKUP_SECONDS:-10}" 2>/dev/null | awk -v db="$1" '
    $1 == "Requests/sec:" { rps = $2 } $1 == "50%" { p50 = $2 } $1 == "99%" { p99 = $2 }
    /Non-2xx/ { bad = $NF }
    END { printf "lookups (release, %s, 64 connections): %s/s  p50 %s  p99 %s  non-2xx %d\n", db, rps, p50, p99, bad }'
}

# The edit loop after one component edit: the loop's server and hydrate WASM
# (type-erased views, see lib.sh), each alone and side by side as
# scripts/dev.mjs runs them, and the widgets' dev build.
edit_loop() {
  local component="$ROOT/app/src/components/footer.rs"
  bash "$ROOT/scripts/build.sh" >/dev/null 2>&1
  bash "$ROOT/scripts/dev-wasm.sh" >/dev/null 2>&1
  dev_loop_cargo build -p site --bin server -q
  touch "$component"
  timed "loop: server rebuild" dev_loop_cargo build -p site --bin server -q
  touch "$component"
  timed "loop: hydrate WASM (wasm-dev)" bash "$ROOT/scripts/dev-wasm.sh"
  touch "$component"
  export -f dev_loop_cargo
  timed "loop: both side by side" bash -c "dev_loop_cargo build -p site --bin server -q & bash '$ROOT/scripts/dev-wasm.sh'; wait \$!"
  timed "loop: widgets (dev build)" bash -c "cd '$ROOT/react-widgets' && node build.mjs --dev"
  save_to_reload "$component"
  # The served build again, not the loop's WASM that dev.mjs swapped in.
  bash "$ROOT/scripts/build.sh" >/dev/null 2>&1
}

# The whole loop as scripts/dev.mjs runs it, three times each: a component
# outside the islands touched (the tab is told to reload once the rebuilt
# server restarted; the WASM comes out unchanged), then an island edited (a
# comment added, then taken out again): the server's reload and the WASM's.
save_to_reload() {
  local component="$1" island="$ROOT/app/src/components/phone_search.rs"
  local port=3310 dir; dir="$(mktemp -d)"
  cp "$island" "$dir/island.rs"
  trap 'cp "$dir/island.rs" "$island"' EXIT
  DEV_ADDR="127.0.0.1:$port" DEV_SERVER_PORT=$((port + 1)) GEOIP_DB_PATH= RUST_LOG=error \
    DATABASE_URL="sqlite://$dir/dev.db?mode=rwc" DEV_TOOLS=true \
    node "$ROOT/scripts/dev.mjs" >"$dir/log" 2>&1 &
  local dev=$!
  until curl -sf -o /dev/null "http://127.0.0.1:$port/health"; do sleep 0.2; done
  curl -sN "http://127.0.0.1:$port/__dev/events" >>"$dir/events" &
  local listener=$!
  for run in 1 2 3; do
    loop_edit "$dir" "footer, run $run" server touch "$component"
  done
  for run in 1 2 3; do
    loop_edit "$dir" "island, run $run" both bash -c "echo '// loop probe' >>'$island'"
    cp "$dir/island.rs" "$island"
    sleep 12
  done
  kill "$listener" "$dev" 2>/dev/null
  wait "$dev" 2>/dev/null || true
  trap - EXIT
  rm -rf "$dir"
}

# One edit (the command after WAIT) and the time until dev.mjs's reloads:
# the server's, and with WAIT=both the WASM's too.
loop_edit() {
  local dir="$1" label="$2" wait="$3"; shift 3
  sleep 2
  local wasm server start
  wasm=$(grep -c "WASM rebuilt" "$dir/log" || true)
  server=$(grep -c "server rebuilt" "$dir/events" || true)
  start=$(date +%s%N)
  "$@"
  until [ "$(grep -c "server rebuilt" "$dir/events" || true)" -gt "$server" ]; do sleep 0.05; done
  local line; line="$(printf 'loop: %s: save -> reload %s s' "$label" "$(since "$start")")"
  until [ "$(grep -c "WASM rebuilt" "$dir/log" || true)" -gt "$wasm" ]; do sleep 0.05; done
  [ "$wait" = both ] && line="$line, WASM reload $(since "$start") s"
  echo "$line"
}

since() { awk -v ns=$(($(date +%s%N) - $1)) 'BEGIN { printf "%.1f", ns / 1e9 }'; }

# The run command's phases (scripts/run-site.sh, warm) up to the first answer.
run_phases() {
  local port=3994 dir; dir="$(mktemp -d)"
  local start=$SECONDS
  BIND_ADDR="127.0.0.1:$port" DATABASE_URL="sqlite://$dir/run.db?mode=rwc" RUST_LOG=error \
    bash "$ROOT/scripts/run-site.sh" > "$dir/log" 2>&1 & local pid=$!
  for _ in $(seq 1 600); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.5; done
  echo "scripts/run-site.sh (warm): serving after $((SECONDS - start))s; its phases:"
  sed -n 's/\x1b\[[0-9;]*m//g; /^  /p' "$dir/log"
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"
}

main() {
  cd "$ROOT"
  case "${1:-}" in
    --ssr) ssr_bench; return ;;
    --pages) page_weights; return ;;
    --speech) speech; return ;;
    --resampler) resampler; return ;;
    --lookups) lookups; return ;;
    --loop) edit_loop; return ;;
    --all)
      run_phases
      page_weights
      edit_loop
      ssr_bench
      lookups
      return
      ;;
    --cold)
      local dir; dir="$(mktemp -d)"
      CT_TARGET_DIR="$dir" timed "cold build (empty target)" bash "$ROOT/scripts/build.sh"
      rm -rf "$dir"
      ;;
  esac
  bash "$ROOT/scripts/build.sh" >/dev/null 2>&1
  touch "$ROOT/app/src/pages/home.rs"
  timed "warm build (home.rs edited)" bash "$ROOT/scripts/build.sh"
  page_weights
}
main "$@"
