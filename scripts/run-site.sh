#!/usr/bin/env bash
# Builds everything and starts the site on http://127.0.0.1:3000 with an
# embedded SQLite database (data/cool-tracker.db); migrations and seed data are
# applied on start. Environment variables: see .env.example.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
apt_ensure "${SPEECH_PACKAGES[@]}"
bash "$ROOT/scripts/build.sh" "$@"
cd "$ROOT"
if [ -f .env ]; then set -a; source .env; set +a; fi
# The country picker's IP database (ip-location-db, see lib.sh) unless the
# environment or .env names one; GEOIP_DB_PATH= (empty) is kept as "none".
if [ -z "${GEOIP_DB_PATH+set}" ]; then GEOIP_DB_PATH="$(ensure_geoip_db)"; export GEOIP_DB_PATH; fi
profile=debug; [ "${1:-}" = "--release" ] && profile=release
log "starting http://${BIND_ADDR:-127.0.0.1:3000}"
# Developer pages (/dev/outbox: reset codes and reveal links) for local use;
# the server refuses them with a real provider or a non-loopback BIND_ADDR.
export DEV_TOOLS="${DEV_TOOLS:-true}"
# Sandbox calls ring nobody, so locally a voice message may be sent at any
# hour; set VOICE_QUIET_HOURS=21-8 (the server's default) to try the night rule.
if [ "${CALL_PROVIDER:-sandbox}" = "sandbox" ]; then export VOICE_QUIET_HOURS="${VOICE_QUIET_HOURS:-0-0}"; fi
exec "$TARGET/$profile/server"
