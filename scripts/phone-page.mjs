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

/** `dist` served and opened at a phone's size: { host, browser, page, cdp }, once `ready` (run
 * in the page) is true: by default once the game's tabs show. The page is driven
 * by `page.evaluate` and raw input only, never a Playwright locator: a locator installs
 * Playwright's injected script, whose capture listeners for pointer, mouse and click events then
 * run on every tap (~3–5 ms of main-thread work a tap at 4× slowdown, which these scripts would
 * count as the game's). */
export async function openPhone(dist, ready = () => !!document.querySelector('[role=tablist]')) {
  const host = staticHost(dist, '/');
  const url = await host.listen();
  const browser = await chromium.launch(chromiumLaunch);
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const cdp = await page.context().newCDPSession(page);
  await page.goto(url);
  await until(page, ready);
  return { host, browser, page, cdp };
}

/** Waits until `fn` (run in the page) returns something true. */
export async function until(page, fn, arg) {
  for (let i = 0; i < 400; i++) {
    if (await page.evaluate(fn, arg)) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`timed out waiting for ${fn}`);
}

/** A button by its text. */
export const button = (text) => ({ css: 'button', text });

/** Finds `target` in the page — a CSS selector, or { css, text }: the first match with that text —
 * and clicks it (`click`: setting up, not measured) or else returns its centre on screen,
 * scrolled into view first if it is not wholly in it (on a phone the board pans inside its box). */
async function reach(page, target, click) {
  const at = await page.evaluate(([target, click]) => {
    const { css, text } = typeof target === 'string' ? { css: target } : target;
    const el = [...document.querySelectorAll(css)].find((e) => text === undefined || e.textContent.trim() === text);
    if (!el) return null;
    if (click) return el.click() ?? {};
    const r0 = el.getBoundingClientRect();
    if (r0.top < 0 || r0.bottom > innerHeight || r0.left < 0 || r0.right > innerWidth) {
      el.scrollIntoView({ block: 'center', inline: 'center' });
    }
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  }, [target, click]);
  if (!at) throw new Error(`not on the page: ${JSON.stringify(target)}`);
  return at;
}
/** Clicks `target` from script (setting up; not a measured tap). */
export const press = (page, target) => reach(page, target, true);
/** The centre of `target` on screen, for a raw tap. */
export const centre = (page, target) => reach(page, target, false);

/** `record` saved in its slot, the page reloaded and the game resumed to its board. */
export async function resume(page, record) {
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`molscrab.save.${record.kind}`, asJson(record)]);
  await page.reload();
  await until(page, () => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Resume game'));
  await press(page, button('Resume game'));
  await until(page, () => !!document.querySelector('.board'));
}

/** A rack tile showing `symbol`, and the board's square at (row, col), as CSS selectors. */
export const rackTile = (symbol) => `.rack button[data-symbol="${symbol}"]`;
export const square = (r, c) => `.board [data-row="${r}"][data-col="${c}"]`;

/** The median of `xs` (the mean of the middle two when they are even in number). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Starts recording every change the page's DOM goes through (MutationObserver), for
 * [`replayOnTitle`]. */
export const recordChanges = (page) => page.evaluate(() => {
  window.__changes = [];
  window.__recorder = new MutationObserver((ms) => window.__changes.push(...ms));
  window.__recorder.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true, attributeOldValue: true, characterDataOldValue: true });
});

/** Stops the recording, undoes what it recorded (the page's DOM is as it was before it, the
 * game's own state is not) and makes a tap on the title redo it all at once by a bare listener
 * while `window.__replay` is true; `window.__undo()` undoes it again. Returns the number of
 * changes. A yardstick: what the browser alone needs to show those changes. */
export const replayOnTitle = (page) => page.evaluate(() => {
  window.__recorder.disconnect();
  const steps = window.__changes.map((m) => ({ m, after: m.type === 'attributes' ? m.target.getAttribute(m.attributeName) : m.type === 'characterData' ? m.target.data : undefined }));
  // an attribute's or a text's value after each change is the next change's old value of it
  steps.forEach((s, i) => {
    const { m } = s;
    const next = steps.slice(i + 1).find(({ m: n }) => n.type === m.type && n.target === m.target && n.attributeName === m.attributeName);
    if (next && m.type !== 'childList') s.after = next.m.oldValue;
  });
  const set = (m, value) => {
    if (m.type === 'characterData') m.target.data = value;
    else if (value === null) m.target.removeAttribute(m.attributeName);
    else m.target.setAttribute(m.attributeName, value);
  };
  // where the added nodes went: before their next sibling, else after their previous one
  const at = (m) => (m.nextSibling?.parentNode === m.target ? m.nextSibling : m.previousSibling?.parentNode === m.target ? m.previousSibling.nextSibling : null);
  const undo = ({ m }) => {
    if (m.type !== 'childList') return set(m, m.oldValue);
    for (const a of m.addedNodes) a.remove();
    for (const r of m.removedNodes) m.target.insertBefore(r, at(m));
  };
  const redo = ({ m, after }) => {
    if (m.type !== 'childList') return set(m, after);
    for (const r of m.removedNodes) r.remove();
    for (const a of m.addedNodes) m.target.insertBefore(a, at(m));
  };
  window.__undo = () => [...steps].reverse().forEach(undo);
  window.__undo();
  document.querySelector('.masthead h1').addEventListener('click', () => { if (window.__replay) steps.forEach(redo); });
  return steps.length;
});
