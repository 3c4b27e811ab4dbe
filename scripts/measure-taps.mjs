#!/usr/bin/env node
// Main-thread work per tap late in a long game, on a slow phone: Chromium at 4× CPU slowdown
// (CDP Emulation.setCPUThrottlingRate), the game resumed from a long self-played Solitaire game
// with its last play taken back, then the player's taps: lift a rack tile, place it, take it
// back, recall; and the last play made again and submitted, as often, the game resumed afresh
// before each Submit (it leaves the rack stuck, which the page then says), and the play before
// it likewise (after it the rack can play on: the usual Submit); and each of the two again after a
// Submit in the same page, as a player late in a game makes it.
// Work is Chromium's own count (CDP Performance.getMetrics TaskDuration: the wall-clock time of
// the renderer's main-thread tasks) from just before a tap until the page has gone quiet, so it
// covers the event, the Rust handler, the page update, the paint and the save. Beside it, the
// same less the floor: the median of a tap on the page's title, which runs no code of ours (the
// input event, hit testing, text selection, a frame). (The thread's CPU time, ThreadTime, is no
// help here: under CPU throttling it counts the throttler's own waiting, ~300 ms a tap.) Taps
// are raw mouse events at points computed beforehand, and the page is never touched by a
// Playwright locator (phone-page.mjs), so no test-tool code runs in the page between the two
// readings: a locator's injected script listens to every pointer, mouse and click event, and
// would be counted in every row here, ~3–5 ms a tap.
// Beside the usual Submit, its changes to the page (recorded with a MutationObserver) made again
// by a bare listener on the title: what the browser alone needs to show them.
// After the game, in a browser of its own, what any page pays here for a tap: bench/bare-tap/, a
// page with a title and one button whose listener writes a letter into it (no framework, no
// stylesheet), tapped as often at the same slowdown and size.
// Usage: node scripts/measure-taps.mjs DIST RECORD.json [ROUNDS]   (`make measure-taps`)
import { button, centre, lastPlayTakenBack, median, openPhone, press, rackTile, readRecord, recordChanges, replayOnTitle, resume, square } from './phone-page.mjs';

const [dist = 'dist', recordPath, roundsArg = '5'] = process.argv.slice(2);
if (!recordPath) {
  console.error('usage: node scripts/measure-taps.mjs DIST RECORD.json [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsArg);
const slowdown = 4;
const goalMs = 8;

// the game up to its last play: that play is made again by taps
const whole = readRecord(recordPath);
const { start, last } = lastPlayTakenBack(whole);
const { moves } = start;

const { host, browser, page, cdp } = await openPhone(dist);
await cdp.send('Performance.enable');
const game = { page, cdp };
await resume(page, start);
// two yardsticks beside the floor, taps on the title whose listener (plain JavaScript, no code of
// ours) changes the page and undoes it on the next tap: `letter` writes a letter into an empty
// square or takes it out, the least a tap that changes what shows can cost on this page (style,
// layout, paint and the commit of one square); `place` makes the very changes a tap placing the
// play's first tile makes (recorded with a MutationObserver: the square's tile, points, class
// and name, the typing cursor's square and tab stop, the rack tile hidden), so that what the
// browser alone needs to show a placed tile is measured beside the game's own place
const [first] = last.play;
await page.evaluate(([played, r, c, symbol]) => {
  const squares = [...document.querySelectorAll('.board [data-row]')];
  const empty = squares.find((b) => !b.textContent && !played.includes(`${b.dataset.row},${b.dataset.col}`));
  const square = document.querySelector(`.board [data-row="${r}"][data-col="${c}"]`);
  const cursor = document.querySelector('.board .cur');
  const next = squares.find((b) => !b.textContent && b !== square && b.dataset.row === String(r));
  const tile = document.querySelector(`.rack button[data-symbol="${symbol}"]`);
  const labels = [square, cursor, next].map((b) => b.getAttribute('aria-label'));
  let placed = false;
  document.querySelector('.masthead h1').addEventListener('click', () => {
    if (window.__change === 'letter') empty.textContent = empty.textContent ? '' : 'H';
    if (window.__change !== 'place') return;
    placed = !placed;
    if (placed) square.setAttribute('data-pts', '1');
    else square.removeAttribute('data-pts');
    square.textContent = placed ? symbol : '';
    square.className = placed ? 'sq filled new' : 'sq';
    square.setAttribute('aria-label', placed ? `${symbol}, placed this turn, ${labels[0]}` : labels[0]);
    cursor.classList.toggle('cur', !placed);
    cursor.tabIndex = placed ? -1 : 0;
    cursor.setAttribute('aria-label', placed ? labels[1].split(', typing')[0] : labels[1]);
    next.classList.toggle('cur', placed);
    next.tabIndex = placed ? 0 : -1;
    next.setAttribute('aria-label', placed ? `${labels[2]}, typing across` : labels[2]);
    tile.hidden = placed;
  });
}, [last.play.map((p) => `${p.row},${p.col}`), first.row, first.col, first.wild ? '?' : first.el]);
const changing = (how) => page.evaluate((how) => { window.__change = how; }, how);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });

