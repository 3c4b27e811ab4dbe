#!/usr/bin/env node
// Measures the game against the floor (a Leptos hello world with a 15×15 grid, bench/floor/):
//  - size: every file of each build, gzip -9; all of them make the first load but lazy/ (the
//    engine's worker and its data, fetched after the first screen) and the install icons (fetched
//    only to put the game on a home screen), as scripts/first-load.sh counts it;
//  - speed: in headless Chromium, from navigation start to the 225th `button[data-row]` in the
//    page, the median of N cold loads (fresh profile: no HTTP cache, no service worker), the two
//    builds taking turns; and the game's repeat load, served by its service worker.
// Usage: node scripts/measure.mjs [APP_DIST] [FLOOR_DIST] [N]   (`make measure` builds both first)
import { createRequire } from 'node:module';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { staticHost } from '../tests/e2e/serve.mjs';
import { chromiumLaunch } from '../tests/e2e/sites.js';
import { workerReady } from '../tests/e2e/worker.js';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const [appDir = 'dist', floorDir = 'bench/floor/dist', runsArg = '15'] = process.argv.slice(2);
const runs = Number(runsArg);
const goalTotal = 180 * 1024;
const goalRatio = 3;
const kb = (bytes) => (bytes / 1024).toFixed(1);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => join(e.parentPath ?? e.path, e.name))
    .sort();
}

// one row per kind of file: html, js, wasm, css, icons, manifest, worker
function kindOf(name) {
  if (name === 'sw.js' || name === 'sw-register.js') return 'worker';
  if (/\.(png|svg|ico)$/.test(name)) return 'icons';
  if (name.endsWith('.webmanifest')) return 'manifest';
  return name.split('.').pop();
}

// fetched only to install the game (scripts/first-load.sh leaves them out too)
const INSTALL_ICONS = ['icon-512.png', 'icon-maskable-512.png', 'apple-touch-icon.png'];

