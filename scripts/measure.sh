#!/usr/bin/env bash
# Prints the figures the walking skeleton is judged by:
#   - home page JS + WASM size, raw and brotli (budget: 180 KB brotli for `/`);
#   - what each kind of page downloads at start (HTML, CSS, scripts, WASM,
#     brotli as served): pages with live islands load the app WASM at once,
#     text pages only on first use of a `data-wake` element (`--pages`: only
#     this table, from the current build);
#   - warm build time (one component edited, everything rebuilt incrementally);
#   - cold build time with --cold (an empty target dir; tools already cached);
#   - with --resampler: the speech resampler (rubato) against other filter
#     lengths and the hand-rolled one it replaced (tools/resample-bench);
#   - with --speech: voice message synthesis + encoding through the espeak-ng
#     worker pool (release build), next to the espeak-ng command line;
#   - with --ssr: pages and an API call under load (release build, wrk, 64
#     connections), side by side with a bare axum "hello" handler measured in
#     the same run (target: `/` >= 0.3x hello with p99 <= 25 ms, no page
#     below 0.1x).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

sizes() {
  local manifest="$TARGET/site/manifest.json"
  [ -f "$manifest" ] || bash "$ROOT/scripts/build.sh" >/dev/null
  node - "$TARGET/site" <<'JS'
const fs = require("fs"), path = require("path"), zlib = require("zlib");
const site = process.argv[2];
const m = JSON.parse(fs.readFileSync(path.join(site, "manifest.json")));
const kb = (n) => (n / 1000).toFixed(1) + " KB";
let raw = 0, br = 0;
for (const key of ["app_js", "app_wasm"]) {
  const file = path.join(site, m[key]);
  const data = fs.readFileSync(file);
  const b = fs.existsSync(file + ".br") ? fs.statSync(file + ".br").size
    : zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  raw += data.length; br += b;
  console.log(`${path.basename(file).padEnd(14)} raw ${kb(data.length).padStart(10)}  brotli ${kb(b).padStart(9)}`);
}
console.log(`home JS+WASM   raw ${kb(raw).padStart(10)}  brotli ${kb(br).padStart(9)}  (budget 180 KB brotli)`);
JS
}

# Starts the built debug server, fetches pages brotli-compressed as a browser
# would, and adds up what each one loads before anyone touches it.
page_weights() {
  local port=3997 dir; dir="$(mktemp -d)"
  [ -x "$TARGET/debug/server" ] || bash "$ROOT/scripts/build.sh" >/dev/null
  BIND_ADDR="127.0.0.1:$port" DATABASE_URL="sqlite://$dir/m.db?mode=rwc" RUST_LOG=error \
    SITE_ROOT="$TARGET/site" "$TARGET/debug/server" & local pid=$!
  for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
  node - "$TARGET/site" "http://127.0.0.1:$port" <<'JS' || true
const fs = require("fs"), path = require("path"), http = require("http");
const [site, origin] = process.argv.slice(2);
const kb = (n) => (n / 1000).toFixed(1).padStart(7) + " KB";
const br = (url) => { const f = path.join(site, url); return fs.existsSync(f + ".br") ? fs.statSync(f + ".br").size : fs.statSync(f).size; };
const get = (p) => new Promise((ok, no) => http.get(origin + p, { headers: { "accept-encoding": "br" } }, (res) => {
  const chunks = []; res.on("data", (c) => chunks.push(c)); res.on("end", () => ok(Buffer.concat(chunks)));
}).on("error", no));
(async () => {
  console.log("page (brotli)            HTML       CSS   scripts      WASM     total  on first data-wake use");
  for (const p of ["/", "/pay-method", "/privacy-policy", "/faq", "/cancel-subscription"]) {
    const raw = await get(p);
    const html = require("zlib").brotliDecompressSync(raw).toString();
    const css = [...html.matchAll(/rel="stylesheet" href="([^"]+)"/g)].reduce((n, m) => n + br(m[1]), 0);
    const boot = html.match(/import \{ start \} from '([^']+)';start\(\{ js: '([^']+)', wasm: '([^']+)', eager: (true|false)/);
    const [site_js, js, wasm, eager] = boot ? boot.slice(1) : [];
    const scripts = boot ? br(site_js) + (eager === "true" ? br(js) : 0) : 0;
    const wasmNow = eager === "true" ? br(wasm) : 0;
    const later = eager === "false" ? br(js) + br(wasm) : 0;
    const total = raw.length + css + scripts + wasmNow;
    console.log(`${p.padEnd(20)} ${kb(raw.length)} ${kb(css)} ${kb(scripts)} ${kb(wasmNow)} ${kb(total)}  ${later ? "+" + kb(later).trim() : "-"}`);
  }
  console.log("(React widgets, loaded by the islands that show one, are not counted)");
})();
JS
  kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; rm -rf "$dir"
}

