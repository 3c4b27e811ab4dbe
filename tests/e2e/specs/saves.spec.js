// Saves: a reload mid-turn and after each move resumes exactly; a corrupt save is kept aside.
import { test, expect } from '@playwright/test';
import { record, openApp, resumeWith, place, square, rackSymbols, watchErrors } from './helpers.js';

async function reloadAndResume(page) {
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.locator('.board')).toBeVisible();
}

test('a reload in the middle of a turn and after a move resumes exactly', async ({ page }) => {
  const errors = watchErrors(page);
  await resumeWith(page, record({ bag: 'H H O C H H Na Cl O O N N N K K S S Mg Mg Ca Ca' }));
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  const rackBefore = await rackSymbols(page);

  await reloadAndResume(page);
  await expect(square(page, 7, 6)).toHaveAttribute('aria-label', /H \(Hydrogen\), placed this turn/);
  await expect(square(page, 7, 7)).toHaveAttribute('aria-label', /placed this turn/);
  expect(await rackSymbols(page)).toEqual(rackBefore);

  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
  const rackAfter = await rackSymbols(page);

  await reloadAndResume(page);
  await expect(page.getByTestId('score')).toHaveText('6');
  await expect(page.locator('.notebook')).toContainText('H₂O — water');
  await expect(square(page, 7, 8)).toHaveAttribute('aria-label', /^O \(Oxygen\), row 8, column 9$/);
  await expect(page.locator('.board .sq.new')).toHaveCount(0);
  expect(await rackSymbols(page)).toEqual(rackAfter);

  // Save and leave, then Resume from the Play tab
  await page.getByRole('button', { name: 'Save and leave' }).click();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
  expect(errors).toEqual([]);
});

