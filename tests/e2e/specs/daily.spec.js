// The Daily Bench and the table variants (issue 15, RULES §10): a day's bench played to its
// share text, one attempt counted and replays as practice, streaks; Speed Lab's turn running
// out; Biology Bonus in the notebook; Junior Chemist's card beside the board; the variants
// chosen on the Play tab written into the game's record.
import { test, expect } from '@playwright/test';
import { openApp, place, record, resumeWith, rackTiles, watchErrors, SLOT } from './helpers.js';


const DAY = new Date('2026-11-30T10:00:00');

const section = (page) => page.locator('section.daily');
/** A variant's box on the Play tab, its fold opened first. */
async function variant(page, name) {
  const fold = page.locator('details.variants');
  if (!(await fold.evaluate((d) => d.open))) await fold.locator('summary').click();
  return fold.getByRole('checkbox', { name });
}

test('a Daily Bench game to its share text; the day counts once, then practice', async ({ page }) => {
  const errors = watchErrors(page);
  await page.clock.setFixedTime(DAY);
  await openApp(page);
  await expect(section(page).getByRole('heading', { name: 'Daily Bench' })).toBeVisible();
  await expect(section(page)).toContainText('Monday 30 November 2026');
  await expect(section(page)).toContainText("Today's bench is waiting");
  await expect(section(page)).toContainText('Current streak: 0 days');

  await section(page).getByRole('button', { name: "Play today's bench" }).click();
  await expect(page.locator('.game-title')).toHaveText('Solitaire · Theory Mode · Daily Bench');
  await expect(rackTiles(page)).toHaveCount(7);
  const rack = await rackTiles(page).evaluateAll((els) => els.map((e) => e.dataset.symbol));
  // the day is written down as begun at once: leaving now would still count it
  const begun = await page.evaluate(() => localStorage.getItem('molscrab.daily'));
  expect(begun).toContain('2026-11-30');

  // one play, found by the hint, then End game
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('.turn .notice.info')).toContainText('Hint:');
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.notebook .entry')).toHaveCount(1);
  // reloaded mid-game: the day's button goes on with the saved game (no question, no new game)
  await page.reload();
  await section(page).getByRole('button', { name: "Play today's bench" }).click();
  await expect(page.locator('.notebook .entry')).toHaveCount(1);
  await expect(page.locator('.game-title')).toHaveText('Solitaire · Theory Mode · Daily Bench');
  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  const final = await page.getByTestId('final-score').textContent();

  const share = page.getByTestId('share-text');
  await expect(share).toHaveValue(/^Molecular Scrabble Daily Bench 2026-11-30/);
  const text = await share.inputValue();
  const score = final.replace('−', '-');
  const lines = text.split('\n');
  expect(lines[0]).toBe('Molecular Scrabble Daily Bench 2026-11-30 · Theory Mode');
  expect(lines[1]).toMatch(new RegExp(`^${score} points? · \\w.* · 1 hint$`));
  // then one mark a turn, and nothing that would spoil the day: no tile, formula or square
  expect(lines.length).toBeGreaterThan(2);
  for (const line of lines.slice(2)) expect(line).toMatch(/^[^\x00-\x7F]+$/);
  await page.getByRole('button', { name: 'Copy' }).click();

  // back on the Play tab: done, a streak of one day
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(section(page)).toContainText("Today's bench is done");
  await expect(section(page)).toContainText('Current streak: 1 day');

  // again: practice, said in the share text; the day's score stays the first one
  await section(page).getByRole('button', { name: "Play today's bench" }).click();
  await expect(page.locator('.game-title')).toHaveText('Solitaire · Theory Mode · Daily Bench (practice)');
  await expect(rackTiles(page)).toHaveCount(7);
  expect(await rackTiles(page).evaluateAll((els) => els.map((e) => e.dataset.symbol))).toEqual(rack);
  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  await expect(share).toHaveValue(/practice/);
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(section(page)).toContainText(`Today's bench is done: ${score} points`);
  expect(errors).toEqual([]);
});

test('a corrupt Daily Bench history is kept aside with a message, never wiped', async ({ page }) => {
  await page.clock.setFixedTime(DAY);
  // written before the game starts: a running page would meet it (and say so) at its next redraw
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('molscrab.daily', '{"not a history');
      sessionStorage.setItem('seeded', '1');
    }
  });
  await openApp(page);
  await expect(section(page).getByRole('alert')).toContainText('could not be fully read');
  expect(await page.evaluate(() => localStorage.getItem('molscrab.daily.unreadable'))).toBe('{"not a history');
  // what could be read is kept, and the day can be played
  await section(page).getByRole('button', { name: "Play today's bench" }).click();
  await expect(rackTiles(page)).toHaveCount(7);
  await page.getByRole('button', { name: 'Save and leave' }).click();
  await expect(section(page)).toContainText('started and left unfinished');
  expect(await page.evaluate(() => localStorage.getItem('molscrab.daily.unreadable'))).toBe('{"not a history');
  // said once: after a reload the copy is still kept, and nothing more is said of it
  await page.reload();
  await expect(section(page)).toContainText('started and left unfinished');
  await expect(section(page).getByRole('alert')).toHaveCount(0);
  await expect(section(page).getByRole('status')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('molscrab.daily.unreadable'))).toBe('{"not a history');
});

