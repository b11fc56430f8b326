#!/usr/bin/env bash
# Builds everything and starts the site on http://127.0.0.1:3000 with an
# embedded SQLite database (data/cool-tracker.db); migrations and seed data are
# applied on start. Environment variables: see .env.example.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
# Wall time of each phase, printed before the server starts.
timings=()
phase() {
  local name="$1" start=$SECONDS; shift
  "$@"
  timings+=("$(printf '%-10s %4ds' "$name" $((SECONDS - start)))")
}
phase packages apt_ensure "${SPEECH_PACKAGES[@]}"
phase build bash "$ROOT/scripts/build.sh" "$@"
cd "$ROOT"
if [ -f .env ]; then set -a; source .env; set +a; fi
# The front end just built, also when CT_TARGET_DIR moved the target directory.
export SITE_ROOT="${SITE_ROOT:-$TARGET/site}"
# The country picker's IP database (ip-location-db, see lib.sh) unless the
# environment or .env names one; GEOIP_DB_PATH= (empty) is kept as "none".
geoip() { GEOIP_DB_PATH="$(ensure_geoip_db)"; export GEOIP_DB_PATH; }
if [ -z "${GEOIP_DB_PATH+set}" ]; then phase geoip geoip; fi
log "time per phase (the server starts now; its migrations and seed follow):"
printf '  %s\n' "${timings[@]}" >&2
profile=debug; [ "${1:-}" = "--release" ] && profile=release
log "starting http://${BIND_ADDR:-127.0.0.1:3000}"
# Developer pages (/dev/outbox: reset codes and reveal links) for local use;
# the server refuses them with a real provider or a non-loopback BIND_ADDR.
export DEV_TOOLS="${DEV_TOOLS:-true}"
# Sandbox calls ring nobody, so locally a voice message may be sent at any
# hour; set VOICE_QUIET_HOURS=21-8 (the server's default) to try the night rule.
if [ "${CALL_PROVIDER:-sandbox}" = "sandbox" ]; then export VOICE_QUIET_HOURS="${VOICE_QUIET_HOURS:-0-0}"; fi
exec "$TARGET/$profile/server"
