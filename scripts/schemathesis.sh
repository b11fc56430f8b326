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

# Only loopback and sandboxes: no message, payment or call leaves the machine.
server_env=(env -i PATH="$PATH" HOME="$HOME"
  BIND_ADDR="127.0.0.1:$port" PUBLIC_BASE_URL="$base"
  DATABASE_URL="sqlite://$work/api.db?mode=rwc"
  SITE_ROOT="$TARGET/site" PUBLIC_DIR="$ROOT/public" GEOIP_DB_PATH=
  MAIL_TRANSPORT=outbox SMS_PROVIDER=outbox PAYMENT_PROVIDER=sandbox CALL_PROVIDER=sandbox
  DEV_TOOLS=false LOG_FORMAT=json RUST_LOG=warn)

# A subscribed member, so the calls behind a session are exercised past
# their 401 too (second pass); support and admin staff for the console's
# calls (third and fourth).
email="schemathesis@example.com" password="schemathesis-$RANDOM-$RANDOM"
echo "$password" | "${server_env[@]}" "$server" user create --email "$email" --password-stdin \
  --subscription active --vip-days 30 > "$work/user.log" 2>&1 || { cat "$work/user.log"; die "could not create the member"; }

log "API server on $base (database and logs in $work)"
"${server_env[@]}" "$server" > "$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "$base/ready" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/server.log"; die "the server stopped before it was ready"; }
  sleep 0.5
done
curl -fsS -o /dev/null "$base/ready" || { cat "$work/server.log"; die "the server was not ready after 60 s"; }
# Signed in before the first pass fills the per-address sign-in limits.
token="$(curl -fsS -D - -o /dev/null --data-urlencode "email=$email" --data-urlencode "password=$password" \
  "$base/api_f/v1/admin/userSession" | tr -d '\r' | awk -F': ' 'tolower($1) == "token" { print $2 }')"
[ -n "$token" ] || die "could not sign the member in"
# And a number owner's session, with the code the outbox holds.
owner_phone="07400123456"
curl -fsS -o /dev/null --data-urlencode country=GB --data-urlencode "phone=$owner_phone" "$base/api_f/v1/lookup/owner/code" \
  || die "could not ask for an owner code"
code="$(python3 - "$work/api.db" <<'PY'
import re, sqlite3, sys, time
for _ in range(40):
    row = sqlite3.connect(sys.argv[1]).execute(
        "select body_text from dev_outbox where channel = 'sms' and recipient = '+447400123456' order by id desc"
    ).fetchone()
    if row:
        print(re.search(r"\b\d{6}\b", row[0]).group(0))
        break
    time.sleep(0.25)
PY
)"
[ -n "$code" ] || die "no owner code in the outbox"
owner="$(curl -fsS --data-urlencode country=GB --data-urlencode "phone=$owner_phone" --data-urlencode "code=$code" \
  "$base/api_f/v1/lookup/owner/claim" | python3 -c 'import json, sys; print(json.load(sys.stdin)["obj"]["ownerToken"])')"
[ -n "$owner" ] || die "could not claim the owner session"

# Staff of both roles, so the console's calls are exercised past their 401:
# made with the CLI, signed in with the password and a TOTP code.
staff_password="schemathesis-staff-$RANDOM-$RANDOM"
# staff_token ROLE: creates a staff member of ROLE and prints their session token.
staff_token() {
  local role="$1" out secret totp
  out="$(echo "$staff_password" | "${server_env[@]}" "$server" staff create \
    --email "schemathesis.$role@example.com" --role "$role" --password-stdin 2>&1)" \
    || { echo "$out" >&2; die "could not create the $role staff member"; }
  secret="$(sed -n 's/.*otpauth:\/\/totp\/[^ ]*[?&]secret=\([A-Z2-7]*\).*/\1/p' <<<"$out" | head -1)"
  [ -n "$secret" ] || die "no TOTP secret for the $role staff member"
  totp="$(python3 - "$secret" <<'PY'
import base64, hashlib, hmac, struct, sys, time
key = base64.b32decode(sys.argv[1] + "=" * (-len(sys.argv[1]) % 8))
mac = hmac.new(key, struct.pack(">Q", int(time.time()) // 30), hashlib.sha1).digest()
offset = mac[-1] & 15
print(f"{(struct.unpack('>I', mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}")
PY
)"
  curl -fsS -D - -o /dev/null --data-urlencode "email=schemathesis.$role@example.com" \
    --data-urlencode "password=$staff_password" --data-urlencode "totp=$totp" \
    "$base/api_f/v1/console/session" | tr -d '\r' | awk -F': ' 'tolower($1) == "staff_token" { print $2 }'
}
support="$(staff_token support)"
[ -n "$support" ] || die "could not sign the support staff member in"
admin="$(staff_token admin)"
[ -n "$admin" ] || die "could not sign the admin staff member in"

seed=()
[ -n "${SCHEMATHESIS_SEED:-}" ] && seed=(--seed "$SCHEMATHESIS_SEED")
# run_pass NAME [ARGS...]: one schemathesis run, its JUnit report in $work/NAME.xml.
# One worker: its workers are threads, and Python 3.11 before 3.11.8 can
# fail `ast.parse` run in two threads at once ("AST constructor recursion
# depth mismatch", CPython gh-106905), which Hypothesis calls to describe a
# strategy; it ended a CI run. The suite runs beside the longer browser
# tests, so the second worker saved no wall time there.
run_pass() {
  local name="$1"; shift
  log "schemathesis ($name) against $base/api_f/v1/openapi.json"
  (cd "$work" && schemathesis run "$base/api_f/v1/openapi.json" \
    --checks all \
    --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-25}" \
    --phases examples,coverage,fuzzing \
    --workers 1 \
    --request-timeout 10 \
    --suppress-health-check too_slow \
    --report junit --report-junit-path "$work/$name.xml" \
    "${seed[@]}" "$@")
}

status=0
# Every operation as a stranger calls it: the session calls answer 401.
run_pass visitor || status=$?
# Every operation but log-out (it would end the session for the rest) as the
# member who also owns a number.
# The member also allows every cookie, so the tracking calls record.
run_pass member -H "token: $token" -H "owner-token: $owner" -H "cookie: acceptCookie=necessary.analytics.marketing" \
  --exclude-operation-id logout || status=$?
# The console's calls as support staff and as an admin (all but signing out,
# which would end the session for the rest of the pass).
run_pass support -H "staff_token: $support" --include-tag console --exclude-operation-id sign_out \
  || status=$?
run_pass admin -H "staff_token: $admin" --include-tag console --exclude-operation-id sign_out \
  || status=$?

cp "$work/visitor.xml" "$TARGET/schemathesis-junit.xml" 2>/dev/null || true
if grep -q '"level": *"ERROR"' "$work/server.log"; then
  log "the server logged errors:"; grep '"level": *"ERROR"' "$work/server.log" | tail -n 20
  status=1
fi
python3 "$ROOT/scripts/schemathesis_coverage.py" "$work/visitor.xml" "$base/api_f/v1/openapi.json" || status=1
[ "$status" = 0 ] || die "schemathesis found failures (see above)"
log "schemathesis: every operation exercised, no failures"
