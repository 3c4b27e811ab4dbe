// The built site's wasm and its glue, as the post-build leaves them (scripts/wasm-names.mjs): the
// names they share are short, both sides agree, and nothing the browser never reads is shipped.
// Every journey of this suite starts the game from these two files, so a mismatch would fail
// them all; this says what went wrong, and notices a wasm-bindgen whose glue is no longer
// shortened (its names' hashes are ~5 KB of the first load's gzip).
import { test, expect } from '@playwright/test';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shortenNames } from '../../../scripts/wasm-names.mjs';

const dist = fileURLToPath(new URL('../../../dist', import.meta.url));
const built = () => {
  const wasmName = readdirSync(dist).find((f) => f.endsWith('_bg.wasm'));
  return {
    wasm: readFileSync(join(dist, wasmName)),
    js: readFileSync(join(dist, wasmName.replace(/_bg\.wasm$/, '.js')), 'utf8'),
    // the loader of the wasm chunks in lazy/ (scripts/wasm-link.sh), which the glue imports
    loader: readFileSync(join(dist, '__wasm_split.js'), 'utf8'),
  };
};
const splitModule = './__wasm_split.js';

test('the wasm imports its glue by short names, each a key of the glue\'s import object', async ({}, info) => {
  test.skip(info.project.name !== 'desktop', 'the built files are the same for every viewport');
  const { wasm, js, loader } = built();
  const module = new WebAssembly.Module(wasm);
  const all = WebAssembly.Module.imports(module);
  // a chunk's load function, from the chunks' loader, which exports it by that name
  const loads = all.filter((i) => i.module === splitModule);
  expect(loads.length).toBeGreaterThan(0);
  for (const { name } of loads) expect(loader).toContain(`export const ${name}=`);
  const imports = all.filter((i) => i.module !== splitModule);
  expect(imports.length).toBeGreaterThan(100);
  expect(new Set(imports.map((i) => i.module))).toEqual(new Set(['m']));
  expect(js.match(/[{,]m:[\w$]+[,}]/g)).toHaveLength(1);
  for (const { name } of imports) {
    expect(name).toMatch(/^[a-zA-Z]{1,2}$/);
    expect(js.match(new RegExp(`[{,]${name}:function\\b`, 'g')), name).toHaveLength(1);
  }
  expect(new Set(imports.map((i) => i.name)).size).toBe(imports.length);
  expect(js).not.toMatch(/__wbg_\w+_[0-9a-f]{16}\b/);
});

test('the wasm exports only what the glue calls, by short names, and what the chunks share, and carries no custom section', async ({}, info) => {
  test.skip(info.project.name !== 'desktop', 'the built files are the same for every viewport');
  const { wasm, js, loader } = built();
  const module = new WebAssembly.Module(wasm);
  const all = WebAssembly.Module.exports(module).map((e) => e.name);
  expect(all).toContain('memory');
  // the function table and the globals the chunks import, read by the chunks' loader by name
  const shared = all.filter((name) => name.startsWith('__wasm_split_'));
  expect(shared).toContain('__wasm_split_table');
  for (const name of shared) expect(loader).toMatch(new RegExp(`\\b${name}\\b`));
  const exports = all.filter((name) => !shared.includes(name));
  for (const name of exports) {
    expect(name === 'memory' || /^x[a-zA-Z]{1,2}$/.test(name), name).toBe(true);
    expect(js.match(new RegExp(`\\.${name}\\b`, 'g'))?.length ?? 0, name).toBeGreaterThan(0);
  }
  expect(js).not.toMatch(/\b(__wbindgen_\w+|wasm_bindgen__\w+)/);
  for (const section of ['producers', 'target_features', 'name']) {
    expect(WebAssembly.Module.customSections(module, section), section).toHaveLength(0);
  }
});

test('shortening the built files again changes nothing', async ({}, info) => {
  test.skip(info.project.name !== 'desktop', 'the built files are the same for every viewport');
  const { wasm, js, loader } = built();
  const again = shortenNames(wasm, js, loader);
  expect(again.renamed).toBe(0);
  expect(again.js).toBe(js);
  expect(Buffer.compare(again.wasm, wasm)).toBe(0);
});

// scripts/first-load.sh counts every file of dist/ but lazy/ and the three install icons, which a
// browser fetches only to put the game on a home screen (and the service worker keeps for
// offline, after the first screen). A first visit that asked for one of them before its first
// screen would make that count too low.
const installIcons = ['icon-512.png', 'icon-maskable-512.png', 'apple-touch-icon.png'];

test('a first visit asks for no install icon before its first screen', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'the same files load at every width');
  const asked = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname.replace(/^\//, '')));
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Play', exact: true })).toBeVisible();
  // the first screen's own files were asked for, so the listener saw the load
  expect(asked.some((file) => file.endsWith('_bg.wasm'))).toBe(true);
  expect(asked).toContain('icon-192.png');
  for (const icon of installIcons) {
    expect(readdirSync(dist), icon).toContain(icon);
    expect(asked, icon).not.toContain(icon);
  }
});
