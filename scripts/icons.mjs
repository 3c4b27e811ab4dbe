#!/usr/bin/env node
// Renders the PNG icons of the web app manifest from public/favicon.svg with headless Chromium
// (the Playwright of tests/e2e). Then, if Debian's `pngquant` is installed, it makes them
// 12-colour palette PNGs (the icon is two flat colours and their anti-aliased edges: 12 keep the
// edges smooth at a quarter of the full-colour bytes; every byte counts, the worker precaches them). The PNGs are
// committed: the build never runs this. Rerun it (`make icons`) after changing the favicon.
//   icon-192.png, icon-512.png   the favicon as it is (transparent rounded corners)
//   icon-maskable-512.png        full-bleed, the tile inside the maskable safe zone (80 % circle)
//   apple-touch-icon.png (180)   full-bleed too: iOS rounds the corners itself
import { createRequire } from 'node:module';
import { readFileSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

const svg = readFileSync(new URL('../public/favicon.svg', import.meta.url), 'utf8');
const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
const background = '#1d3557'; // the favicon's own edge colour, and the manifest's theme colour
const icons = [
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
for (const { file, size, fullBleed } of icons) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // full bleed: the favicon at 75 % on its own colour, so its corners fall inside the safe zone
  const inner = fullBleed ? Math.round(size * 0.75) : size;
  await page.setContent(`<body style="margin:0;display:grid;place-items:center;width:${size}px;
    height:${size}px;background:${fullBleed ? background : 'transparent'}">
    <img src="${src}" width="${inner}" height="${inner}"></body>`);
  await page.waitForFunction(() => document.images[0].complete);
  const path = new URL(`../public/${file}`, import.meta.url).pathname;
  await page.screenshot({ path, omitBackground: !fullBleed });
  await page.close();
  const quantized = spawnSync('pngquant', ['--speed=1', '--strip', '--force', '--output', path,
    '12', path]).status === 0;
  // then Debian's `zopflipng` (package zopfli), if installed, packs it tighter: ~100 bytes of
  // icon-512, the same image (only fully transparent pixels' colours may change)
  const zopfli = spawnSync('zopflipng', ['-m', '--iterations=50', '--filters=01234mepb',
    '--lossy_transparent', '-y', path, path]).status === 0;
  console.log(`public/${file} (${size}×${size}, ${statSync(path).size} bytes` +
    `${quantized ? ', pngquant' : ', full colour: install pngquant for half the size'}` +
    `${zopfli ? ', zopflipng' : ''})`);
}
await browser.close();
