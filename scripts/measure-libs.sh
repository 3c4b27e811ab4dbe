#!/usr/bin/env bash
# What a well-kept crate would cost the page (docs/PERFORMANCE.md, libraries by measure): builds
# bench/libs once per feature as the game is built (release, wasm-bindgen, wasm-opt -Os), and
# prints each build's wasm and glue, gzip -9, and what it adds to the empty page (`none`).
# Usage: scripts/measure-libs.sh   (`make measure-libs`)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PWD/tools/node_modules/.bin:$PATH"
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
base=0
printf '%-14s %10s %10s\n' feature 'gzip -9' 'over none'
for feature in none json-own json-serde storage-own storage-gloo; do
  (cd bench/libs && cargo build --quiet --release --target wasm32-unknown-unknown --features "$feature")
  rm -rf "$out/$feature"
  wasm-bindgen --target web --out-dir "$out/$feature" --out-name libs \
    bench/libs/target/wasm32-unknown-unknown/release/molscrab_libs.wasm
  wasm-opt -Os --converge --strip-debug --enable-bulk-memory --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$out/$feature/libs_bg.wasm" -o "$out/$feature/libs_bg.wasm"
  bytes=$(( $(gzip -9c "$out/$feature/libs_bg.wasm" | wc -c) + $(gzip -9c "$out/$feature/libs.js" | wc -c) ))
  [ "$feature" = none ] && base=$bytes
  printf '%-14s %10d %10d\n' "$feature" "$bytes" $((bytes - base))
done
