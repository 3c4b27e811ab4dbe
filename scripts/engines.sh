#!/usr/bin/env bash
# The player's journey in Safari's engine and in Firefox (tests/engines/journey.mjs), over W3C
# WebDriver: WebKitGTK's MiniBrowser driven by WebKitWebDriver, and Firefox ESR driven by geckodriver.
# Installs, only where missing, what it needs, from the package registries only (no browser download):
#   Debian: webkit2gtk-driver (MiniBrowser and WebKitWebDriver; about 1 minute), firefox-esr, xvfb
#   crates.io: geckodriver (cargo install; about 5 minutes)
#   npm: selenium-webdriver (tests/engines/package-lock.json; seconds)
# Usage: scripts/engines.sh [DIST] [webkit|firefox|chromium]…   (DIST defaults to dist; webkit and
#        firefox by default; chromium, Debian's with chromedriver, runs the same journey to compare)
#        SHOTS=DIR scripts/engines.sh dist   also saves the game at 1280 and 375 px wide per engine
# Idempotent: a second run checks and installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

say() { printf '\033[1m[engines]\033[0m %s\n' "$*"; }

geckodriver_version=0.37.1   # builds with this machine's rustc; drives Firefox ESR 140 and later

packages=()
[ -x /usr/bin/WebKitWebDriver ] || packages+=(webkit2gtk-driver)
[ -x /usr/bin/firefox-esr ] || packages+=(firefox-esr)
[ -x /usr/bin/xvfb-run ] || packages+=(xvfb)
[ -x /usr/bin/xauth ] || packages+=(xauth)
if [ ${#packages[@]} -gt 0 ]; then
  say "installing Debian ${packages[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q "${packages[@]}"
fi

if [ "$(geckodriver --version 2>/dev/null | awk 'NR == 1 { print $2 }')" != "$geckodriver_version" ]; then
  say "installing geckodriver $geckodriver_version from crates.io (about 5 minutes)"
  cargo install geckodriver --version "$geckodriver_version" --locked --force
fi

if [ ! -d tests/engines/node_modules/selenium-webdriver ]; then
  say "installing selenium-webdriver (tests/engines)"
  npm ci --prefix tests/engines --no-audit --no-fund
fi

dist=${1:-dist}
[ $# -gt 0 ] && shift
# MiniBrowser needs a display: a virtual one, large enough for a 1280 px window, in true colour
exec xvfb-run -a -s '-screen 0 1600x1600x24 -nolisten tcp' node tests/engines/journey.mjs "$dist" "$@"
