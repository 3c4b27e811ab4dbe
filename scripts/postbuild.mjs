#!/usr/bin/env node
// Trunk's post_build hook (see Trunk.toml): finishes the staged build so it runs offline under a
// strict Content-Security-Policy. Nothing here is kept by hand; it is all read from the build.
//  1. index.html: the CSP's script-src gets the sha256 of each inline script (Trunk's wasm
//     loader), so scripts stay limited to this site's files plus exactly that loader. (A debug
//     build gets 'unsafe-inline' instead: `trunk serve` fills its live-reload script in as it
//     serves the page, so no hash made here could match; the rest of the policy still holds.)
// -1. the engine's worker wasm (crates/worker) is built and put beside its script in lazy/: the
//     files in lazy/ load after the game is on screen, so they are not part of the first load
//     (scripts/measure.mjs counts them apart), and the service worker precaches them like the rest.
//  0. release builds are minified: the wasm-bindgen glue (*.js beside a *_bg.wasm) and the worker
//     scripts with terser (from tools/), the stylesheets by dropping comments and spaces; and
//     index.html's integrity hashes for them are made anew (Trunk ships them as written: ~3.5 KB
//     more gzip); 0a. the names the wasm and its glue share are made short (wasm-names.mjs:
//     ~5 KB gzip). The worker keeps its /* precache:… */ markers, so step 2 can run again.
// 0b. the wasm is fetched after the first paint; 0c. index.html's comments and indentation are
//     dropped (below); the web app manifest is minified with the rest.
//  2. sw.js: the list of every file of the build with its SRI hash, and a version made from
//     them, so the worker precaches exactly this build (release builds only; a debug build for
//     `trunk serve` keeps the unbuilt worker, which removes itself).
// Usage: node scripts/postbuild.mjs [DIR]   DIR defaults to $TRUNK_STAGING_DIR. Running it again
// on a built directory redoes both steps from what is there (the update test relies on that).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shortenNames } from './wasm-names.mjs';

const dir = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('usage: node scripts/postbuild.mjs DIR   (or run by Trunk, with TRUNK_STAGING_DIR)');
  process.exit(2);
}
const release = process.env.TRUNK_PROFILE !== 'debug';
const sha = (algorithm, data) => createHash(algorithm).update(data).digest('base64');

// -1. the worker's wasm: built for speed in release (Cargo.toml's `worker` profile)
{
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const profile = release ? 'worker' : 'dev';
  execFileSync('cargo', ['build', '--quiet', '--profile', profile, '--target', 'wasm32-unknown-unknown',
    '-p', 'molscrab-worker'], { cwd: root, stdio: 'inherit' });
  const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
  const built = join(target, 'wasm32-unknown-unknown', release ? 'worker' : 'debug', 'molscrab_worker.wasm');
  mkdirSync(join(dir, 'lazy'), { recursive: true });
  copyFileSync(built, join(dir, 'lazy', 'engine.wasm'));
}

