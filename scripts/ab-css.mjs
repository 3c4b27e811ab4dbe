#!/usr/bin/env node
// A stylesheet change tried on the built game before it is made: the taps of measure-taps (a
// tap on the title, lift, place, take back, lift, recall) late in a long game at 4× CPU
// slowdown, in one page, with the CSS given switched on and off between rounds (off, on, on,
// off, …), so that both read the same machine at the same time. Printed per tap: the median of
// each, and the median of the rounds' differences (on less off, each round against its twin).
// The page's content security policy (style-src 'self') refuses a <style> element added by
// script, and would make every variant read as "no change": the CSS goes in as a constructable
// stylesheet (document.adoptedStyleSheets), which it does not govern. Variants once added
// as <style> elements were never applied.
// Usage: node scripts/ab-css.mjs DIST RECORD.json ROUNDS 'CSS'   (`make ab-css CSS='…'`)
import { button, centre, lastPlayTakenBack, median, openPhone, rackTile, readRecord, resume, square } from './phone-page.mjs';

const [dist = 'dist', recordPath, roundsArg = '16', css = ''] = process.argv.slice(2);
if (!recordPath || !css) {
  console.error("usage: node scripts/ab-css.mjs DIST RECORD.json ROUNDS 'CSS'");
  process.exit(2);
}
const rounds = Number(roundsArg);
const { start, last } = lastPlayTakenBack(readRecord(recordPath));
const { host, browser, page, cdp } = await openPhone(dist);
await cdp.send('Performance.enable');
await resume(page, start);
const applied = await page.evaluate((css) => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  sheet.disabled = true;
  window.__variant = sheet;
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return sheet.cssRules.length;
}, css);
// a variant the browser could not read is no variant: say so rather than measure nothing
if (!applied) {
  console.error(`no rule of the CSS given could be read: ${css}`);
  process.exit(1);
}
const work = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
const taken = [{}, {}];
async function tap(on, name, target) {
  const { x, y } = await centre(page, target);
  await page.waitForTimeout(150);
  const before = await work();
  await page.mouse.click(x, y);
  await page.waitForTimeout(400);
  (taken[on][name] ??= []).push(((await work()) - before) * 1000);
}
const [first] = last.play;
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
for (let r = 0; r < rounds * 2; r++) {
  const on = (r + Math.floor(r / 2)) % 2;
  await page.evaluate((on) => { window.__variant.disabled = !on; }, on === 1);
  await page.waitForTimeout(300);
  await tap(on, 'title (the floor)', '.masthead h1');
  await tap(on, 'lift a rack tile', rackTile(first.el));
  await tap(on, 'place it on a square', square(first.row, first.col));
  await tap(on, 'take it back', square(first.row, first.col));
  await tap(on, 'lift it again', rackTile(first.el));
  await tap(on, 'recall tiles', button('Recall tiles'));
}
console.log(`CSS: ${css}\n${rounds} rounds each, 4× CPU slowdown, 375×812, ms of main-thread work`);
console.log('| tap | off | on | on less off (median of the rounds\' differences) |\n| --- | --: | --: | --: |');
for (const name of Object.keys(taken[0])) {
  const differences = taken[0][name].map((off, i) => taken[1][name][i] - off);
  const f = (x) => x.toFixed(1);
  console.log(`| ${name} | ${f(median(taken[0][name]))} | ${f(median(taken[1][name]))} | ${f(median(differences))} |`);
}
await browser.close();
host.server.close();