const referee = (page) => page.getByRole('group', { name: 'Referee' });
const TODAY = '2026-11-30';
const result = (date, mode, score) => ({ date, mode, score, counted: true });
const historyText = (results) => JSON.stringify({ format: 'molscrab-daily-history/1', results });

/** Today's bench under the referee `name`, played and ended at once; back on the Play tab. */
async function playTodayEnded(page, name) {
  await referee(page).getByRole('radio', { name }).check();
  await section(page).getByRole('button', { name: "Play today's bench" }).click();
  await expect(page.locator('.game-title')).toContainText('Daily Bench');
  await expect(rackTiles(page)).toHaveCount(7);
  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  await expect(page.getByTestId('share-text')).toHaveValue(/^Molecular Scrabble Daily Bench 2026-11-30/);
  await page.getByRole('button', { name: 'New game' }).click();
}

test('each referee keeps its own day: the chemist\'s bench, then Theory Mode, both counted, the streak whole', async ({ page }) => {
  const errors = watchErrors(page);
  await page.clock.setFixedTime(DAY);
  await page.addInitScript((text) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('molscrab.daily', text);
      sessionStorage.setItem('seeded', '1');
    }
  }, historyText([result('2026-11-28', 'chemist', 90), result('2026-11-29', 'chemist', 120)]));
  await openApp(page);
  await playTodayEnded(page, /Real substances/);
  await expect(section(page)).toContainText('Real substances');
  await expect(section(page)).not.toContainText('Theory Mode as ticked');
  await expect(section(page)).toContainText("Today's bench is done");
  await expect(section(page)).toContainText('Current streak: 3 days');
  await playTodayEnded(page, /^Theory Mode/);
  await expect(section(page)).toContainText("Today's bench is done");
  await expect(section(page)).toContainText('Current streak: 1 day');

  await page.reload();
  await expect(section(page).getByRole('alert')).toHaveCount(0);
  await expect(section(page)).toContainText("Today's bench is done");
  await referee(page).getByRole('radio', { name: /Real substances/ }).check();
  await expect(section(page)).toContainText("Today's bench is done");
  await expect(section(page)).toContainText('Current streak: 3 days');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('molscrab.daily')));
  const counted = kept.results.filter((r) => r.counted).map((r) => `${r.date} ${r.mode}`);
  // a day's results in the referees' order, strictest first
  expect(counted).toEqual(['2026-11-28 chemist', '2026-11-29 chemist', `${TODAY} chemist`, `${TODAY} theory`]);
  expect(kept.results.every((r) => r.score !== null)).toBe(true);
  // nothing was set aside
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('unreadable')))).toEqual([]);
  expect(errors).toEqual([]);
});

test('a history an older build set aside comes back once: the chemist\'s days counted again, the copy kept', async ({ page }) => {
  const errors = watchErrors(page);
  await page.clock.setFixedTime(DAY);
  // what the build before did: the chemist's results set aside whole, the rest kept, and today's
  // chemist bench (offered as waiting again) begun a second time
  const aside = historyText([
    result('2026-11-28', 'chemist', 90), result('2026-11-29', 'chemist', 120),
    result('2026-11-29', 'theory', 200), result(TODAY, 'chemist', 150), result(TODAY, 'theory', 212),
  ]);
  const live = historyText([
    result('2026-11-29', 'theory', 200), result(TODAY, 'theory', 212),
    { date: TODAY, mode: 'chemist', score: 60, counted: true },
  ]);
  await page.addInitScript(([live, aside]) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('molscrab.referee', 'chemist');
      localStorage.setItem('molscrab.daily', live);
      localStorage.setItem('molscrab.daily.unreadable', aside);
      sessionStorage.setItem('seeded', '1');
    }
  }, [live, aside]);
  await openApp(page);
  const said = section(page).getByRole('status');
  await expect(said).toContainText('Your Daily Bench history is whole again: 3 counted days');
  await expect(said).toContainText('On 1 day, the game you played first counts again; the later one is kept as practice.');
  await expect(section(page)).toContainText("Today's bench is done: 150 points");
  await expect(section(page)).toContainText('Current streak: 3 days');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('molscrab.daily')));
  const counted = kept.results.filter((r) => r.counted).map((r) => `${r.date} ${r.mode} ${r.score}`);
  expect(counted).toEqual([
    '2026-11-28 chemist 90', '2026-11-29 chemist 120', '2026-11-29 theory 200',
    `${TODAY} chemist 150`, `${TODAY} theory 212`,
  ]);
  // the second chemist game of the day is practice now
  expect(kept.results.filter((r) => !r.counted).map((r) => `${r.mode} ${r.score}`)).toEqual(['chemist 60']);
  // the copy stays, marked merged; after a reload nothing is said or merged again
  expect(await page.evaluate(() => localStorage.getItem('molscrab.daily.unreadable'))).toBe(aside);
  await page.reload();
  await expect(section(page)).toContainText("Today's bench is done: 150 points");
  await expect(section(page).getByRole('status')).toHaveCount(0);
  await expect(section(page).getByRole('alert')).toHaveCount(0);
  const again = await page.evaluate(() => JSON.parse(localStorage.getItem('molscrab.daily')));
  expect(again).toEqual(kept);
  expect(errors).toEqual([]);
});

