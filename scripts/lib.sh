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

# The edit loop's builds (scripts/dev.sh, dev-wasm.sh, measure.sh --loop)
# use Leptos' type-erased views (`--cfg erase_components`): every component
# becomes one `AnyView`, so an edit leaves far fewer generic instances to
# collect again (`app` rebuilds in 2.7 s instead of 4.4 s and builds cold in
# 16 s instead of 81 s). The server's markup and the WASM's hydration must
# agree on it, so both loop builds take it: the server in a target dir of
# its own, the WASM in its own profile (wasm-dev). The run command, the
# tests and release builds keep the concrete views.
export DEV_LOOP_TARGET="$TARGET/dev-loop"
export DEV_LOOP_RUSTFLAGS="--cfg erase_components"
# The loop's server build: `dev_loop_cargo build -p site --bin server`.
dev_loop_cargo() {
  CARGO_TARGET_DIR="$DEV_LOOP_TARGET" RUSTFLAGS="$DEV_LOOP_RUSTFLAGS" cargo "$@"
}

# Clippy as the workspace crates' compiler wrapper, as `cargo clippy` runs
# it (its arguments in CLIPPY_ARGS, split by its own separator): the lints
# come with a build instead of a second pass in check mode. scripts/test.sh
# takes it for its server build (CT_LINT=1 to build.sh) and for its test
# build, so the test build reuses the workspace crates the server build
# compiled with the same wrapper (with two wrappers they compile twice).
lint_env() {
  local clippy; clippy="$(command -v clippy-driver)" || die "clippy-driver not found (rustup component add clippy)"
  export RUSTC_WORKSPACE_WRAPPER="$clippy" CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
}

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The wasm-bindgen version the lockfile resolved; the CLI must match it exactly.
wasm_bindgen_version() {
  awk '/^name = "wasm-bindgen"$/{getline; gsub(/version = |"/,""); print; exit}' "$ROOT/Cargo.lock"
}

# Splits the lazy islands (`#[island(lazy)]`) into their own WASM chunks,
# loaded by `__wasm_split.js` when such an island hydrates, then runs
# wasm-bindgen on the main module. Usage: split_and_bind IN.wasm OUT_DIR [bindgen flags].
split_and_bind() {
  local wasm="$1" out="$2"; shift 2
  local split="$out-split"
  rm -rf "$out" "$split" && mkdir -p "$out" "$split"
  wasm-split-cli "$wasm" "$split" --target web --out-name app
  # No wasm-opt: Debian's binaryen 108 breaks hydration, and npm's gains <1%.
  wasm-bindgen --target web --keep-lld-exports "$@" --out-dir "$out" --out-name app "$split/app.wasm"
  rm "$split/app.wasm"
  cp "$split"/* "$out/"
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

# Speech for voice messages: espeak-ng's library and data, and lame for MP3.
# The server loads them at run time (no -dev packages); without them it runs
# with voice previews and calls answering "unavailable".
SPEECH_PACKAGES=(libespeak-ng1 espeak-ng-data libmp3lame0)

# The IP-to-country database that preselects the country picker: ip-location-db's
# "geo-whois-asn-country" (https://github.com/sapics/ip-location-db), from the npm
# registry. The package is licensed CC0-1.0; its data comes from the five RIRs'
# WHOIS/ASN statistics, which the NRO publishes under CC BY 4.0 (credit nro.net).
# Pinned so builds are repeatable; raise the pin to pick up newer data.
GEOIP_NPM_PACKAGE="@ip-location-db/geo-whois-asn-country-mmdb"
GEOIP_NPM_VERSION="2.3.2026061719"

# Downloads the database once into $CT_CACHE/geoip/<version>/ and prints the
# path of its .mmdb (IPv4 + IPv6); later calls reuse the file.
ensure_geoip_db() {
  local dir="$CT_CACHE/geoip/$GEOIP_NPM_VERSION"
  local db="$dir/geo-whois-asn-country.mmdb"
  if [ ! -s "$db" ]; then
    log "IP-to-country database ($GEOIP_NPM_PACKAGE@$GEOIP_NPM_VERSION)"
    command -v npm >/dev/null || die "npm is needed to download $GEOIP_NPM_PACKAGE"
    local tmp; tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent --loglevel=error "$GEOIP_NPM_PACKAGE@$GEOIP_NPM_VERSION" >/dev/null) \
      || { rm -rf "$tmp"; die "npm pack $GEOIP_NPM_PACKAGE@$GEOIP_NPM_VERSION failed"; }
    tar -xzf "$tmp"/*.tgz -C "$tmp" package/geo-whois-asn-country.mmdb package/NRO_LICENSE
    mkdir -p "$dir"
    mv "$tmp/package/NRO_LICENSE" "$dir/"
    # Moved into place last, so an interrupted download is never mistaken for a database.
    mv "$tmp/package/geo-whois-asn-country.mmdb" "$db"
    rm -rf "$tmp"
  fi
  printf '%s\n' "$db"
}
