#!/usr/bin/env bash
# The one build entry point. Side by side: the widgets (esbuild), the server,
# and the hydrate WASM → wasm-split → wasm-bindgen; then the CSS and the
# content-hashed site in target/site. Incremental: cargo and npm skip what
# has not changed.
#   scripts/build.sh            debug server
#   scripts/build.sh --release  release server
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

SERVER_PROFILE=dev
[ "${1:-}" = "--release" ] && SERVER_PROFILE=release
SITE="$TARGET/site"

build_widgets() {
  log "react-widgets: esbuild"
  cd "$ROOT/react-widgets"
  # npm ci only when the lockfile changed since the last install.
  if [ ! -f node_modules/.ct-lock ] || ! cmp -s package-lock.json node_modules/.ct-lock; then
    npm ci --no-audit --no-fund --loglevel=error
    cp package-lock.json node_modules/.ct-lock
  fi
  node build.mjs >/dev/null
  cd "$ROOT"
}

build_wasm() {
  bash "$ROOT/scripts/toolchain.sh" wasm
  eval "$(bash "$ROOT/scripts/toolchain.sh" --print-env)"
  log "hydrate WASM ($CT_WASM_ROUTE toolchain)"
  # --emit-relocs (the app crate's link only, so dependencies stay cached):
  # wasm-split needs the relocations to cut the lazy islands out.
  (cd "$ROOT" && cargo rustc -p app --lib --crate-type cdylib --profile wasm-release \
      --target wasm32-unknown-unknown --features hydrate -q -- -C link-arg=--emit-relocs)
  split_and_bind "$CARGO_TARGET_DIR/wasm32-unknown-unknown/wasm-release/app.wasm" "$TARGET/bindgen" \
    --remove-name-section --remove-producers-section
  # The lazy chunks come out of wasm-split with their function names.
  node "$ROOT/scripts/strip-wasm.mjs" "$TARGET/bindgen"/*.wasm
  minify_js "$TARGET/bindgen/app.js" "$TARGET/bindgen/__wasm_split.js"
}

# Minifies generated or hand-written browser scripts in place with the
# widgets' esbuild (same module, same exports; 8.7 + 1.7 + 2.9 KB brotli
# become 6.9 + 1.1 + 1.4 KB). wasm-bindgen's glue names one import module
# several times in an object literal; the last one wins either way.
minify_js() {
  local esbuild="$ROOT/react-widgets/node_modules/.bin/esbuild" file
  for file in "$@"; do
    "$esbuild" --minify --format=esm --log-level=error --allow-overwrite "$file" --outfile="$file"
  done
}

assemble_site() {
  log "assembling $SITE"
  local stage="$TARGET/site-stage"
  rm -rf "$stage" && mkdir -p "$stage"
  cp -r "$TARGET/bindgen/." "$stage/"
  rm -f "$stage"/*.d.ts
  cat "$ROOT/style/main.css" "$ROOT/style/checkout.css" "$ROOT/style/voice.css" "$ROOT/style/lookup.css" "$ROOT/style/console.css" "$ROOT/target/stylers/app.css" > "$stage/app.css"
  cp -r "$ROOT/react-widgets/dist/widgets/." "$stage/"
  # The site script and the modules it imports (app/js), as one file.
  "$ROOT/react-widgets/node_modules/.bin/esbuild" --bundle --minify --format=esm --log-level=error \
    "$ROOT/app/js/site.js" --outfile="$stage/site.js"
  # The page's language, loaded beside the WASM (which carries no text);
  # app/core/build.rs writes one file per locale.
  [ -f "$ROOT/target/texts/en.json" ] || die "target/texts missing: app/core/build.rs did not run"
  mkdir -p "$stage/texts" && cp "$ROOT/target/texts/"*.json "$stage/texts/"
  local hash
  hash="$(cd "$stage" && find . -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-12)"
  mkdir -p "$SITE/pkg"
  # Keep only the current build; a rolling deploy keeps the previous directory itself.
  find "$SITE/pkg" -mindepth 1 -maxdepth 1 ! -name "$hash" -exec rm -rf {} +
  rm -rf "$SITE/pkg/$hash" && mv "$stage" "$SITE/pkg/$hash"
  node "$ROOT/scripts/compress.mjs" "$SITE/pkg/$hash"
  local base="/pkg/$hash"
  cat > "$SITE/manifest.json" <<JSON
{
  "site_js": "$base/site.js",
  "app_js": "$base/app.js",
  "app_wasm": "$base/app_bg.wasm",
  "texts": "$base/texts",
  "css": "$base/app.css",
  "widgets_js": "$base/widgets.js"
}
JSON
}

build_server() {
  log "server ($SERVER_PROFILE)"
  # The site's binary only: each benchmark script builds its own. Niced: the
  # WASM side ends in a long serial step (its fat LTO), so it goes first and
  # the server's parallel work fills the other core meanwhile.
  # With CT_LINT=1 (scripts/test.sh), clippy lints the workspace crates as
  # they compile (this subshell only: never the WASM build's Debian compiler).
  (
    cd "$ROOT"
    if [ "${CT_LINT:-}" = 1 ]; then lint_env; fi
    nice -n 5 cargo build -p site --bin server --profile "$SERVER_PROFILE" -q
  )
}

# Wall time of each step, printed at the end (`step NAME COMMAND...`).
timings=()
step() {
  local name="$1" start=$SECONDS; shift
  "$@"
  timings+=("$(printf '%s %ds' "$name" $((SECONDS - start)))")
}

# Ends a background step and every process it started.
kill_tree() {
  local child
  for child in $(pgrep -P "$1" || true); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}

# Steps running in the background. A failed step ends the script: those
# must not outlive it and write into the next build's directories.
background=()
trap 'for job in "${background[@]}"; do kill_tree "$job"; done' EXIT

# The server and the hydrate WASM use separate target dirs and mostly one
# core each (their final links are serial): built side by side.
server_and_wasm() {
  local start=$SECONDS
  build_wasm & local wasm=$!
  background+=("$wasm")
  step server build_server
  local server_done=$SECONDS
  wait "$wasm" || die "hydrate WASM build failed"
  timings+=("$(printf 'wasm %ds (beside the server; %ds after it)' $((SECONDS - start)) $((SECONDS - server_done)))")
}

main() {
  command -v node >/dev/null || die "node is required (see README)"
  # No Rust build reads the widgets: they bundle beside the two compiles.
  mkdir -p "$TARGET"
  local took="$TARGET/.widgets-seconds"
  (
    start=$SECONDS
    build_widgets
    echo $((SECONDS - start)) >"$took"
  ) &
  local widgets=$!
  background+=("$widgets")
  # The server build runs build.rs, which writes the scoped CSS used below.
  server_and_wasm
  wait "$widgets" || die "react-widgets build failed"
  timings=("widgets $(cat "$took")s (beside the server)" "${timings[@]}")
  step assemble assemble_site
  log "build done; time per step:"
  printf '  %s\n' "${timings[@]}" >&2
}
main "$@"
