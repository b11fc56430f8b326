#!/usr/bin/env bash
# Checks the running API against its own OpenAPI description with
# schemathesis (every check: no server error, statuses, content types,
# headers and bodies as documented, invalid input refused, valid input
# accepted, methods and auth as declared). Starts the debug server that
# scripts/build.sh built on a free loopback port, with a fresh SQLite
# database and the sandbox providers, and fails unless every operation was
# exercised and no check failed.
#   SCHEMATHESIS_MAX_EXAMPLES  test cases per operation and phase (default 25)
#   SCHEMATHESIS_SEED          a seed to replay a run (default: random)
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

server="$TARGET/debug/server"
[ -x "$server" ] || die "no server binary at $server: run scripts/build.sh first"
python3 -m pip install -q --disable-pip-version-check -r "$ROOT/scripts/requirements-test.txt"

work="$(mktemp -d)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
base="http://127.0.0.1:$port"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

log "API server on $base (database and logs in $work)"
# Only loopback and sandboxes: no message, payment or call leaves the machine.
env -i PATH="$PATH" HOME="$HOME" \
  BIND_ADDR="127.0.0.1:$port" PUBLIC_BASE_URL="$base" \
  DATABASE_URL="sqlite://$work/api.db?mode=rwc" \
  SITE_ROOT="$TARGET/site" PUBLIC_DIR="$ROOT/public" GEOIP_DB_PATH= \
  MAIL_TRANSPORT=outbox SMS_PROVIDER=outbox PAYMENT_PROVIDER=sandbox CALL_PROVIDER=sandbox \
  DEV_TOOLS=false LOG_FORMAT=json RUST_LOG=warn \
  "$server" > "$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "$base/ready" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.log"; die "the server stopped before it was ready"; }
  sleep 0.5
done
curl -fsS -o /dev/null "$base/ready" || { cat "$work/server.log"; die "the server was not ready after 60 s"; }

log "schemathesis against $base/api_f/v1/openapi.json"
seed=()
[ -n "${SCHEMATHESIS_SEED:-}" ] && seed=(--seed "$SCHEMATHESIS_SEED")
status=0
(cd "$work" && schemathesis run "$base/api_f/v1/openapi.json" \
  --checks all \
  --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-25}" \
  --phases examples,coverage,fuzzing \
  --workers 2 \
  --request-timeout 10 \
  --suppress-health-check too_slow \
  --report junit --report-junit-path "$work/junit.xml" \
  "${seed[@]}") || status=$?

cp "$work/junit.xml" "$TARGET/schemathesis-junit.xml" 2>/dev/null || true
if grep -q '"level": *"ERROR"' "$work/server.log"; then
  log "the server logged errors:"; grep '"level": *"ERROR"' "$work/server.log" | tail -n 20
  status=1
fi
python3 "$ROOT/scripts/schemathesis_coverage.py" "$work/junit.xml" "$base/api_f/v1/openapi.json" || status=1
[ "$status" = 0 ] || die "schemathesis found failures (see above)"
log "schemathesis: every operation exercised, no failures"
