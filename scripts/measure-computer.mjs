#!/usr/bin/env node
// The computer's moves, hints and hindsight on a slow phone: Chromium at 4× CPU slowdown (CDP
// Emulation.setCPUThrottlingRate), 375×812. Two figures:
//  - how long the engine's worker takes to answer each question (its own thread), median of 3,
//    on hard positions: a rack with two Wild Isotopes at the start, and a late position of a
//    long self-played game;
//  - the longest task on the page's own thread while a computer plays a turn in the game, from
//    the browser's Long Tasks API (tasks over 50 ms; none means the page never froze).
// With a third record (a game under the chemist's referee, RULES §11), the Professor's move and a
// hint are also timed under that referee, and the lexicon the worker hands the page.
// Usage: node scripts/measure-computer.mjs DIST LONG-GAME.json [CHEMIST-GAME.json]
//        (`make measure-computer`)
import { asJson, openPhone, readRecord } from './phone-page.mjs';

const [dist = 'dist', longPath, chemistPath] = process.argv.slice(2);
if (!longPath) {
  console.error('usage: node scripts/measure-computer.mjs DIST LONG-GAME.json [CHEMIST-GAME.json]');
  process.exit(2);
}
const slowdown = 4;
const long = readRecord(longPath);

// two Wild Isotopes in the computer's rack, the computer to move on an empty board
const wilds = {
  format: 'molscrab-game/1', kind: 'pass-and-play', theory: true, players: ['You', 'Professor'],
  computers: [null, 'expert'], first: 1, seed: 1,
  bag: 'H O C N Na Cl K ? ? H O C N Cl S S Mg Ca Fe O O H H C C N N'.split(' '), moves: [],
};
// late in the long game: the moves up to the last 4, a computer on the seat to move
const late = { ...long, moves: long.moves.slice(0, Math.max(0, long.moves.length - 4)), computers: long.players.map(() => 'expert') };
late.computers[0] = null;
if ((late.first + late.moves.length) % late.players.length === 0) late.moves.pop();

// the same positions under the chemist's referee: the wilds' rack, and late in a chemist's game
const chemistLong = chemistPath ? readRecord(chemistPath) : null;
const chemistLate = chemistLong && lateIn(chemistLong);
const chemistWilds = { ...wilds, theory: false, referee: 'chemist' };

function lateIn(game) {
  const at = { ...game, moves: game.moves.slice(0, Math.max(0, game.moves.length - 4)), computers: game.players.map(() => 'expert') };
  at.computers[0] = null;
  if ((at.first + at.moves.length) % at.players.length === 0) at.moves.pop();
  return at;
}

const { host, browser, page, cdp } = await openPhone(dist);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });

// one worker, as the game uses it; the first question pays for loading it
const ask = (question) => page.evaluate(async (text) => {
  window.engineWorker ??= new Worker('lazy/engine-worker.js');
  const w = window.engineWorker;
  const started = performance.now();
  const answer = await new Promise((resolve) => {
    w.onmessage = ({ data }) => resolve(data);
    w.postMessage(text);
  });
  return { ms: performance.now() - started, ok: !JSON.parse(answer).error, answer: answer.slice(0, 120) };
}, question);

const load = await ask(JSON.stringify({ id: 0, op: 'can-play', record: JSON.parse(asJson(wilds)) }));
const rows = [['first question (loads the worker, its wasm and the names table)', load.ms]];
const questions = [];
for (const level of ['novice', 'greedy', 'expert']) {
  questions.push([`${level} move, two Wild Isotopes in the rack`, { op: 'move', level, record: wilds }]);
  questions.push([`${level} move, late in a ${long.moves.length}-move game`, { op: 'move', level, record: late }]);
}
questions.push(['hint, two Wild Isotopes', { op: 'show-hint', record: { ...wilds, computers: null } }]);
questions.push([`hindsight over the whole ${long.moves.length}-move game`, { op: 'hindsight', record: long }]);
if (chemistLong) {
  const n = chemistLong.moves.length;
  questions.push(['chemist\'s referee: Professor move, two Wild Isotopes in the rack', { op: 'move', level: 'expert', record: chemistWilds }]);
  questions.push([`chemist's referee: Professor move, late in a ${n}-move game`, { op: 'move', level: 'expert', record: chemistLate }]);
  questions.push(['chemist\'s referee: hint, two Wild Isotopes', { op: 'show-hint', record: { ...chemistWilds, computers: null } }]);
  questions.push([`chemist's referee: hint, late in a ${n}-move game`, { op: 'show-hint', record: { ...chemistLate, computers: null } }]);
  questions.push(['chemist\'s referee: the lexicon as text, for the page', { op: 'lexicon' }]);
}
for (const [name, q] of questions) {
  const times = [];
  for (let i = 0; i < 3; i += 1) {
    const r = await ask(asJson({ id: i + 1, ...q }));
    if (!r.ok) throw new Error(`${name}: ${r.answer}`);
    times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  rows.push([name, times[1]]);
}

// a computer's turn in the game itself: the page's longest task meanwhile
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
await page.evaluate(([k, v]) => { localStorage.clear(); localStorage.setItem(k, v); }, ['molscrab.save.pass-and-play', asJson(wilds)]);
await page.reload();
// a game against one computer is resumed from the Play tab's Against the computer card
const resume = page.locator('section[aria-labelledby="computer-h"]').getByRole('button', { name: 'Resume game' });
await resume.waitFor();
await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
await resume.click();
// from "Professor is thinking…" (the game on screen) to its move on the board and in the notebook
await page.locator('.whose', { hasText: 'is thinking' }).waitFor();
await page.evaluate(() => {
  window.longTasks = [];
  new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration)))
    .observe({ type: 'longtask', buffered: false });
});
await page.locator('.notebook .entry').first().waitFor({ timeout: 120_000 });
await page.waitForTimeout(500);
const longTasks = await page.evaluate(() => window.longTasks);

await browser.close();
await host.close();
console.log(`\nThe engine's worker at ${slowdown}× CPU slowdown, 375×812 (median of 3, ms)\n`);
console.log('| question | answered in |');
console.log('| --- | --: |');
for (const [name, ms] of rows) console.log(`| ${name} | ${ms.toFixed(0)} ms |`);
const worst = longTasks.length ? Math.max(...longTasks) : 0;
console.log(`\nThe page's own thread from "Professor is thinking…" to its move shown: ` +
  `${longTasks.length} task(s) over 50 ms${longTasks.length ? `, the longest ${worst.toFixed(0)} ms` : ''}.`);
