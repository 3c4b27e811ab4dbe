#!/usr/bin/env bash
# Lighthouse (mobile) on the built game, served gzip-compressed on 127.0.0.1 as a static host
# would serve it. Installs Lighthouse 12.8.2 from npm into tools/lighthouse/ if it is missing.
# Usage: scripts/lighthouse.sh [DIST] [--accessibility-gate]
# With --accessibility-gate (part of `make test`) only the accessibility category runs, and the
# script fails unless it scores 100.
set -euo pipefail
cd "$(dirname "$0")/.."
dist=${1:-dist}
gate=${2:-}
if [ ! -x tools/lighthouse/node_modules/.bin/lighthouse ]; then
  npm install --prefix tools/lighthouse --no-audit --no-fund --no-save lighthouse@12.8.2 >/dev/null
fi
categories=()
[ "$gate" = --accessibility-gate ] && categories=(--only-categories=accessibility)
# LIGHTHOUSE_PORT: another port, when 4391 is taken (a server already there would be measured
# instead of this build, so a server that could not listen stops the run)
port=${LIGHTHOUSE_PORT:-4391}
GZIP=1 node tests/e2e/serve.mjs "$dist" "$port" >/dev/null &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
if ! kill -0 "$server" 2>/dev/null; then
  echo "scripts/lighthouse.sh: could not serve $dist on port $port (in use? set LIGHTHOUSE_PORT)" >&2
  exit 1
fi
out=$(mktemp -d)
CHROME_PATH=/usr/bin/chromium tools/lighthouse/node_modules/.bin/lighthouse "http://127.0.0.1:$port/" \
  --quiet --form-factor=mobile --output=json --output-path="$out/report.json" "${categories[@]}" \
  --chrome-flags="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"
node -e '
const r = require(process.argv[1]);
for (const [k, c] of Object.entries(r.categories)) console.log(`${k}: ${Math.round(c.score * 100)}`);
for (const a of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"])
  if (r.audits[a]?.displayValue) console.log(`${a}: ${r.audits[a].displayValue}`);
' "$out/report.json"
if [ "$gate" = --accessibility-gate ]; then
  node -e '
const r = require(process.argv[1]);
const score = Math.round(r.categories.accessibility.score * 100);
if (score < 100) {
  for (const a of Object.values(r.audits)) if (a.score === 0) console.log(`failed: ${a.id}: ${a.title}`);
  console.error(`Lighthouse accessibility ${score}: the goal is 100`);
  process.exit(1);
}
' "$out/report.json"
fi
