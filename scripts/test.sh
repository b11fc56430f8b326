#!/usr/bin/env bash
# Runs every test suite, installing what it needs first:
#   Rust unit + integration tests (SQLite, and PostgreSQL via TEST_DATABASE_URL;
#   mail through a real SMTP server on loopback, Python aiosmtpd),
#   widget tests (vitest + jsdom), the Trunk gallery build, and browser tests
#   (headless Debian Chromium driven by playwright-core).
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

results=()
record() { results+=("$1: $2"); }

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

main() {
  log "size check (files <= 300 lines, functions <= 60)"
  python3 "$ROOT/scripts/check-sizes.py"
  record sizes ok
  apt_ensure chromium "${SPEECH_PACKAGES[@]}"
  ensure_postgres
  ensure_test_python
  bash "$ROOT/scripts/build.sh"
  # The real IP-to-country database for server/tests/it/geoip.rs.
  GEOIP_TEST_DB="$(ensure_geoip_db)"; export GEOIP_TEST_DB

  log "Rust tests (SQLite + PostgreSQL at $TEST_DATABASE_URL)"
  cargo test -q -p app --features ssr
  cargo test -q -p server
  record rust ok

  log "widget tests"
  (cd "$ROOT/react-widgets" && npx vitest run)
  record widgets ok

  bash "$ROOT/scripts/gallery.sh" build
  record gallery-build ok

  log "browser tests"
  (cd "$ROOT/end2end" && npm ci --no-audit --no-fund --loglevel=error && npm test)
  record browser ok

  printf '%s\n' "${results[@]}"
  echo "suites: ${#results[@]} passed, 0 failed"
}
main "$@"
