// What the measuring scripts (measure-taps, trace-taps, measure-computer) share: a self-played
// record read with its 64-bit seed kept exact, and the built game served and opened in headless
// Chromium at a phone's size (375×812, touch), its tabs on screen.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { staticHost } from '../tests/e2e/serve.mjs';
import { chromiumLaunch } from '../tests/e2e/sites.js';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');

/** A game record from `path`; its seed stays text (64 bits: more than a JavaScript number holds). */
export function readRecord(path) {
  return JSON.parse(readFileSync(path, 'utf8').replace(/"seed":\s*(\d+)/, '"seed":"$1"'));
}

/** A record as JSON, the seed back as a number. */
export const asJson = (record) => JSON.stringify(record).replace(/"seed":"(\d+)"/, '"seed":$1');

/** The game up to its last play, and that play (to be made again by taps). */
export function lastPlayTakenBack(whole) {
  const moves = [...whole.moves];
  while (moves.length && !moves[moves.length - 1].play) moves.pop();
  const last = moves.pop();
  if (!last) throw new Error('the record has no play to make again');
  return { start: { ...whole, moves }, last };
}

/** `dist` served and opened at a phone's size: { host, browser, page, cdp }. */
export async function openPhone(dist) {
  const host = staticHost(dist, '/');
  const url = await host.listen();
  const browser = await chromium.launch(chromiumLaunch);
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const cdp = await page.context().newCDPSession(page);
  await page.goto(url);
  await page.getByRole('tablist', { name: 'Sections' }).waitFor();
  return { host, browser, page, cdp };
}

/** `record` saved in its slot, the page reloaded and the game resumed to its board. */
export async function resume(page, record) {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`molscrab.save.${record.kind}`, asJson(record)]);
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await page.locator('.board').waitFor();
}
