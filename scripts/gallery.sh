#!/usr/bin/env bash
# Builds or serves the Trunk widget gallery (see Trunk.toml).
#   scripts/gallery.sh build | serve [trunk args...]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cmd="${1:-build}"; shift || true
bash "$ROOT/scripts/toolchain.sh" wasm
bash "$ROOT/scripts/toolchain.sh" trunk
eval "$(bash "$ROOT/scripts/toolchain.sh" --print-env)"
(cd "$ROOT/react-widgets" && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; } && node build.mjs >/dev/null)
cd "$ROOT"
case "$cmd" in
  # The same profile as the site's WASM: the two builds share every
  # dependency compiled for the browser (only Leptos' CSR half differs).
  build) log "trunk build (widget gallery)"; trunk build --offline --cargo-profile wasm-release "$@" ;;
  serve) trunk serve --offline "$@" ;;
  *) die "usage: scripts/gallery.sh build|serve" ;;
esac
