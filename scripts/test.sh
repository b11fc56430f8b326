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
  apt_ensure postgresql-client
  if ! pg_isready -q -h 127.0.0.1 -p 5432; then
    log "starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  pg_isready -q -h 127.0.0.1 -p 5432 || die "PostgreSQL is not reachable at 127.0.0.1:5432"
  # Databases left by earlier runs of the integration tests.
  psql "$TEST_DATABASE_URL" -Atqc "select datname from pg_database where datname like 'ct_it_%'" \
    | while read -r db; do psql "$TEST_DATABASE_URL" -qc "drop database if exists \"$db\"" >/dev/null; done
}

# Python packages the Rust tests drive (aiosmtpd: the loopback SMTP server of
# server/tests/it/mail.rs). pip skips what is already installed at the pin.
ensure_test_python() {
  log "Python test packages (scripts/requirements-test.txt)"
  python3 -m pip install -q --disable-pip-version-check -r "$ROOT/scripts/requirements-test.txt"
}

rust_tests() {
  log "Rust tests (SQLite + PostgreSQL at $TEST_DATABASE_URL), clippy -D warnings while they compile"
  # One cargo invocation for both crates: features unify once, so the test
  # build reuses the dependencies the server build compiled. Clippy runs as
  # the workspace crates' compiler wrapper, as `cargo clippy` runs it for a
  # check (its arguments in CLIPPY_ARGS, split by its own separator): the
  # lints come with the test build instead of a second pass over every
  # dependency in check mode (338 s on a clean clone).
  local clippy; clippy="$(command -v clippy-driver)" || die "clippy-driver not found (rustup component add clippy)"
  RUSTC_WORKSPACE_WRAPPER="$clippy" \
    CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__" \
    cargo test -q -p app -p server
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
  timings+=("$(printf '%-14s %4ds (beside rust, waited %ds)' "$name" 0 $((SECONDS - start)))")
}

browser_tests() {
  log "browser tests"
  (cd "$ROOT/end2end" && npm ci --no-audit --no-fund --loglevel=error && npm test)
}

main() {
  local started=$SECONDS
  log "size check (files <= 300 lines, functions <= 60)"
  phase sizes python3 "$ROOT/scripts/check-sizes.py"
  # The layers of docs/architecture.md: no import against them, no cycle.
  phase layers python3 "$ROOT/scripts/check-layers.py"
  phase config-doc python3 "$ROOT/scripts/gen-config-doc.py" --check
  record sizes ok
  record layers ok
  phase packages apt_ensure chromium "${SPEECH_PACKAGES[@]}"
  phase postgres ensure_postgres
  phase python ensure_test_python
  # Trunk (only the gallery needs it) compiles in its own temporary target
  # while the build runs, at low priority: it fills the build's serial gaps.
  mkdir -p "$TARGET"
  nice -n 10 bash "$ROOT/scripts/toolchain.sh" trunk > "$TARGET/trunk-install.log" 2>&1 &
  phase build bash "$ROOT/scripts/build.sh"
  # rustfmt, Prettier and tsc need the widgets' node_modules (the build installs them).
  phase format bash "$ROOT/scripts/lint.sh" format
  phase types bash "$ROOT/scripts/lint.sh" types
  record format ok
  # The real IP-to-country database for server/tests/it/geoip.rs.
  GEOIP_TEST_DB="$(ensure_geoip_db)"; export GEOIP_TEST_DB

  log "beside the Rust tests: widget tests and the gallery build (output in $TARGET/vitest.log, gallery.log)"
  widget_tests & local widgets=$!
  gallery_build & local gallery=$!
  phase rust rust_tests
  record rust ok
  record clippy ok
  wait_beside widgets "$widgets" "$TARGET/vitest.log"
  tail -n 6 "$TARGET/vitest.log"
  record widgets ok
  wait_beside gallery "$gallery" "$TARGET/gallery.log"
  record gallery-build ok

  phase schemathesis bash "$ROOT/scripts/schemathesis.sh"
  record schemathesis ok

  phase browser browser_tests
  record browser ok

  printf '%s\n' "${results[@]}"
  log "time per phase"
  printf '  %s\n' "${timings[@]}"
  printf '  %-14s %4ds\n' total $((SECONDS - started))
  echo "suites: ${#results[@]} passed, 0 failed"
}
main "$@"
