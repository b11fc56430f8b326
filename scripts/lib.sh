#!/usr/bin/env bash
# Shared helpers for the project's scripts: paths, logging and the tool cache.
# Sourced, never run. Everything the scripts install lands in $CT_CACHE so a
# second run (or CI on the same machine) reuses it; a fresh machine rebuilds it.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CT_CACHE="${CT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/cool-tracker}"
# All build output; scripts/measure.sh points it at an empty dir for cold builds.
TARGET="${CT_TARGET_DIR:-$ROOT/target}"
export CARGO_TARGET_DIR="$TARGET"
TOOLS_BIN="$CT_CACHE/tools/bin"
mkdir -p "$TOOLS_BIN"
export PATH="$TOOLS_BIN:$ROOT/react-widgets/node_modules/.bin:$PATH"
# stylers_core (scoped CSS, the design card's choice) uses two unstable library
# features; RUSTC_BOOTSTRAP lets the pinned stable compiler build it.
export RUSTC_BOOTSTRAP=1
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The wasm-bindgen version the lockfile resolved; the CLI must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' "$ROOT/Cargo.lock"
}

# apt-get install only what is missing (root on these machines; sudo elsewhere).
apt_ensure() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  log "apt-get install ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}