// -1b. the app's chunks (scripts/wasm-link.sh split them off at link time) into lazy/, optimised as
//      Trunk optimises the main module, and their loader beside the glue, which imports it
const splitLoader = '__wasm_split.js';
{
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const target = process.env.CARGO_TARGET_DIR ?? join(root, 'target');
  const split = join(target, 'wasm32-unknown-unknown', release ? 'release' : 'debug', 'wasm-split');
  const glue = readdirSync(dir).find((f) => f.endsWith('.js') && existsSync(join(dir, f.replace(/\.js$/, '_bg.wasm'))));
  if (!glue) fail('no wasm-bindgen glue (NAME.js beside NAME_bg.wasm) in the build');
  if (readFileSync(join(dir, glue), 'utf8').includes(splitLoader)) {
    if (!existsSync(join(split, splitLoader))) fail(`the glue imports ${splitLoader}, but ${split} has none`);
    let loader = readFileSync(join(split, splitLoader), 'utf8');
    const main = '"./molscrab-app.js"';
    if (!loader.includes(main)) fail(`${splitLoader} does not import ${main}`);
    loader = loader.replace(main, JSON.stringify(`./${glue}`));
    for (const chunk of readdirSync(split).filter((f) => f.endsWith('.wasm'))) {
      const from = `new URL("./${chunk}"`;
      if (!loader.includes(from)) fail(`${splitLoader} does not load ${chunk}`);
      loader = loader.replace(from, `new URL("./lazy/${chunk}"`);
      const out = join(dir, 'lazy', chunk);
      if (release) {
        const wasmOpt = join(root, 'tools', 'node_modules', '.bin', 'wasm-opt');
        execFileSync(wasmOpt, ['-Os', '--converge', '--strip-debug', '--enable-bulk-memory',
          '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals',
          '--enable-reference-types', '--enable-multivalue', join(split, chunk), '-o', out], { stdio: 'inherit' });
      } else copyFileSync(join(split, chunk), out);
    }
    // a chunk from the network, else from the service worker's precache: a first visit (not
    // yet under the worker, which has already kept every file) that lost its connection
    const fetches = (loader.match(/\bfetch\(new URL\(/g) ?? []).length;
    if (fetches !== readdirSync(split).filter((f) => f.endsWith('.wasm')).length) fail(`${splitLoader} fetches its chunks in an unknown way`);
    loader = loader.replace(/\bfetch\(new URL\(/g, 'fetchKept(new URL(') + `
function fetchKept(url) {
  return fetch(url).catch(async (error) => {
    const cached = self.caches && (await caches.match(url.href));
    if (!cached) throw error;
    return cached;
  });
}
`;
    writeFileSync(join(dir, splitLoader), loader);
  }
}

const htmlPath = join(dir, 'index.html');
let html = readFileSync(htmlPath, 'utf8');

// 0. minified, integrity hashes renewed (running it again on minified files is harmless)
if (release) {
  const require = createRequire(new URL('../tools/package.json', import.meta.url));
  const { minify } = require('terser');
  const names = readdirSync(dir);
  const renew = (name, code) => {
    writeFileSync(join(dir, name), code);
    const integrity = `sha384-${sha('sha384', code)}`;
    const link = new RegExp(`(<[^>]*${name.replace(/[.]/g, '\\.')}[^>]*\\bintegrity=")[^"]*(")`, 'g');
    html = html.replace(link, (_, open, close) => open + integrity + close);
  };
  for (const name of names.filter((f) => f.endsWith('.js') && names.includes(f.replace(/\.js$/, '_bg.wasm')))) {
    const { code } = await minify(readFileSync(join(dir, name), 'utf8'), { module: true, compress: true, mangle: true });
    if (!code) fail(`terser returned nothing for ${name}`);
    // 0a. the names between the wasm and its glue made short (scripts/wasm-names.mjs)
    const wasmName = name.replace(/\.js$/, '_bg.wasm');
    const loader = names.includes(splitLoader) ? readFileSync(join(dir, splitLoader), 'utf8') : '';
    const shortened = shortenNames(readFileSync(join(dir, wasmName)), code, loader);
    if (!WebAssembly.validate(shortened.wasm)) fail(`${wasmName} with short names is not valid wasm`);
    writeFileSync(join(dir, wasmName), shortened.wasm);
    renew(name, shortened.js);
  }
  for (const name of ['sw-register.js', 'sw.js', splitLoader].filter((f) => names.includes(f))) {
    const source = readFileSync(join(dir, name), 'utf8');
    // no compress for the worker: it would merge the block's constants with the next ones
    const compress = name !== 'sw.js';
    const { code } = await minify(source, { compress, mangle: true, format: { comments: /precache:/ } });
    // the worker's precache block must survive whole, or step 2 could not fill it (again)
    const block = /\/\* precache:start \*\/[\s\S]*?\/\* precache:end \*\//;
    if (!code || (block.test(source) && !block.test(code))) fail(`minifying ${name} lost its precache markers`);
    renew(name, code);
  }
  for (const name of names.filter((f) => f.endsWith('.css'))) {
    const css = readFileSync(join(dir, name), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};])\s*/g, '$1')
      .replace(/,\s+/g, ',')
      .replace(/;}/g, '}')
      .trim()
      // outside quoted strings only: no space after a declaration's colon (~50 bytes gzip);
      // ::before and ::after in their CSS 2 spelling (:before, :after, which every browser
      // reads); no space around a child combinator (`>` is nowhere else in this stylesheet)
      // nor after `@media` and `@supports`. Then, in attribute selectors alone
      // (`[name="word"]`, whose value is itself a quoted string), a value that is a plain word
      // unquoted ([aria-pressed=true])
      .split(/("[^"]*")/)
      .map((part, i) => (i % 2 ? part : part.replace(/:\s+/g, ':').replace(/::(before|after)/g, ':$1')
        .replace(/\s*>\s*/g, '>').replace(/@(media|supports) \(/g, '@$1(')))
      .join('')
      .replace(/(\[[a-z-]+=)"([a-z][a-z0-9-]*)"\]/g, '$1$2]');
    renew(name, css);
  }
  // the web app manifest without its layout (~40 bytes gzip); the browser reads it as JSON
  for (const name of names.filter((f) => f.endsWith('.webmanifest'))) {
    writeFileSync(join(dir, name), JSON.stringify(JSON.parse(readFileSync(join(dir, name), 'utf8'))));
  }
}

// 0b. the game's code is fetched once the first screen (index.html's masthead) is painted, not
//     beside the stylesheet: Trunk's preload of the wasm (~160 KB) is dropped and its loader waits a
//     frame. On a slow link the stylesheet then has the line to itself, and the first screen's
//     largest paint does not wait on the wasm: with the preload started before the first paint,
//     Lighthouse (mobile) put LCP at ~2.0 s in one run of four (~0.9 s otherwise). The wasm comes
//     a frame later; the service worker still checks every file against its hash (step 2).
const painted = 'await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));';
if (release && !html.includes(painted)) {
  const preload = /<link rel="preload" href="[^"]*_bg\.wasm"[^>]*>/;
  const start = /(\n *)(const wasm = await init\()/;
  if (!preload.test(html) || !start.test(html)) fail("Trunk's loader changed: no wasm preload or `const wasm = await init(`");
  html = html.replace(preload, '').replace(start, `$1${painted}$1$2`);
}

// 0c. index.html's comments (notes for us, Index.html keeps them), empty lines and indentation
//     are not shipped (before step 1, which hashes the inline script as it is then)
if (release) html = html.replace(/<!--[\s\S]*?-->\s*/g, '').replace(/\n\s+/g, '\n');

// 1. the inline scripts' hashes into the CSP (the release build is what ships and is tested)
const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
  .filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs))
  .map(([, , body]) => `'sha256-${sha('sha256', body)}'`);