test('Speed Lab: the turn runs out, is passed, and the next player is up', async ({ page }) => {
  const errors = watchErrors(page);
  await page.clock.install({ time: DAY });
  await openApp(page);
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Player 2' }).fill('Bo');
  await (await variant(page, 'Speed Lab')).check();
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  await expect(page.locator('.game-title')).toContainText('Speed Lab');
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), SLOT['pass-and-play']);
  expect(saved.variants).toEqual(['speed-lab']);
  await page.getByRole('button', { name: /I'm (Ada|Bo)/ }).click();
  const timer = page.getByRole('timer');
  await expect(timer).toContainText('1:00');
  const first = (await page.locator('.whose').textContent()).replace("'s rack", '');
  await page.locator('.rack button[data-symbol]').first().click();
  await page.clock.runFor(50_500);
  await expect(timer).toContainText('0:10');
  await expect(page.locator('.timer-said')).toHaveText('10 seconds left in this turn.');
  await page.clock.runFor(10_000);
  // the hand-off says why, and no rack is in sight; the tile lifted went back
  await expect(page.locator('.handoff .last-move')).toHaveText(`Time is up: the turn is passed. ${first} passed.`);
  await expect(page.locator('.notebook')).toContainText(`${first} passed`);
  await expect(timer).toHaveCount(0);
  // the next player's minute starts when they show their tiles
  await page.getByRole('button', { name: /show my tiles/ }).click();
  await expect(timer).toContainText('1:00');
  await expect(rackTiles(page)).toHaveCount(7);
  expect(errors).toEqual([]);
});

test('Biology Bonus: +5 for water, shown in the notebook; chosen on the Play tab', async ({ page }) => {
  await openApp(page);
  await (await variant(page, 'Biology Bonus')).check();
  // Speed Lab is not played in Solitaire: offered, then left out of the record
  await (await variant(page, 'Speed Lab')).check();
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.game-title')).toHaveText('Solitaire · Theory Mode · Biology Bonus');
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), SLOT.solitaire);
  expect(saved.variants).toEqual(['biology-bonus']);

  await resumeWith(page, { ...record({ bag: 'H H O C C Na Cl O O N N N K K S S Mg Mg Ca Ca' }), variants: ['biology-bonus'] });
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  // H2O: 3 points, doubled on the star, +5 for a formula of the human body
  await expect(page.getByTestId('score')).toHaveText('11');
  await expect(page.locator('.notebook .entry').first()).toContainText('Biology Bonus +5');
});

test('Junior Chemist keeps the reference card open beside the board; Organic needs Theory Mode', async ({ page }) => {
  await openApp(page);
  await page.getByRole('radio', { name: /^Standard Mode/ }).check();
  await expect(await variant(page, 'Organic Chemistry Mode')).toBeDisabled();
  // the choice stays as the player left it after a game
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('radio', { name: /^Standard Mode/ })).toBeChecked();
  await expect(section(page)).toContainText('Standard Mode');
  await page.getByRole('radio', { name: /^Theory Mode/ }).check();
  await expect(await variant(page, 'Organic Chemistry Mode')).toBeEnabled();
  await (await variant(page, 'Junior Chemist')).check();
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  const card = page.getByRole('article', { name: /Reference card, kept open/ });
  await expect(card).toBeVisible();
  await expect(card).toContainText('NaCl');
});

test('Ion Rules: chosen on the Play tab, an ion counts with its charge in the notebook', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  // the card has no ions: not offered under Standard Mode
  await page.getByRole('radio', { name: /^Standard Mode/ }).check();
  await expect(await variant(page, 'Ion Rules')).toBeDisabled();
  await page.getByRole('radio', { name: /^Theory Mode/ }).check();
  await (await variant(page, 'Ion Rules')).check();
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.game-title')).toHaveText('Solitaire · Theory Mode · Ion Rules');
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), SLOT.solitaire);
  expect(saved.variants).toEqual(['ion-rules']);

  // O·H is a radical, no molecule: under Ion Rules it is the hydroxide ion, OH⁻
  const bag = 'O H C C Na Cl K N N N K K S S Mg Mg Ca Ca O O H';
  await resumeWith(page, { ...record({ bag }), variants: ['ion-rules'] });
  await place(page, 'O', 7, 7);
  await place(page, 'H', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.turn .notice.refused')).toHaveCount(0);
  const entry = page.locator('.notebook .entry').first();
  await expect(entry).toContainText('OH⁻ — hydroxide');
  await expect(entry.locator('.tag')).toHaveText('Documented');
  // the same play without the variant is refused
  await resumeWith(page, record({ bag }));
  await place(page, 'O', 7, 7);
  await place(page, 'H', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.turn .notice.refused')).toBeVisible();
  expect(errors).toEqual([]);
});
