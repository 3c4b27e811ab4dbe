#!/usr/bin/env bash
# Installs, only where missing, every tool the build needs, from the package registries only.
# Usage: scripts/tools.sh [--browser]   (--browser adds Chromium, chromedriver and Playwright)
# Idempotent: a second run checks versions and installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/tools/node_modules/.bin:$PATH"

say() { printf '\033[1m[tools]\033[0m %s\n' "$*"; }

# the wasm-bindgen-cli must equal the wasm-bindgen crate in Cargo.lock exactly
wb_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print }' Cargo.lock)
trunk_version=0.21.14   # 0.22 needs a newer rustc than this machine has

if ! grep -q "wasm_bindgen = \"$wb_version\"" Trunk.toml; then
  echo "Trunk.toml's [tools] wasm_bindgen does not equal Cargo.lock's wasm-bindgen $wb_version" >&2
  exit 1
fi

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$wb_version" ]; then
  say "installing wasm-bindgen-cli $wb_version (about 4 minutes)"
  # not --locked: its lockfile names a crate version the registry lacks
  cargo install wasm-bindgen-cli --version "$wb_version" --force
fi

if [ "$(trunk --version 2>/dev/null | awk '{print $2}')" != "$trunk_version" ]; then
  say "installing trunk $trunk_version (about 14 minutes)"
  cargo install trunk --version "$trunk_version" --locked --force
fi

# wasm-split-cli cuts the app's wasm at its split points as it is linked (scripts/wasm-link.sh);
# its version goes with Cargo.lock's wasm_split_helpers (0.2.x: the same names for split points)
split_version=0.2.4
if ! cargo install --list | grep -q "^wasm_split_cli_support v$split_version:"; then
  say "installing wasm-split-cli $split_version (about 3 minutes)"
  cargo install wasm_split_cli_support --version "$split_version" --features build-binary --locked --force
fi

# wasm-opt from npm's binaryen: Debian's v108 builds a page that stays blank; terser for the glue
if [ ! -x tools/node_modules/.bin/wasm-opt ] || [ ! -d tools/node_modules/terser ]; then
  say "installing wasm-opt (npm binaryen) and terser"
  npm ci --prefix tools --no-audit --no-fund
fi

if [ "${1:-}" = "--browser" ]; then
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    say "installing Debian chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q chromium chromium-driver
  fi
  if [ ! -d tests/e2e/node_modules/@playwright/test ] || [ ! -d tests/e2e/node_modules/axe-core ]; then
    say "installing Playwright and axe-core (no browser download: it drives /usr/bin/chromium)"
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --prefix tests/e2e --no-audit --no-fund
  fi
fi
say "tools ready"
