#!/usr/bin/env bash
# Prints the figures the walking skeleton is judged by:
#   - home page JS + WASM size, raw and brotli (budget: 180 KB brotli for `/`);
#   - what each kind of page downloads at start (HTML, CSS, scripts, WASM,
#     brotli as served): pages with live islands load the app WASM at once,
#     text pages only on first use of a `data-wake` element (`--pages`: only
#     this table, from the current build);
#   - warm build time (one component edited, everything rebuilt incrementally);
#   - cold build time with --cold (an empty target dir; tools already cached);
#   - with --speech: voice message synthesis + encoding through the espeak-ng
#     worker pool (release build), next to the espeak-ng command line.
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

speech() {
  apt_ensure "${SPEECH_PACKAGES[@]}" espeak-ng
  cargo build -q --release -p server --bin speech-bench
  "$TARGET/release/speech-bench"
}

main() {
  if [ "${1:-}" = "--pages" ]; then
    page_weights
    return
  fi
  if [ "${1:-}" = "--speech" ]; then
    speech
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
