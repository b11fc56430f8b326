#!/usr/bin/env bash
# Formatting and lints, as the ecosystems expect them:
#   scripts/lint.sh format   rustfmt (defaults) and Prettier (defaults, .prettierrc.json) --check
#   scripts/lint.sh types    the widgets' TypeScript type check (tsc --noEmit)
#   scripts/lint.sh clippy   clippy on every target of both crates, warnings denied
# Without an argument, all three. `scripts/lint.sh fix` rewrites what the
# formatters own. A lint that is allowed carries its reason at the site.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# What Prettier owns: the widgets, the browser tests, the page script and
# the Node helpers of scripts/.
PRETTIER_FILES=(react-widgets/src react-widgets/build.mjs react-widgets/vitest.config.ts
  react-widgets/vitest.setup.ts end2end/tests end2end/support end2end/*.mjs app/js scripts/*.mjs)

prettier() { "$ROOT/react-widgets/node_modules/.bin/prettier" "$@"; }

format() {
  log "cargo fmt --check"
  (cd "$ROOT" && cargo fmt --all --check)
  (cd "$ROOT/tools/wasm-tools" && cargo fmt --check)
  log "prettier --check"
  (cd "$ROOT" && prettier --check --log-level warn "${PRETTIER_FILES[@]}")
}

types() {
  log "tsc --noEmit (react-widgets)"
  (cd "$ROOT/react-widgets" && npx tsc --noEmit)
}

clippy() {
  log "cargo clippy --all-targets -D warnings"
  (cd "$ROOT" && cargo clippy -q -p app -p app-core -p server -p site --all-targets -- -D warnings)
}

fix() {
  (cd "$ROOT/tools/wasm-tools" && cargo fmt)
  (cd "$ROOT" && cargo fmt --all && prettier --write --log-level warn "${PRETTIER_FILES[@]}")
}

case "${1:-all}" in
  format) format ;;
  types) types ;;
  clippy) clippy ;;
  fix) fix ;;
  all) format; types; clippy ;;
  *) die "usage: scripts/lint.sh [format|types|clippy|fix]" ;;
esac
