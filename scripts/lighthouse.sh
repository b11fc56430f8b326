#!/usr/bin/env bash
# Optional: Lighthouse's mobile scores against the current build
# (scripts/build.sh), with Debian's Chromium (CHROME_PATH). Lighthouse is
# installed once from npm into $CT_CACHE; it needs no network beyond that.
# Not part of scripts/test.sh: a run takes minutes, and performance scores
# on a shared 2-core machine vary from run to run.
#   scripts/lighthouse.sh            accessibility of every page of the journey
#                                    (end2end/lighthouse.mjs: en and id, a member's
#                                    pages signed in, the owner's page before and
#                                    after sharing); exits 1 under 100
#   scripts/lighthouse.sh path…      accessibility, performance, LCP, CLS and TBT
#                                    of paths on the release server (built when
#                                    missing); `/dashboard…` paths as a
#                                    subscribed member (lookup-bench seeds one)
#                                    (LIGHTHOUSE_PROFILE=debug: the debug server)
#   scripts/lighthouse.sh --perf     the same for home, /telecom, /voice-sms,
#                                    /pay-method and /dashboard/locations
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

LIGHTHOUSE_VERSION=12.8.2 # the last line that runs on Node 20
dir="$CT_CACHE/lighthouse-$LIGHTHOUSE_VERSION"
if [ ! -x "$dir/node_modules/.bin/lighthouse" ]; then
  log "installing lighthouse $LIGHTHOUSE_VERSION into $dir"
  mkdir -p "$dir"
  npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION"
fi
# Always the current build (seconds when nothing changed): scripts/dev.mjs
# leaves the edit loop's unoptimised WASM in the served build, which scored
# home 52 with LCP 6.6 s.
bash "$ROOT/scripts/build.sh" >/dev/null
export CHROME_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ $# -eq 0 ]; then
  cd "$ROOT/end2end"
  [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --loglevel=error
  LIGHTHOUSE_BIN="$dir/node_modules/.bin/lighthouse" exec node lighthouse.mjs
fi

[ "$1" = "--perf" ] && set -- / /telecom /voice-sms /pay-method /dashboard/locations
[ -x "$TARGET/release/server" ] && [ -x "$TARGET/release/lookup-bench" ] \
  || cargo build -q --release -p server -p site --bin server --bin lookup-bench
port=3995; tmp="$(mktemp -d)"; db="sqlite://$tmp/lh.db?mode=rwc"
BIND_ADDR="127.0.0.1:$port" DATABASE_URL="$db" RUST_LOG=error \
  SITE_ROOT="$TARGET/site" "$TARGET/${LIGHTHOUSE_PROFILE:-release}/server" & pid=$!
trap 'kill $pid 2>/dev/null; rm -rf "$tmp"' EXIT
for _ in $(seq 1 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.2; done
# A subscribed member's session for the member pages.
member="$("$TARGET/release/lookup-bench" - "$db" 1)"

printf '%-22s %6s %6s %8s %6s %7s\n' "page (mobile)" "a11y" "perf" "LCP s" "CLS" "TBT ms"
for path in "$@"; do
  headers=()
  case "$path" in /dashboard*) headers=(--extra-headers "{\"Cookie\": \"token=$member\"}") ;; esac
  "$dir/node_modules/.bin/lighthouse" \
    "http://127.0.0.1:$port$path" --quiet --output=json --output-path="$tmp/report.json" "${headers[@]}" \
    --only-categories=accessibility,performance --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
    || die "lighthouse failed on $path"
  node -e '
    const r = require(process.argv[1]);
    const s = (c) => Math.round(r.categories[c].score * 100);
    const a = (id) => r.audits[id].numericValue;
    console.log(process.argv[2].padEnd(22), String(s("accessibility")).padStart(6),
      String(s("performance")).padStart(6), (a("largest-contentful-paint") / 1000).toFixed(2).padStart(8),
      a("cumulative-layout-shift").toFixed(3).padStart(6), String(Math.round(a("total-blocking-time"))).padStart(7));
  ' "$tmp/report.json" "$path"
done
