#!/usr/bin/env node
// Screenshots for looking at a change: the built game (dist/) at 1280×800 and 375×812, on the
// Play tab and in a Solitaire game with a formula placed. Usage: node scripts/shots.mjs [DIST] [OUT]
// (`make shots`); the PNGs go to OUT (default target/shots), one per screen and size.
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { staticHost } from '../tests/e2e/serve.mjs';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const { chromiumLaunch } = await import('../tests/e2e/sites.js').catch(() => ({}));

const [dist = 'dist', out = 'target/shots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const server = staticHost(dist).server;
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const site = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch(chromiumLaunch ?? {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };
for (const [size, viewport] of Object.entries(sizes)) {
  const page = await browser.newPage({ viewport, hasTouch: size === 'phone', isMobile: size === 'phone' });
  await page.goto(site);
  await page.getByRole('tablist', { name: 'Sections' }).waitFor();
  await page.screenshot({ path: `${out}/play-${size}.png`, fullPage: true });
  await page.getByRole('button', { name: /Start Solitaire|New game|Start/ }).first().click();
  await page.locator('.board').waitFor();
  for (const col of [7, 8]) {
    await page.locator('.rack button[data-symbol]').nth(0).click();
    await page.locator(`.board [data-row="7"][data-col="${col}"]`).click();
  }
  await page.screenshot({ path: `${out}/game-${size}.png`, fullPage: true });
  await page.close();
}
await browser.close();
server.close();
console.log(`screenshots in ${out}/`);
