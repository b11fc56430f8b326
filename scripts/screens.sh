#!/usr/bin/env bash
# Regenerates docs/screens/*.png (the journey's pages at 390 px and 1366 px,
# in English, and the main ones in Indonesian as *-id-*.png; see
# end2end/screens.mjs) from a fresh server: needs scripts/build.sh's output and the
# end2end packages (`cd end2end && npm ci`). PNGs are written at device
# scale 1 and, when optipng is installed, recompressed losslessly.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

[ -x "$TARGET/debug/server" ] || die "run scripts/build.sh first"
cd "$ROOT/end2end"
[ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --loglevel=error
rm -f "$ROOT"/docs/screens/*.png  # README.md stays
node screens.mjs
if command -v optipng >/dev/null; then
  optipng -quiet -o2 "$ROOT"/docs/screens/*.png
fi