function sizes(dir) {
  const kinds = {};
  let raw = 0;
  let gz = 0;
  const later = { raw: 0, gz: 0, n: 0 };
  for (const file of files(dir)) {
    const body = readFileSync(file);
    if (relative(dir, file).startsWith('lazy') || INSTALL_ICONS.includes(relative(dir, file))) {
      later.raw += body.length;
      later.gz += gzipSync(body, { level: 9 }).length;
      later.n += 1;
      continue;
    }
    const zipped = gzipSync(body, { level: 9 }).length;
    const kind = kindOf(relative(dir, file));
    kinds[kind] ??= { raw: 0, gz: 0, n: 0 };
    kinds[kind].raw += body.length;
    kinds[kind].gz += zipped;
    kinds[kind].n += 1;
    raw += body.length;
    gz += zipped;
  }
  return { kinds, raw, gz, later };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// the moment the 225th square exists, in ms since navigation start. The game opens on its Play
// menu: the watcher taps "Start solitaire" the moment it exists (a player with instant
// reflexes), so the figure covers the menu, a new game and the board. On the repeat load the
// first load's game is saved, and the watcher taps "Resume game" instead, as a returning
// player would (Start would first ask before replacing the save).
const boardWatch = () => {
  const seen = () => {
    if (window.boardAt === undefined && document.querySelectorAll('button[data-row]').length >= 225) {
      window.boardAt = performance.now();
    }
    if (window.boardAt === undefined && window.startedAt === undefined) {
      const buttons = [...document.querySelectorAll('button')];
      // Resume is built with the menu and hidden while there is no save
      const resume = buttons.find((b) => b.textContent === 'Resume game' && !b.hidden);
      const start = resume ?? buttons.find((b) => b.textContent === 'Start solitaire');
      if (start) {
        window.startedAt = performance.now();
        start.click();
      }
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
};

async function timeLoad(context, url, reload = false) {
  const page = reload ? context.pages()[0] : await context.newPage();
  if (reload) await page.reload();
  else await page.goto(url);
  await page.waitForFunction(() => window.boardAt !== undefined, null, { timeout: 30_000 });
  return page.evaluate(() => window.boardAt);
}

const app = sizes(appDir);
const floor = sizes(floorDir);

const browser = await chromium.launch(chromiumLaunch);
const appHost = staticHost(appDir, '/');
const floorHost = staticHost(floorDir, '/');
const appUrl = await appHost.listen();
const floorUrl = await floorHost.listen();
const times = { app: [], floor: [], repeat: [] };
let firstVisitBytes = 0; // what the host sent for one first visit, worker's precache included
const viewport = { width: 1280, height: 800 };
for (let i = 0; i < runs + 1; i++) {
  for (const [name, url] of [['floor', floorUrl], ['app', appUrl]]) {
    const context = await browser.newContext({ viewport });
    await context.addInitScript(boardWatch);
    const sentBefore = appHost.bytesSent;
    const ms = await timeLoad(context, url);
    if (name === 'app') {
      await workerReady(context.pages()[0]);
      firstVisitBytes = appHost.bytesSent - sentBefore;
      const repeat = await timeLoad(context, url, true);
      if (i > 0) times.repeat.push(repeat);
    }
    if (i > 0) times[name].push(ms); // the first round warms the machine's own caches
    await context.close();
  }
}
await browser.close();
await appHost.close();
await floorHost.close();

const rows = [...new Set([...Object.keys(floor.kinds), ...Object.keys(app.kinds)])];
const line = (cells) => `| ${cells.join(' | ')} |`;
console.log(`\nSize: every file of each build, gzip -9 (KB = 1024 bytes)\n`);
console.log(line(['files', 'game raw', 'game gzip', 'floor raw', 'floor gzip']));
console.log(line(['---', '--:', '--:', '--:', '--:']));
for (const kind of rows) {
  const a = app.kinds[kind];
  const f = floor.kinds[kind];
  console.log(line([`${kind}${a && a.n > 1 ? ` (${a.n})` : ''}`, a ? kb(a.raw) : '–', a ? kb(a.gz) : '–',
    f ? kb(f.raw) : '–', f ? kb(f.gz) : '–']));
}
console.log(line(['**total**', kb(app.raw), `**${kb(app.gz)}**`, kb(floor.raw), `**${kb(floor.gz)}**`]));
if (app.later.n) {
  console.log(line([`after the first screen: lazy/ and install icons (${app.later.n})`, kb(app.later.raw), kb(app.later.gz), '–', '–']));
}
const code = (b) => ['html', 'js', 'wasm', 'css'].reduce((sum, k) => sum + (b.kinds[k]?.gz ?? 0), 0);
console.log(line(['of which code (html, js, wasm, css)', '', kb(code(app)), '', kb(code(floor))]));
// the worker's precache revalidates (304) what the page has just fetched, so this stays near
// the build's size rather than twice it
console.log(`\nA first visit to the game, precache included, took ${kb(firstVisitBytes)} KB of file ` +
  `bodies from the host (uncompressed; the build is ${kb(app.raw)} KB).`);

const ratio = app.gz / floor.gz;
const ms = (xs) => `${median(xs).toFixed(0)} ms (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`;
console.log(`\nTime to an interactive board, headless Chromium ${viewport.width}×${viewport.height}, ` +
  `local server, median (min–max) of ${runs} loads\n`);
console.log(line(['load', 'game', 'floor']));
console.log(line(['---', '--:', '--:']));
console.log(line(['first (cold)', ms(times.app), ms(times.floor)]));
console.log(line(['repeat (service worker)', ms(times.repeat), '–']));
console.log(`\nGoals: total ${kb(app.gz)} KB gzip, goal ≤ ${kb(goalTotal)} KB: ` +
  `${app.gz <= goalTotal ? 'met' : 'MISSED'}; ${ratio.toFixed(2)}× the floor, goal ≤ ${goalRatio}×: ` +
  `${ratio <= goalRatio ? 'met' : 'MISSED'}`);
