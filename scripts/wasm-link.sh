#!/usr/bin/env bash
# The linker of every wasm32 build (.cargo/config.toml): rust-lld, as rustc calls it. For the
# app (molscrab_app-*.wasm) it keeps the relocations, and where the app marks split points
# (built with `--features split`, as Index.html asks: src/ui/lazy.rs) wasm-split-cli (crate
# wasm_split_cli_support, installed by scripts/tools.sh) splits the linked module: the main
# module replaces the output, and each chunk and the JavaScript that loads them
# (__wasm_split.js) go to wasm-split/ beside the profile's output, where scripts/postbuild.mjs
# takes them into dist/ (the chunks into dist/lazy/). Every other link is rust-lld's alone.
set -euo pipefail
lld="$(rustc --print sysroot)/lib/rustlib/$(rustc -vV | sed -n 's/^host: //p')/bin/rust-lld"
out=""
prev=""
for arg in "$@"; do
  [ "$prev" = "-o" ] && out=$arg
  prev=$arg
done
case "$(basename "$out")" in
  molscrab_app-*.wasm) ;;
  *) exec "$lld" "$@" ;;
esac
"$lld" "$@" --emit-relocs
if grep -qa '__wasm_split_00' "$out"; then
  split=$(command -v wasm-split-cli || echo "$HOME/.cargo/bin/wasm-split-cli")
  dir="$(dirname "$out")/../wasm-split"
  rm -rf "$dir"
  mkdir -p "$dir"
  "$split" --target web --out-name molscrab-app "$out" "$dir" >&2
  mv "$dir/molscrab-app.wasm" "$out"
  node "$(dirname "$0")/wasm-split-table.mjs" "$out" "$dir/__wasm_split.js"
fi
