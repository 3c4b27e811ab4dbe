#!/usr/bin/env node
// The main thread's work as the page loads, cold (fresh context, no cache, no worker) at a phone's
// size, at full speed, traced by Chromium: each build's median over RUNS loads, builds taking
// turns load by load. Beside the total and the longest task, a blocking time in Lighthouse's
// manner: Lighthouse's mobile run simulates a 4× slower CPU from a trace like this one, and its
// total blocking time sums each long task's time over 50 ms; here each task's time ×4, less
// 50 ms, from navigation to 2.5 s after it (Lighthouse counts from the first paint, so this
// reads higher, and moves with the same tasks). `make lighthouse` is the real thing; this is
// steadier, for comparing two builds (one Lighthouse run's TBT moves by ±100 ms here).
// Usage: node scripts/measure-load.mjs DIST [DIST…] RUNS   (`make measure-load`)
import { createRequire } from 'node:module';
import { staticHost } from '../tests/e2e/serve.mjs';
import { chromiumLaunch } from '../tests/e2e/sites.js';
import { median } from './phone-page.mjs';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const args = process.argv.slice(2);
const runs = Number(args.pop());
if (!args.length || !(runs > 0)) {
  console.error('usage: node scripts/measure-load.mjs DIST [DIST…] RUNS');
  process.exit(2);
}
const builds = await Promise.all(args.map(async (dist) => {
  const host = staticHost(dist, '/');
  return { dist, host, url: await host.listen(), loads: [] };
}));
const browser = await chromium.launch(chromiumLaunch);
for (let run = 0; run < runs; run++) {
  for (const build of run % 2 ? [...builds].reverse() : builds) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...e.value));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel', transferMode: 'ReportEvents' });
    await page.goto(build.url);
    await page.waitForTimeout(2500);
    await cdp.send('Tracing.end');
    await done;
    await context.close();
    const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
    const tasks = events
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name === 'RunTask')
      .map((e) => e.dur / 1000);
    build.loads.push({
      all: tasks.reduce((sum, t) => sum + t, 0),
      longest: Math.max(...tasks),
      blocking: tasks.reduce((sum, t) => sum + Math.max(0, 4 * t - 50), 0),
    });
  }
}
await browser.close();
console.log(`cold loads at 375×812, full speed, ${runs} each (medians; builds taking turns)`);
console.log('| build | main-thread work | longest task | blocking time, 4× less 50 ms per task |');
console.log('| --- | --: | --: | --: |');
for (const { dist, host, loads } of builds) {
  const m = (key) => median(loads.map((l) => l[key])).toFixed(0);
  console.log(`| ${dist} | ${m('all')} ms | ${m('longest')} ms | ${m('blocking')} ms |`);
  host.server.close();
}