const PARTS = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'];
const readings = async (cdp) => {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(PARTS.map((p) => [p, metrics.find((m) => m.name === p).value]));
};
const work = {};
const parts = {}; // script, style, layout: where each tap's work went
async function tap(kind, target, { page, cdp } = game) {
  const { x, y } = await centre(page, target);
  await page.waitForTimeout(150); // quiet before
  const before = await readings(cdp);
  await page.mouse.click(x, y);
  await page.waitForTimeout(400); // the handler, the page update and the save all finish
  const after = await readings(cdp);
  const ms = (p) => (after[p] - before[p]) * 1000;
  (work[kind] ??= []).push(ms('TaskDuration'));
  (parts[kind] ??= []).push(PARTS.slice(1).map(ms));
}
const LEAST = 'one letter in a square, by a bare listener (yardstick)';
const BARE_PLACE = "place's changes, by a bare listener (yardstick)";
const BARE_BACK = "take back's changes, by a bare listener (yardstick)";
const BARE_SUBMIT = "the usual Submit's changes, by a bare listener (yardstick)";
const ONE_TITLE = 'a one-button page: tap on its title (yardstick)';
const ONE_LETTER = 'a one-button page: a letter into its button (yardstick)';
// the game's own place and take back, each read beside its bare yardstick at the end
const PLACE = 'place it on a square';
const BACK = 'take it back';
const wildAs = (el) => ({ css: '.wild-picker button', text: el });

