#!/usr/bin/env bash
# The edit loop: builds once, then serves the site on http://127.0.0.1:3000
# and rebuilds only what an edit touched (widgets, styles, server, WASM),
# reloading the open browser tabs. See scripts/dev.mjs. For the widget
# gallery with live reload run `scripts/gallery.sh serve` beside it.
#   DEV_WASM=0 scripts/dev.sh   skip the WASM rebuild (server-rendered changes only)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
apt_ensure "${SPEECH_PACKAGES[@]}"
bash "$ROOT/scripts/build.sh"
# The loop's own server and WASM (type-erased views, see lib.sh): a first
# run builds them cold, side by side (about 4 minutes on 2 cores).
log "edit loop builds: server ($DEV_LOOP_TARGET) and hydrate WASM (wasm-dev)"
(cd "$ROOT" && dev_loop_cargo build -q -p site --bin server) &
bash "$ROOT/scripts/dev-wasm.sh"
wait $! || die "the edit loop's server build failed"
cd "$ROOT"
if [ -f .env ]; then set -a; source .env; set +a; fi
if [ -z "${GEOIP_DB_PATH+set}" ]; then GEOIP_DB_PATH="$(ensure_geoip_db)"; export GEOIP_DB_PATH; fi
export DEV_TOOLS="${DEV_TOOLS:-true}"
if [ "${CALL_PROVIDER:-sandbox}" = "sandbox" ]; then export VOICE_QUIET_HOURS="${VOICE_QUIET_HOURS:-0-0}"; fi
export DEV_ADDR="${BIND_ADDR:-127.0.0.1:3000}"
unset BIND_ADDR
exec node "$ROOT/scripts/dev.mjs"
