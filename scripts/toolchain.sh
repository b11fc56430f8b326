#!/usr/bin/env bash
# Sets up everything the build needs that is not a project dependency:
#  - a wasm32 compiler: rustup's target when installed, else Debian's rustc-web
#    1.96 with its std source (built with -Zbuild-std), unpacked into the cache
#    (see shared/notes/wasm-toolchain.md); nothing is installed system-wide;
#  - wasm-bindgen at exactly the lockfile's version and wasm-split-cli, which
#    cuts the lazy islands out of the hydrate WASM: one binary built from
#    their libraries (tools/wasm-tools);
#  - trunk (widget gallery).
# Idempotent: every step checks its stamp first. Prints `export` lines for the
# wasm build environment when called with --print-env.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

WASM_TC="$CT_CACHE/wasm-toolchain"
DEB_RUST_VERSION="1.96.0+dfsg1-1~deb12u2"
TRUNK_VERSION="0.21.14"

have_rustup_wasm() {
  rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown
}

setup_debian_wasm() {
  [ -f "$WASM_TC/.ready" ] && return 0
  log "wasm32 std missing from rustup: unpacking Debian rustc-web ${DEB_RUST_VERSION%%+*} into $WASM_TC"
  local dl; dl="$(mktemp -d)"
  apt_ensure ca-certificates
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  (cd "$dl" && apt-get download -qq \
     "rust-web-src=$DEB_RUST_VERSION" "rustc-web=$DEB_RUST_VERSION" libstd-rust-web-1.96 \
     "libstd-rust-web-dev=$DEB_RUST_VERSION" libllvm22 lld-22 liblld-22)
  rm -rf "$WASM_TC" && mkdir -p "$WASM_TC/src" "$WASM_TC/tc"
  for f in "$dl"/rust-web-src_*.deb; do dpkg -x "$f" "$WASM_TC/src"; done
  for f in "$dl"/rustc-web_* "$dl"/libstd-rust-web-1.96* "$dl"/libstd-rust-web-dev_* \
           "$dl"/libllvm22* "$dl"/lld-22* "$dl"/liblld-22*; do dpkg -x "$f" "$WASM_TC/tc"; done
  mkdir -p "$WASM_TC/tc/usr/lib/rustlib/src"
  ln -sfn "$WASM_TC/src/usr/src/rustc-1.96.0" "$WASM_TC/tc/usr/lib/rustlib/src/rust"
  rm -rf "$dl"
  touch "$WASM_TC/.ready"
}

# Environment for any cargo invocation that targets wasm32 (hydrate and gallery).
wasm_env() {
  if have_rustup_wasm; then
    echo "export CT_WASM_ROUTE=rustup"
    echo "export CARGO_TARGET_DIR=$TARGET/wasm"
  else
    local tc="$WASM_TC/tc/usr"
    echo "export CT_WASM_ROUTE=debian"
    echo "export LD_LIBRARY_PATH=$tc/lib/x86_64-linux-gnu:$tc/lib"
    echo "export RUSTC=$tc/bin/rustc"
    echo "export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=$tc/bin/wasm-ld-22"
    echo "export CARGO_UNSTABLE_BUILD_STD=std,panic_abort"
    # std built for size, and panics compiled to a bare trap: -14 KB brotli on
    # the home page, which has a 180 KB budget. Only possible with build-std.
    echo "export CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size"
    echo "export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS='-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=none'"
    # A separate target dir: the Debian compiler must not invalidate the host build.
    echo "export CARGO_TARGET_DIR=$TARGET/wasm"
  fi
}

# cargo install for the build's own tools, at opt-level 1 (TOOL_OPT_LEVEL)
# instead of 3: the wasm tools then installed in 163 s instead of 200 s
# (as the two crates they were then) and split and bind the site's WASM as
# fast (0.25 s) and byte for byte the same. (At opt-level 0 they installed
# in 69 s but took 1.1 s per build, which the edit loop pays on every WASM
# rebuild.) Usage: tool_install NAME CARGO_ARGS...; it compiles in its own
# target dir, apart from the project's (free for a build running at the
# same time), removed once the tool is installed.
tool_install() {
  local build="$CT_CACHE/build-$1"; shift
  env -u CARGO_TARGET_DIR CARGO_PROFILE_RELEASE_OPT_LEVEL="${TOOL_OPT_LEVEL:-1}" CARGO_PROFILE_RELEASE_DEBUG=false \
    cargo install -q "$@" --root "$CT_CACHE/tools" --target-dir "$build" --force
  rm -rf "$build"
}