test('a corrupt save is reported, kept aside, and a new game still starts', async ({ page }) => {
  const broken = '{"format": "molscrab-game/1", "kind": "solitaire", "moves": [';
  // written before the game starts: a page already running would meet them at its next redraw
  // (an answer of the engine's worker redraws the Play tab) and say so there, before a reload
  await page.addInitScript((text) => {
    if (sessionStorage.getItem('seeded')) return;
    localStorage.clear();
    localStorage.setItem('molscrab.save.solitaire', text);
    localStorage.setItem('molscrab.save.pass-and-play', JSON.stringify({ format: 'molscrab-game/9' }));
    sessionStorage.setItem('seeded', '1');
  }, broken);
  await openApp(page);
  const alert = page.locator('.menu .notice.refused');
  await expect(alert).toContainText('Your saved Solitaire game could not be read');
  await expect(alert).toContainText('Your saved Pass and Play game could not be read');
  // what it means comes first; the reader's words wait behind "Details"
  await expect(alert.locator('p').first())
    .toHaveText("Your saved Solitaire game could not be read, so it can't be resumed. A copy is kept in this browser; you can start a new game.");
  const details = alert.locator('details').first();
  await expect(details.getByText('What went wrong')).toBeHidden();
  // the engine's sentence comes from its worker, and writes the notice again when it is in
  // (a Details opened before that stays open: the next journey)
  await expect(details).toContainText('not JSON');
  await details.getByText('Details').click();
  await expect(details.getByText('What went wrong')).toBeVisible();
  await expect(details).toContainText('molscrab.save.solitaire.unreadable');
  const kept = await page.evaluate(() => [
    localStorage.getItem('molscrab.save.solitaire.unreadable'),
    localStorage.getItem('molscrab.save.solitaire'),
  ]);
  expect(kept).toEqual([broken, null]);
  await expect(page.getByRole('button', { name: 'Resume game' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.rack button[data-symbol]')).toHaveCount(7);
  await expect(page.getByTestId('bag-count')).toHaveText('Bag: 109 tiles');
});

/**
 * Opens the page with unreadable saves under `slots` (once: a reload keeps what the app made of
 * them), the engine's worker held back until `release()` is called: its sentence then writes
 * the notices again.
 */
async function openHeld(page, context, slots) {
  let release;
  const held = new Promise((r) => { release = r; });
  await context.route('**/lazy/engine.wasm', async (route) => { await held; await route.continue(); });
  await page.addInitScript((slots) => {
    if (sessionStorage.getItem('seeded')) return;
    localStorage.clear();
    for (const [key, text] of Object.entries(slots)) localStorage.setItem(key, text);
    sessionStorage.setItem('seeded', '1');
  }, slots);
  await openApp(page);
  return release;
}
const CUT_SHORT = '{"format": "molscrab-game/1", "moves": [';

test('a notice\'s Details opened before the engine\'s sentence is in stays open when it comes', async ({ page, context }) => {
  const release = await openHeld(page, context, { 'molscrab.save.solitaire': CUT_SHORT });
  const details = page.locator('.menu .notice.refused details').first();
  await details.getByText('Details').click();
  await expect(details).toHaveAttribute('open', '');
  await expect(details).not.toContainText('not JSON');
  release();
  await expect(details).toContainText('not JSON');
  await expect(details).toHaveAttribute('open', '');
  await expect(details.getByText('What went wrong')).toBeVisible();
  // and closed by the reader, it closes
  await details.getByText('Details').click();
  await expect(details.getByText('What went wrong')).toBeHidden();
});

test('two notices\' Details open and close each on its own, through the sentence and other redraws', async ({ page, context }) => {
  const release = await openHeld(page, context, {
    'molscrab.save.solitaire': CUT_SHORT,
    'molscrab.save.pass-and-play': '{"format": "molscrab-game/9"}',
  });
  const [first, second] = [0, 1].map((i) => page.locator('.menu .notice.refused details').nth(i));
  await expect(second).toBeAttached();
  const open = async () => [await first.getAttribute('open'), await second.getAttribute('open')];
  await first.getByText('Details').click();
  release();
  await expect(first).toContainText('not JSON');
  expect(await open()).toEqual(['', null]);
  await second.getByText('Details').click();
  expect(await open()).toEqual(['', '']);
  await first.getByText('Details').click();
  // a redraw of the Play tab (a referee chosen) keeps each as it is
  await page.getByRole('radio', { name: /^Standard Mode/ }).check();
  await expect(second).toContainText('What went wrong');
  expect(await open()).toEqual([null, '']);
});

test('when the browser refuses to store anything, the game still plays and says it is not saved', async ({ page }) => {
  const errors = watchErrors(page);
  const saved = record({ bag: 'H H O C C C C N N N K K S S' });
  await openApp(page);
  await page.evaluate((text) => localStorage.setItem('molscrab.save.solitaire', text), JSON.stringify(saved));
  // from now on every write fails, as in a full or locked-down storage
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
  await expect(page.locator('.turn .notice.refused')).toContainText('This game could not be saved');
  // the save that was there is untouched
  expect(await page.evaluate(() => localStorage.getItem('molscrab.save.solitaire'))).toBe(JSON.stringify(saved));
  expect(errors).toEqual([]);
});

test('a save that holds a finished game opens on its results, and its slot is then cleared', async ({ page }) => {
  const over = record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'H H O C C C C N N N K K S S O',
    moves: [{ pass: true }, { pass: true }, { pass: true }, { pass: true }] });
  await resumeWith(page, over);
  await expect(page.getByRole('region', { name: 'Results' })).toContainText('every player passed twice');
  expect(await page.evaluate(() => localStorage.getItem('molscrab.save.pass-and-play'))).toBeNull();
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByRole('button', { name: 'Resume pass and play' })).toHaveCount(0);
});

test('a tap that changes nothing saved reads and writes no storage; a tile placed is saved at once', async ({ page }) => {
  await resumeWith(page, record({ bag: 'H H O C C Na Cl O O N N N K K S S Mg Mg Ca Ca' }));
  await page.evaluate(() => {
    window.__storage = { get: 0, set: 0 };
    const { getItem, setItem } = Storage.prototype;
    Storage.prototype.getItem = function (...args) { window.__storage.get += 1; return getItem.apply(this, args); };
    Storage.prototype.setItem = function (...args) { window.__storage.set += 1; return setItem.apply(this, args); };
  });
  const used = () => page.evaluate(() => ({ ...window.__storage }));
  // a tile lifted and put down, a tap on a square with nothing lifted
  await page.locator('.rack button[data-symbol="H"]').first().click();
  await expect(page.locator('.rack .tile.chosen')).toHaveCount(1);
  await page.locator('.rack button[data-symbol="H"]').first().click();
  await expect(page.locator('.rack .tile.chosen')).toHaveCount(0);
  await page.locator('.board [data-row="0"][data-col="0"]').click();
  await page.waitForTimeout(300);
  expect(await used()).toEqual({ get: 0, set: 0 });
  // a tile placed: saved, with the tile in the save's "ui" part
  await place(page, 'H', 7, 7);
  await expect.poll(async () => (await used()).set).toBe(1);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('molscrab.save.solitaire')));
  expect(saved.ui.tentative).toHaveLength(1);
});
