// After wasm-split-cli (scripts/wasm-link.sh): the main module's function table, which the chunks
// import, is exported again under a name of our own. wasm-bindgen drops the export LLD's name
// `__indirect_function_table` (Trunk runs it without --keep-lld-exports), and the chunks could
// not then reach the table; the loader (__wasm_split.js) reads it under the new name.
// Usage: node scripts/wasm-split-table.mjs MAIN.wasm LOADER.js
import { readFileSync, writeFileSync } from 'node:fs';
import { leb, uleb } from './wasm-names.mjs';

const [wasmPath, loaderPath] = process.argv.slice(2);
const from = '__indirect_function_table';
const to = '__wasm_split_table';
const wasm = readFileSync(wasmPath);
const parts = [wasm.subarray(0, 8)];
let renamed = 0;
for (let at = 8; at < wasm.length;) {
  const id = wasm[at];
  const [size, body] = uleb(wasm, at + 1);
  const end = body + size;
  if (id !== 7) {
    parts.push(wasm.subarray(at, end));
    at = end;
    continue;
  }
  let [n, p] = uleb(wasm, body);
  const entries = [leb(n)];
  for (let i = 0; i < n; i++) {
    const [length, nameAt] = uleb(wasm, p);
    const name = wasm.subarray(nameAt, nameAt + length).toString('utf8');
    const [, after] = uleb(wasm, nameAt + length + 1);
    const kept = name === from ? (renamed++, to) : name;
    const bytes = Buffer.from(kept, 'utf8');
    entries.push(leb(bytes.length), bytes, wasm.subarray(nameAt + length, after));
    p = after;
  }
  const newBody = Buffer.concat(entries);
  parts.push(Buffer.from([7]), leb(newBody.length), newBody);
  at = end;
}
if (renamed !== 1) {
  console.error(`wasm-split-table: ${wasmPath} exports no ${from}`);
  process.exit(1);
}
writeFileSync(wasmPath, Buffer.concat(parts));
const loader = readFileSync(loaderPath, 'utf8');
const destructured = /const \{ __indirect_function_table,/;
if (!destructured.test(loader)) {
  console.error(`wasm-split-table: ${loaderPath} does not read ${from} as expected`);
  process.exit(1);
}
writeFileSync(loaderPath, loader.replace(destructured, `const { ${to}: ${from},`));
