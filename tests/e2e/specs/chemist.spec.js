// The chemist's referee in the browser (RULES §11): chosen on the Play tab and remembered, the
// page installing the lexicon from the engine's worker (saying so while it loads, and keeping
// the save when it can't), its refusals with their way out, a documented substance off the card
// accepted, resume after a reload, and a whole game against the Professor.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import {
  SLOT, openApp, place, watchErrors, playHintsToTheEnd, expectTwoSeatResults,
} from './helpers.js';

const SHOTS = '../../target/shots';
mkdirSync(SHOTS, { recursive: true });

const referee = (page) => page.getByRole('group', { name: 'Referee' });
const chemistRadio = (page) => referee(page).getByRole('radio', { name: /Real substances/ });
const LOADING = 'Loading the table of documented substances…';

/** A Solitaire record under the chemist's referee, with an explicit bag. */
function chemistSolitaire(bag, moves = []) {
  return {
    format: 'molscrab-game/1', kind: 'solitaire', theory: false, referee: 'chemist', players: ['You'],
    first: 0, seed: 1, bag: bag.split(' '), moves,
  };
}

/** Saves `rec` in its slot, reloads, and resumes it once the table is installed. */
async function resumeChemist(page, rec) {
  await openApp(page);
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); },
    [SLOT[rec.kind], JSON.stringify(rec)]);
  await page.reload();
  // offered once the page has the lexicon (the worker hands it over)
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.locator('.board')).toBeVisible();
  await expect(page.locator('.game-title')).toContainText('Real substances');
}

test('the Play tab offers three referees, by keyboard too, and remembers the choice', async ({ page }, info) => {
  const errors = watchErrors(page);
  await openApp(page);
  const radios = referee(page).getByRole('radio');
  await expect(radios).toHaveCount(3);
  await expect(referee(page).getByRole('radio', { name: /^Theory Mode/ })).toBeChecked();
  await expect(referee(page).getByRole('radio', { name: /^Standard Mode/ })).not.toBeChecked();
  // arrow keys move within the group: up from Theory Mode is the chemist's referee
  await referee(page).getByRole('radio', { name: /^Theory Mode/ }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(chemistRadio(page)).toBeChecked();
  await expect(chemistRadio(page)).toBeFocused();
  expect(await page.evaluate(() => localStorage.getItem('molscrab.referee'))).toBe('chemist');
  await page.screenshot({ path: `${SHOTS}/chemist-play-tab-${info.project.name}.png` });
  // kept across a reload, and a new game is played under it
  await page.reload();
  await expect(chemistRadio(page)).toBeChecked();
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.game-title')).toHaveText('Solitaire · Real substances');
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), SLOT.solitaire);
  expect(saved.referee).toBe('chemist');
  expect(saved.theory).toBe(false);
  expect(errors).toEqual([]);
});

test('a wrong order is refused with the order to play; a documented substance off the card counts', async ({ page }) => {
  const errors = watchErrors(page);
  await resumeChemist(page, chemistSolitaire('Cl Na K Br H H O O O N N C C S S Mg Mg Ca Ca'));
  await place(page, 'Cl', 7, 7);
  await place(page, 'Na', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  const refused = page.locator('.turn .notice.refused');
  await expect(refused).toContainText(/Cl ?· ?Na is sodium chloride in the wrong order: play Na ?· ?Cl/);
  await expect(refused).toContainText("the reference card's order");
  // the way out: potassium bromide, off the card, as the textbook writes it
  await page.getByRole('button', { name: 'Recall tiles' }).click();
  await place(page, 'K', 7, 7);
  await place(page, 'Br', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.notebook .entry').first()).toContainText('KBr');
  await expect(refused).toHaveCount(0);

  // a reload resumes it, still under the chemist's referee, the play kept
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.locator('.game-title')).toContainText('Real substances');
  await expect(page.locator('.notebook .entry').first()).toContainText('KBr');
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), SLOT.solitaire);
  expect(saved.referee).toBe('chemist');
  expect(saved.moves).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('a chemist game exported and imported on a fresh device is judged by the same referee', async ({ page }) => {
  const errors = watchErrors(page);
  const kbr = [{ play: [{ row: 7, col: 7, el: 'K' }, { row: 7, col: 8, el: 'Br' }] }];
  await resumeChemist(page, chemistSolitaire('K Br Cl Na H H O O O N N C C S S Mg Mg Ca Ca', kbr));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export game' }).click(),
  ]);
  const text = await readFile(await download.path(), 'utf8');
  expect(JSON.parse(text).referee).toBe('chemist');

  // a fresh device: nothing saved; the file opens once the table is in, under its referee
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByLabel('Import a game from a file')
    .setInputFiles({ name: 'kbr.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(page.locator('.game-title')).toContainText('Real substances');
  await expect(page.locator('.notebook .entry').first()).toContainText('KBr');
  // and it goes on by the chemist's rule: Cl above the K reads Cl·K, refused with its way out
  await place(page, 'Cl', 6, 7);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.turn .notice.refused')).toContainText(/in the wrong order: play K ?· ?Cl/);
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), SLOT.solitaire);
  expect(saved.referee).toBe('chemist');
  expect(saved.moves).toEqual(kbr);
  expect(errors).toEqual([]);
});

test.describe('without the table', () => {
  // no service worker: its cache would hand the worker the table the test withholds
  test.use({ serviceWorkers: 'block' });

  test('the Play tab says it is loading, then why it failed, and the save is kept as it is', async ({ page, context }) => {
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await context.route('**/substances.txt', async (route) => { await held; await route.abort(); });
    const rec = chemistSolitaire('H H O Na Cl K Br C C O O N N S S');
    const text = JSON.stringify(rec);
    await openApp(page);
    await page.evaluate(([key, t]) => { localStorage.clear(); localStorage.setItem(key, t); }, [SLOT.solitaire, text]);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: LOADING })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume game' })).toHaveCount(0);
    release();
    const alert = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(alert).toContainText('Your saved games are unchanged');
    // the save is where it was, as it was, and nothing was put aside
    const kept = await page.evaluate(() => Object.keys(localStorage));
    expect(kept.filter((k) => k.includes('unreadable'))).toEqual([]);
    expect(await page.evaluate((key) => localStorage.getItem(key), SLOT.solitaire)).toBe(text);
    // a new game of another referee asks before it would replace the waiting save
    await referee(page).getByRole('radio', { name: /^Theory Mode/ }).check();
    await page.getByRole('button', { name: 'Start solitaire' }).click();
    await expect(page.getByText('Replace your saved Solitaire game? It will be lost.')).toBeVisible();
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect(await page.evaluate((key) => localStorage.getItem(key), SLOT.solitaire)).toBe(text);
  });
});

test('a whole game against the Professor under the chemist\'s referee', async ({ page }, info) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await openApp(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await chemistRadio(page).check();
  await page.getByRole('combobox', { name: 'Opponent', exact: true }).selectOption('expert');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await expect(page.locator('.game-title')).toHaveText('Against the computer · Real substances');
  await expect(page.locator('.scoreboard')).toContainText('Professor');

  const played = await playHintsToTheEnd(page, { turns: 200, wait: 20_000 });
  expect(played).toBeGreaterThan(3);
  await expectTwoSeatResults(page, 'Professor');
  await expect(page.locator('.notebook .entry', { hasText: 'Professor' }).first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/chemist-results-${info.project.name}.png`, fullPage: true });
  expect(errors).toEqual([]);
});
