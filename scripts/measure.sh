#!/usr/bin/env bash
# Prints the figures the walking skeleton is judged by:
#   - home page JS + WASM size, raw and brotli (budget: 180 KB brotli for `/`);
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
}
main "$@"
