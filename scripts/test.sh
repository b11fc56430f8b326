#!/usr/bin/env bash
# Runs every test suite, installing what it needs first:
#   Rust unit + integration tests (SQLite, and PostgreSQL via TEST_DATABASE_URL;
#   mail through a real SMTP server on loopback, Python aiosmtpd),
#   widget tests (vitest + jsdom), the Trunk gallery build, and browser tests
#   (headless Debian Chromium driven by playwright-core).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

results=()
record() { results+=("$1: $2"); }
# Wall time of each phase, printed at the end (`phase NAME COMMAND...`).
timings=()
phase() {
  local name="$1" start=$SECONDS; shift
  "$@"
  timings+=("$(printf '%-14s %4ds' "$name" $((SECONDS - start)))")
}

ensure_postgres() {
  export TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
  # Any installed client will do (these machines have a versioned one, which
  # the metapackage would only add an apt-get update and a minute to).
  command -v psql >/dev/null && command -v pg_isready >/dev/null || apt_ensure postgresql-client
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    log "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  pg_isready -q -h 127.0.0.1 -p 5432 || die "PostgreSQL is not reachable at 127.0.0.1:5432"
}

# Drops the databases left by earlier runs of the integration tests (each
# creates its own; a run leaves about 300, which take minutes to drop), in
# one session. It runs beside the build and is waited for before the tests.
drop_old_test_databases() {
  psql "$TEST_DATABASE_URL" -Atqc "select format('drop database if exists %I;', datname)
    from pg_database where datname like 'ct_it_%'" | psql "$TEST_DATABASE_URL" -q >/dev/null
}

# Python packages the Rust tests drive (aiosmtpd: the loopback SMTP server of
# server/site/tests/it/mail.rs). pip skips what is already installed at the pin.
ensure_test_python() {
  log "Python test packages (scripts/requirements-test.txt)"
  python3 -m pip install -q --disable-pip-version-check -r "$ROOT/scripts/requirements-test.txt"
}

rust_tests() {
  log "Rust tests (SQLite + PostgreSQL at $TEST_DATABASE_URL), clippy -D warnings while they compile"
  # One cargo invocation for both crates: features unify once, so the test
  # build reuses the dependencies the server build compiled, and (clippy
  # the wrapper of both, lib.sh's lint_env) the workspace crates too: only
  # the test targets compile here. The lints come with the builds instead
  # of a second pass over every dependency in check mode (338 s on a clean clone).
  lint_env
  local instances_bin
  # Diagnostics (clippy's included) still reach the terminal; the artifacts'
  # JSON goes to the pipe.
  instances_bin="$(cargo test -q -p app -p app-core -p server -p site --no-run --message-format=json-render-diagnostics \
    | python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "instances" and m.get("executable"):
        print(m["executable"])')"
  [ -x "$instances_bin" ] || die "no instance test binary"
  # The instance test (two server processes, one test of ~140 s that mostly
  # waits: leases running out, slow fakes, grace periods) runs beside the
  # others instead of after them: its binary directly, from the package's
  # directory as cargo runs it (a second cargo would resolve one package's
  # features and rebuild both crates).
  (cd "$ROOT/server/site" && exec "$instances_bin" -q) > "$TARGET/instances.log" 2>&1 & local instances=$!
  # Four tests at a time on two cores: they mostly wait on PostgreSQL, SQLite
  # files and loopback fakes (measured here: 211 s two at a time, 158 s four,
  # 182 s eight).
  cargo test -q -p app -p app-core -p server -p site --lib --bins --test it -- --test-threads=4
  cargo test -q -p app -p app-core -p server -p site --doc
  wait "$instances" || { cat "$TARGET/instances.log"; die "the instance test failed"; }
  grep 'test result' "$TARGET/instances.log"
  unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
}

# Light on the CPU, so it runs beside the Rust tests.
widget_tests() {
  (cd "$ROOT/react-widgets" && npx vitest run) > "$TARGET/vitest.log" 2>&1
}

