#!/usr/bin/env bash
# The first load's size, as docs/PERFORMANCE.md counts it: every file of the built site but lazy/ (those
# load after the game is on screen) and the three install icons (icon-512.png, icon-maskable-512.png,
# apple-touch-icon.png: a browser fetches them only to put the game on a home screen, and
# tests/e2e/specs/build.spec.js checks that no first visit asks for them), each gzip -9, summed. Fails when it is over the budget of
# 256 KB (262,144 bytes), the house rule for what a player's first visit downloads.
# Usage: scripts/first-load.sh [DIST]   (`make first-load`, part of `make test`)
set -euo pipefail
dist=${1:-dist}
budget=262144
[ -f "$dist/index.html" ] || { echo "scripts/first-load.sh: no build in $dist" >&2; exit 2; }
total=0
while IFS= read -r -d '' file; do
  total=$((total + $(gzip -9c "$file" | wc -c)))
done < <(find "$dist" -type f ! -path "$dist/lazy/*" ! -name icon-512.png ! -name icon-maskable-512.png \
  ! -name apple-touch-icon.png -print0)
if [ "$total" -gt "$budget" ]; then
  echo "first load: $total bytes gzip -9, over the budget of $budget by $((total - budget))" >&2
  exit 1
fi
echo "first load: $total bytes gzip -9 ($((budget - total)) under the budget of $budget)"