for (let round = 0; round < rounds; round++) {
  // a tap on the page's title, which runs no code of ours: the floor of this way of measuring
  // (the input event, hit testing, a frame), to read the other rows against
  await tap('tap on nothing (the floor)', '.masthead h1');
  await changing('letter');
  await tap(LEAST, '.masthead h1');
  await changing('place');
  await tap(BARE_PLACE, '.masthead h1');
  await tap(BARE_BACK, '.masthead h1');
  await changing(null);
  await tap('lift a rack tile', rackTile(first.wild ? '?' : first.el));
  if (first.wild) await tap('choose the Wild Isotope element', wildAs(first.el));
  await tap(PLACE, square(first.row, first.col));
  await tap(BACK, square(first.row, first.col));
  await tap('recall tiles', button('Recall tiles'));
}
/** Makes `play` again by taps (at full speed), then submits it at the slowdown, counted as `kind`. */
async function submitted(kind, play) {
  await made(play);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await tap(kind, button('Submit formula'));
}
/** Makes `play` again by taps, unmeasured. */
async function made(play) {
  for (const p of play) {
    await press(page, rackTile(p.wild ? '?' : p.el));
    if (p.wild) await press(page, wildAs(p.el));
    await press(page, square(p.row, p.col));
  }
}
/** The game `game` resumed afresh, at full speed. */
async function resumed(game) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await resume(page, game);
}
// the last play made again, then submitted: ROUNDS times, the game resumed afresh before each
// (set up at full speed, the Submit itself at the slowdown)
let scored;
for (let round = 0; round < rounds; round++) {
  if (round > 0) await resumed(start);
  await submitted('submit formula (accepted, the game\'s last play: the rack is stuck after it)', last.play);
  scored = await page.evaluate(() => document.querySelector('.notice.info')?.textContent);
}
// the play before it, the usual Submit late in a game: the rack can play on after it, so the
// engine's worker's answer about it shows nothing new (the stuck one above is said on screen)
const earlier = lastPlayTakenBack(start);
const USUAL = 'submit formula (accepted, the play before: the rack plays on)';
for (let round = 0; round < rounds; round++) {
  await resumed(earlier.start);
  await submitted(USUAL, earlier.last.play);
}
// the same two Submits as a player late in a game makes them: after a Submit of their own in the
// same page (the two above are each the first Submit after a reload, which pays once for what
// the page's code does for the first time: ~4 ms more script at 4×)
const WARM_LAST = "submit formula, after a Submit in the same page (the game's last play)";
const WARM_USUAL = 'submit formula, after a Submit in the same page (the play before: the usual one)';
const twoBack = lastPlayTakenBack(earlier.start);
for (let round = 0; round < rounds; round++) {
  for (const [kind, before, play] of [[WARM_LAST, earlier, last.play], [WARM_USUAL, twoBack, earlier.last.play]]) {
    await resumed(before.start);
    await made(before.last.play);
    await press(page, button('Submit formula'));
    await page.waitForTimeout(600);
    await submitted(kind, play);
  }
}
// the usual Submit's changes to the page (recorded once, at full speed, through the engine's
// answers), made by a bare listener on the title: what the browser alone needs to show them
await resumed(earlier.start);
await made(earlier.last.play);
await recordChanges(page);
await press(page, button('Submit formula'));
await page.waitForTimeout(800);
const changes = await replayOnTitle(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
for (let round = 0; round < rounds; round++) {
  await page.evaluate(() => { window.__replay = true; });
  await tap(BARE_SUBMIT, '.masthead h1');
  await page.evaluate(() => { window.__replay = false; window.__undo(); });
}

await browser.close();
host.server.close();
// then the one-button page, in a browser of its own (the game's closed: two browsers, each slowed
// down, slow each other down on this 2-core machine, every row ~3×)
const bare = await openPhone(new URL('../bench/bare-tap', import.meta.url).pathname, () => !!document.getElementById('square'));
await bare.cdp.send('Performance.enable');
await bare.cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
for (let round = 0; round < rounds; round++) {
  await tap(ONE_TITLE, 'h1', bare);
  await tap(ONE_LETTER, '#square', bare);
}
await bare.browser.close();
bare.host.server.close();

const FLOOR = 'tap on nothing (the floor)';
const floorWork = median(work[FLOOR]);
const floorLeast = Math.min(...work[FLOOR]);
console.log(`late in a ${whole.moves.length}-move game (${moves.length} moves before the taps), ${slowdown}× CPU slowdown, 375×812; goal ≤ ${goalMs} ms`);
// the least of the rounds beside the median: on a shared machine other work only ever adds to
// a tap's time, so the least is the nearest to what the tap itself costs
console.log(`| tap | main-thread work, median (least, most) of ${rounds} | above the floor (median less the floor's; least less the floor's least) | of which script / style / layout (medians) |`);
console.log('| --- | --: | --: | --: |');
const above = (m, floor) => (m - floor).toFixed(1);
for (const [kind, xs] of Object.entries(work)) {
  const split = [0, 1, 2].map((i) => median(parts[kind].map((p) => p[i])).toFixed(1)).join(' / ');
  const m = median(xs);
  const least = Math.min(...xs);
  const floorCell = kind === FLOOR ? '–' : `${above(m, floorWork)} ms (${above(least, floorLeast)})`;
  console.log(`| ${kind} | ${m.toFixed(1)} ms (${least.toFixed(1)}, ${Math.max(...xs).toFixed(1)}) | ${floorCell} | ${split} ms |`);
}
const taps = Object.keys(work).filter((k) => k !== FLOOR && !k.endsWith('(yardstick)'));
const worstRaw = Math.max(...taps.map((k) => median(work[k])));
const worstAbove = Math.max(...taps.map((k) => median(work[k]) - floorWork));
const worstScript = Math.max(...taps.map((k) => median(parts[k].map((p) => p[0]))));
const worstLeast = Math.max(...taps.map((k) => Math.min(...work[k]) - floorLeast));
const verdict = (x) => `${x.toFixed(1)} ms: ${x <= goalMs ? 'met' : 'missed'}`;
console.log(`goal ≤ ${goalMs} ms, on the worst tap's median — all main-thread work ${verdict(worstRaw)}; above the floor ${verdict(worstAbove)} (least: ${verdict(worstLeast)}); script alone ${verdict(worstScript)}`);
// the same with each Submit read as a player late in a game makes it (after one of their own)
const warmTaps = taps.filter((k) => !k.startsWith('submit formula (accepted'));
const warmScript = Math.max(...warmTaps.map((k) => median(parts[k].map((p) => p[0]))));
console.log(`script alone, each Submit after a Submit in the same page: ${verdict(warmScript)}`);
// the game's place and take back beside the same changes made by a bare listener: what the game
// adds to what the browser needs to show them (its script, and whatever else it changes)
const beyond = (kind, bare) => (median(work[kind]) - median(work[bare])).toFixed(1);
console.log(`beyond the browser's own work for the same changes (median less its bare yardstick's): place ${beyond(PLACE, BARE_PLACE)} ms, take back ${beyond(BACK, BARE_BACK)} ms, the usual Submit ${beyond(USUAL, BARE_SUBMIT)} ms (its ${changes} changes to the page)`);
console.log(`the submit said "${scored}"`);
const medianOf = (kind) => median(work[kind]).toFixed(1);
console.log(`what any page pays here for a tap (medians): a page with one button, tapped to write a letter into it, ${medianOf(ONE_LETTER)} ms (its title, no change: ${medianOf(ONE_TITLE)} ms), against the goal of ${goalMs} ms`);