# The widget gallery's Trunk build; low priority so the Rust tests beside it
# keep the cores they need. (Its toolchain.sh waits for the background Trunk
# install and installs Trunk itself if that failed.)
gallery_build() {
  nice -n 10 bash "$ROOT/scripts/gallery.sh" build > "$TARGET/gallery.log" 2>&1
}

# Waits for a suite started beside the Rust tests; its log on failure.
wait_beside() {
  local name="$1" pid="$2" output="$3" start=$SECONDS
  wait "$pid" || { cat "$output"; die "$name failed"; }
  timings+=("$(printf '%-14s %4ds (beside, then waited for)' "$name" $((SECONDS - start)))")
}

browser_tests() {
  log "browser tests"
  (cd "$ROOT/end2end" && npm ci --no-audit --no-fund --loglevel=error && npm test)
}

# schemathesis's own server and the browser tests' servers (one per test
# file, two files at a time) are separate processes with separate databases,
# and both suites spend much of their time waiting on each other's
# requests: they run side by side.
api_and_browser_tests() {
  log "schemathesis beside the browser tests (output in $TARGET/schemathesis.log)"
  bash "$ROOT/scripts/schemathesis.sh" > "$TARGET/schemathesis.log" 2>&1 & local api=$!
  browser_tests
  record browser ok
  wait_beside schemathesis "$api" "$TARGET/schemathesis.log"
  tail -n 3 "$TARGET/schemathesis.log"
  record schemathesis ok
}

main() {
  local started=$SECONDS
  # A suite that fails ends the run: suites still running beside it stop too.
  trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
  log "size check (files <= 300 lines, functions <= 60)"
  phase sizes python3 "$ROOT/scripts/check-sizes.py"
  # The layers of docs/architecture.md: no import against them, no cycle.
  phase layers python3 "$ROOT/scripts/check-layers.py"
  phase config-doc python3 "$ROOT/scripts/gen-config-doc.py" --check
  record sizes ok
  record layers ok
  phase packages apt_ensure chromium "${SPEECH_PACKAGES[@]}"
  phase postgres ensure_postgres
  mkdir -p "$TARGET"
  drop_old_test_databases > "$TARGET/drop-databases.log" 2>&1 & local old_databases=$!
  phase python ensure_test_python
  # Trunk (only the gallery needs it) compiles in its own temporary target
  # while the build runs, at low priority: it fills the build's serial gaps.
  nice -n 10 bash "$ROOT/scripts/toolchain.sh" trunk > "$TARGET/trunk-install.log" 2>&1 &
  phase build env CT_LINT=1 bash "$ROOT/scripts/build.sh"
  # rustfmt, Prettier and tsc need the widgets' node_modules (the build installs them).
  phase format bash "$ROOT/scripts/lint.sh" format
  phase types bash "$ROOT/scripts/lint.sh" types
  record format ok
  # The real IP-to-country database for server/site/tests/it/geoip.rs.
  GEOIP_TEST_DB="$(ensure_geoip_db)"; export GEOIP_TEST_DB

  log "beside the Rust tests: widget tests and the gallery build (output in $TARGET/vitest.log, gallery.log)"
  widget_tests & local widgets=$!
  gallery_build & local gallery=$!
  wait_beside old-databases "$old_databases" "$TARGET/drop-databases.log"
  phase rust rust_tests
  record rust ok
  record clippy ok
  wait_beside widgets "$widgets" "$TARGET/vitest.log"
  tail -n 6 "$TARGET/vitest.log"
  record widgets ok
  wait_beside gallery "$gallery" "$TARGET/gallery.log"
  record gallery-build ok

  phase browser api_and_browser_tests

  printf '%s\n' "${results[@]}"
  log "time per phase"
  printf '  %s\n' "${timings[@]}"
  printf '  %-14s %4ds\n' total $((SECONDS - started))
  echo "suites: ${#results[@]} passed, 0 failed"
}
main "$@"
