#!/usr/bin/env bash
# The edit loop's hydrate WASM (profile wasm-dev: no LTO, incremental, views
# type-erased as the loop's server's) into
# target/dev-bindgen; scripts/dev.mjs swaps it into the served build.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
eval "$(bash "$ROOT/scripts/toolchain.sh" --print-env)"
# Type-erased views, as the loop's server (lib.sh).
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="${CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS:-} $DEV_LOOP_RUSTFLAGS"
cd "$ROOT"
cargo rustc -p app --lib --crate-type cdylib --profile wasm-dev \
  --target wasm32-unknown-unknown --features hydrate -q -- -C link-arg=--emit-relocs
wasm="$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-dev/app.wasm"
# An edit outside the islands links the same module again: nothing to split.
sum="$(sha256sum "$wasm" | cut -c1-64)"
[ "$(cat "$TARGET/dev-bindgen/.source-sha256" 2>/dev/null)" = "$sum" ] && exit 0
split_and_bind "$wasm" "$TARGET/dev-bindgen"
echo "$sum" >"$TARGET/dev-bindgen/.source-sha256"
