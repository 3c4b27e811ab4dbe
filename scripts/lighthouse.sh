#!/usr/bin/env bash
# Lighthouse (mobile) on the built game, served gzip-compressed on 127.0.0.1 as a static host
# would serve it. Installs Lighthouse from npm into tools/lighthouse/ if it is missing (not a
# test dependency: `make test` never runs it). Usage: scripts/lighthouse.sh [DIST]
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${1:-dist}
if [ ! -x tools/lighthouse/node_modules/.bin/lighthouse ]; then
  npm install --prefix tools/lighthouse --no-audit --no-fund --no-save lighthouse@12 >/dev/null
fi
port=4391
GZIP=1 node tests/e2e/serve.mjs "$dist" "$port" >/dev/null &
server=$!
trap 'kill $server' EXIT
sleep 1
out=$(mktemp -d)
CHROME_PATH=/usr/bin/chromium tools/lighthouse/node_modules/.bin/lighthouse "http://127.0.0.1:$port/" \
  --quiet --form-factor=mobile --output=json --output-path="$out/report.json" \
  --chrome-flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"
node -e '
const r = require(process.argv[1]);
for (const [k, c] of Object.entries(r.categories)) console.log(`${k}: ${Math.round(c.score * 100)}`);
for (const a of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"])
  console.log(`${a}: ${r.audits[a].displayValue}`);
' "$out/report.json"
