#!/usr/bin/env node
// Where a tap's main-thread time goes: like measure-taps.mjs (4× CPU slowdown, 375×812, a long
// self-played Solitaire game with its last play taken back), but each tap is traced (CDP Tracing,
// devtools.timeline) and the renderer main thread's events are summed by name: the handler
// (EventDispatch, FunctionCall), style, layout, pre-paint, paint, layerize, commit, hit testing.
// RunTask is all of it; the rest are parts of it, and some nest (FunctionCall in EventDispatch,
// HitTest in the event's handling), so they do not add up. Medians of ROUNDS taps, in ms at 4×
// slowdown; tracing costs time of its own, so the totals read higher than measure-taps.mjs's.
// Usage: [PAINTS=1] node scripts/trace-taps.mjs DIST RECORD.json [ROUNDS]   (`make trace-taps`)
import { button, centre, lastPlayTakenBack, openPhone, press, rackTile, readRecord, resume, square } from './phone-page.mjs';

const [dist = 'dist', recordPath, roundsArg = '3'] = process.argv.slice(2);
const rounds = Number(roundsArg);
const { start, last } = lastPlayTakenBack(readRecord(recordPath));

const { host, browser, page, cdp } = await openPhone(dist);
await resume(page, start);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

async function traced(fn) {
  const events = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await fn();
  await page.waitForTimeout(400);
  await cdp.send('Tracing.end');
  await done;
  cdp.removeAllListeners('Tracing.dataCollected');
  return events;
}
const NAMES = ['RunTask', 'EventDispatch', 'FunctionCall', 'TimerFire', 'FireAnimationFrame', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'HitTest', 'ParseHTML', 'MajorGC', 'MinorGC'];
function summary(events) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const on = events.filter((e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const sum = {};
  for (const n of NAMES) sum[n] = on.filter((e) => e.name === n).reduce((s, e) => s + (e.dur ?? 0), 0) / 1000;
  const dispatched = on.filter((e) => e.name === 'EventDispatch').map((e) => e.args?.data?.type).join(',');
  return { sum, dispatched };
}
const out = {};
const paints = {};
async function tap(kind, target) {
  const { x, y } = await centre(page, target);
  await page.waitForTimeout(150);
  const events = await traced(() => page.mouse.click(x, y));
  const { sum, dispatched } = summary(events);
  (out[kind] ??= []).push(sum);
  out[kind].events = dispatched;
  // what was painted, by node (Paint events nest: the document's holds its parts')
  paints[kind] = events.filter((e) => e.name === 'Paint' && e.ph === 'X')
    .map((e) => `${(e.dur / 1000).toFixed(1)} ms ${e.args?.data?.nodeName ?? '?'} ` +
      `(clip ${JSON.stringify(e.args?.data?.clip?.filter((_, i) => i === 2 || i === 5))})`);
}
for (let r = 0; r < rounds; r++) {
  await tap('nothing', '.masthead h1');
  const [first] = last.play;
  await tap('lift', rackTile(first.wild ? '?' : first.el));
  if (first.wild) await tap('wild', { css: '.wild-picker button', text: first.el });
  await tap('place', square(first.row, first.col));
  await tap('take back', square(first.row, first.col));
  await tap('recall', button('Recall tiles'));
}
for (const p of last.play) {
  await press(page, rackTile(p.wild ? '?' : p.el));
  if (p.wild) await press(page, { css: '.wild-picker button', text: p.el });
  await press(page, square(p.row, p.col));
}
await tap('submit', button('Submit formula'));
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
console.log(`| tap (median of ${rounds}, ms) | ${NAMES.join(' | ')} |`);
console.log(`| --- |${NAMES.map(() => ' --: |').join('')}`);
for (const [kind, xs] of Object.entries(out)) {
  console.log(`| ${kind} | ${NAMES.map((n) => median(xs.map((x) => x[n])).toFixed(1)).join(' | ')} |`);
}
// PAINTS=1: the last Submit's Paint events, by node (how a Submit's paint was found to be the
// notebook's whole scroll area)
if (process.env.PAINTS) for (const line of paints.submit ?? []) console.log(`submit paint: ${line}`);
await browser.close();
host.server.close();
