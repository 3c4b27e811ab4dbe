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
// TASKS=ms also lists, load by load, each task longer than ms and what took its time.
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
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
    const runTasks = onMain.filter((e) => e.name === 'RunTask');
    const tasks = runTasks.map((e) => e.dur / 1000);
    if (process.env.TASKS) console.log(build.dist, tasksOver(runTasks, onMain, Number(process.env.TASKS)));
    build.loads.push({
      all: tasks.reduce((sum, t) => sum + t, 0),
      longest: Math.max(...tasks),
      blocking: tasks.reduce((sum, t) => sum + Math.max(0, 4 * t - 50), 0),
    });
  }
}
await browser.close();

// TASKS=ms: each task longer than ms, from the load's first task, with what took its time (the
// events inside it summed by name, the largest eight): where a load's long tasks go
function tasksOver(runTasks, onMain, ms) {
  const start = Math.min(...runTasks.map((t) => t.ts));
  const wrappers = new Set(['ThreadControllerImpl::RunTask', 'BlinkScheduler_PerformMicrotaskCheckpoint']);
  return runTasks.filter((t) => t.dur / 1000 > ms).map((t) => {
    // nested events are counted in each (a profile's "total"); the scheduler's wrappers are not
    const inside = onMain.filter((e) => e !== t && !wrappers.has(e.name) && e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur);
    const by = {};
    for (const e of inside) {
      const name = e.name + (e.args?.data?.url ? ` ${e.args.data.url.split('/').pop().slice(0, 30)}` : '') + (e.args?.data?.functionName ? ` ${e.args.data.functionName}` : '');
      by[name] = (by[name] ?? 0) + e.dur / 1000;
    }
    const parts = Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, d]) => `${n} ${d.toFixed(1)}`).join(', ');
    return `\n  at ${((t.ts - start) / 1000).toFixed(0)} ms: ${(t.dur / 1000).toFixed(1)} ms (${parts})`;
  }).join('');
}
console.log(`cold loads at 375×812, full speed, ${runs} each (medians; builds taking turns)`);
console.log('| build | main-thread work | longest task | blocking time, 4× less 50 ms per task |');
console.log('| --- | --: | --: | --: |');
for (const { dist, host, loads } of builds) {
  const m = (key) => median(loads.map((l) => l[key])).toFixed(0);
  console.log(`| ${dist} | ${m('all')} ms | ${m('longest')} ms | ${m('blocking')} ms |`);
  host.server.close();
}