const allowed = release ? inline : ["'unsafe-inline'"];
const cspMeta = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/i;
if (!cspMeta.test(html)) fail('index.html has no <meta http-equiv="Content-Security-Policy" content="…">');
html = html.replace(cspMeta, (_, open, policy, close) => {
  const directives = policy.split(';').map((d) => d.trim()).filter(Boolean).map((directive) => {
    const [name, ...sources] = directive.split(/\s+/);
    if (name !== 'script-src') return directive;
    const kept = sources.filter((s) => !s.startsWith("'sha256-") && s !== "'unsafe-inline'");
    return [name, ...kept, ...allowed].join(' ');
  });
  if (!directives.some((d) => d.startsWith('script-src '))) fail('the CSP has no script-src');
  return open + directives.join('; ') + close;
});
writeFileSync(htmlPath, html);

// 2. the precache list and version into the worker
const swPath = join(dir, 'sw.js');
const marked = /\/\* precache:start \*\/[\s\S]*?\/\* precache:end \*\//;
let sw = readFileSync(swPath, 'utf8');
if (!marked.test(sw)) fail('sw.js has no /* precache:start */ … /* precache:end */ block');
if (release) {
  const files = {};
  for (const file of walk(dir).sort()) {
    const name = relative(dir, file).split(sep).join('/');
    if (name !== 'sw.js') files[name] = `sha256-${sha('sha256', readFileSync(file))}`;
  }
  const version = createHash('sha256').update(JSON.stringify(files)).digest('hex').slice(0, 16);
  const list = JSON.stringify(files, null, 2);
  sw = sw.replace(marked, () =>
    `/* precache:start */\nconst VERSION = '${version}';\nconst FILES = ${list};\n/* precache:end */`);
  writeFileSync(swPath, sw);
  console.log(`postbuild: CSP allows ${inline.length} inline script(s); ` +
    `sw.js precaches ${Object.keys(files).length} files, version ${version}`);
} else {
  console.log("postbuild: debug build: CSP allows 'unsafe-inline' scripts; worker without precache");
}

function walk(d) {
  return readdirSync(d, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(d, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

function fail(message) {
  console.error(`postbuild: ${message}`);
  process.exit(1);
}
