#!/usr/bin/env node
// The game's first screen as fixed markup, with no script: the browser's own cost of showing
// it (parsing, style, layout, paint), the yardstick beside the Leptos floor for
// `make measure-load`. Loads DIST at 375×812 (no service worker), waits for the Play tab to be
// written whole, and writes the page as it then is, scripts and preloads taken out, with the
// stylesheet and icons it names, into OUT.
// Usage: node scripts/static-screen.mjs DIST OUT
import { createRequire } from 'node:module';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { staticHost } from '../tests/e2e/serve.mjs';
import { chromiumLaunch } from '../tests/e2e/sites.js';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const [dist, out] = process.argv.slice(2);
if (!dist || !out) {
  console.error('usage: node scripts/static-screen.mjs DIST OUT');
  process.exit(2);
}
const host = staticHost(dist, '/');
const url = await host.listen();
const browser = await chromium.launch(chromiumLaunch);
try {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(url);
  // the last part of the first build, and the worker's answers in
  await page.getByRole('heading', { name: 'Personal bests' }).waitFor();
  await page.waitForTimeout(1000);
  const html = await page.evaluate(() => {
    for (const gone of document.querySelectorAll('script, link[rel=modulepreload], link[rel=preload]')) gone.remove();
    return `<!doctype html>\n${document.documentElement.outerHTML}`;
  });
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'index.html'), html);
  for (const file of readdirSync(dist)) {
    if (/\.(css|png|webmanifest)$/.test(file)) copyFileSync(join(dist, file), join(out, file));
  }
  console.log(`static-screen: ${out}/index.html, ${html.length} characters`);
} finally {
  await browser.close();
  host.server.close();
}