timed() {
  local label="$1"; shift
  local start end
  start=$(date +%s)
  "$@" >/dev/null 2>&1 || die "$label failed"
  end=$(date +%s)
  printf '%-28s %dm%02ds\n' "$label" $(((end - start) / 60)) $(((end - start) % 60))
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
  cargo build -q --release -p server --bin server --bin hello-bench
  local port=3996 hello_port=3995 dir; dir="$(mktemp -d)"
  BIND_ADDR="127.0.0.1:$port" DATABASE_URL="sqlite://$dir/ssr.db?mode=rwc" RUST_LOG=error \
    SITE_ROOT="$TARGET/site" "$TARGET/release/server" & local pid=$!
  "$TARGET/release/hello-bench" "127.0.0.1:$hello_port" & local hello=$!
  # Expanded now: the function's locals are gone when the trap runs.
  trap "kill $pid $hello 2>/dev/null; rm -rf '$dir'; trap - RETURN" RETURN
  for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
  local base="http://127.0.0.1:$port"
  log "SSR bench (release, $(nproc) cores shared with wrk, 64 connections, 2 threads, ${SSR_SECONDS:-10}s each)"
  {
    wrk_row hello "http://127.0.0.1:$hello_port/"
    wrk_row / "$base/"
    wrk_row "/,br" -H "Accept-Encoding: br" "$base/"
    wrk_row "/?x=1(rendered)" "$base/?x=1"
    wrk_row /id "$base/id"
    wrk_row /id/faq "$base/id/faq"
    wrk_row /id/telecom "$base/id/telecom"
    wrk_row /zh/privacy-policy "$base/zh/privacy-policy"
    wrk_row "/api_f/v1/other/location/info/…" -s "$ROOT/scripts/wrk-location-info.lua" "$base"
  } | awk '
    NR == 1 { hello = $2 }
    { rows[NR] = $0 }
    END {
      printf "%-34s %10s %9s %9s %8s %8s\n", "target", "req/s", "p50 ms", "p99 ms", "x hello", "non-2xx"
      for (i = 1; i <= NR; i++) {
        split(rows[i], f, " ")
        printf "%-34s %10d %9.2f %9.2f %8.3f %8d\n", f[1], f[2], f[3], f[4], f[2] / hello, f[5]
      }
    }'
  echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine makes every row slower; compare ratios)"
}

main() {
  if [ "${1:-}" = "--ssr" ]; then
    ssr_bench
    return
  fi
  if [ "${1:-}" = "--pages" ]; then
    page_weights
    return
  fi
  if [ "${1:-}" = "--speech" ]; then
    speech
    return
  fi
  if [ "${1:-}" = "--resampler" ]; then
    resampler
    return
  fi
  if [ "${1:-}" = "--cold" ]; then
    local dir; dir="$(mktemp -d)"
    CT_TARGET_DIR="$dir" timed "cold build (empty target)" bash "$ROOT/scripts/build.sh"
    rm -rf "$dir"
  fi
  bash "$ROOT/scripts/build.sh" >/dev/null 2>&1
  touch "$ROOT/app/src/pages/home.rs"
  timed "warm build (home.rs edited)" bash "$ROOT/scripts/build.sh"
  sizes
  page_weights
}
main "$@"