# wasm-bindgen and wasm-split-cli: one binary (tools/wasm-tools) built from
# the two tools' libraries, installed under both names. Rebuilt when its
# source changes or its wasm-bindgen is not the lockfile's.
install_wasm_tools() {
  local want stamp src="$ROOT/tools/wasm-tools"
  want="$(wasm_bindgen_version)"
  [ -n "$want" ] || die "no wasm-bindgen in Cargo.lock"
  grep -q "^wasm-bindgen-cli-support = \"=$want\"" "$src/Cargo.toml" \
    || die "tools/wasm-tools/Cargo.toml must pin wasm-bindgen-cli-support to =$want (Cargo.lock)"
  stamp="$CT_CACHE/tools/.wasm-tools-$(cat "$src/Cargo.toml" "$src/Cargo.lock" "$src"/src/*.rs | sha256sum | cut -c1-16)"
  if [ -f "$stamp" ] && [ -x "$TOOLS_BIN/wasm-bindgen" ] && [ -x "$TOOLS_BIN/wasm-split-cli" ] \
     && [ "$("$TOOLS_BIN/wasm-bindgen" --version | awk '{print $2}')" = "$want" ]; then
    return 0
  fi
  log "cargo install tools/wasm-tools (wasm-bindgen $want + wasm-split-cli, once)"
  tool_install wasm-tools --path "$src" --locked
  ln -sfn ct-wasm-tools "$TOOLS_BIN/wasm-bindgen"
  ln -sfn ct-wasm-tools "$TOOLS_BIN/wasm-split-cli"
  [ "$("$TOOLS_BIN/wasm-bindgen" --version | awk '{print $2}')" = "$want" ] \
    || die "tools/wasm-tools does not report wasm-bindgen $want"
  rm -f "$CT_CACHE"/tools/.wasm-tools-* "$CT_CACHE"/tools/.wasm-split-*
  touch "$stamp"
}

install_trunk() {
  if [ -x "$TOOLS_BIN/trunk" ] && "$TOOLS_BIN/trunk" --version | grep -q "$TRUNK_VERSION"; then
    return 0
  fi
  log "cargo install trunk $TRUNK_VERSION (once, a few minutes)"
  # Without its default features: no TLS stack (ring) and no update check,
  # neither of which an offline build of the gallery uses. Unoptimised: it
  # only runs cargo and wasm-bindgen and copies files (a gallery build took
  # 2.0-2.5 s either way), and installs in 157.5 s instead of 261.7 s at
  # opt-level 1 (alone on this machine, 215 s of CPU instead of 358 s).
  # (--locked first: the registry may lack a release the lockfile names.)
  TOOL_OPT_LEVEL=0 tool_install trunk trunk --version "=$TRUNK_VERSION" --locked --no-default-features \
    || TOOL_OPT_LEVEL=0 tool_install trunk trunk --version "=$TRUNK_VERSION" --no-default-features
}

main() {
  # scripts/test.sh installs Trunk in the background while the build installs
  # the rest: one installer at a time per tool, the second waits and reuses.
  mkdir -p "$CT_CACHE/tools"
  local lock=wasm; [ "${1:-}" = trunk ] && lock=trunk
  exec 9>"$CT_CACHE/tools/.lock-$lock"
  flock 9
  case "${1:-all}" in
    --print-env) have_rustup_wasm || setup_debian_wasm; wasm_env ;;
    wasm) have_rustup_wasm || setup_debian_wasm; install_wasm_tools ;;
    trunk) install_trunk ;;
    all) have_rustup_wasm || setup_debian_wasm; install_wasm_tools; install_trunk ;;
    *) die "usage: toolchain.sh [all|wasm|trunk|--print-env]" ;;
  esac
}
main "$@"
