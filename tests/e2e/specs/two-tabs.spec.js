// Two tabs of one game (a bookmark and a home-screen icon, say): neither ever loses a move.
import { test, expect } from '@playwright/test';
import { record, openApp, resumeWith, place, watchErrors } from './helpers.js';

const BAG = 'H H O Na Cl C C H H O N N K K S S Mg Mg Ca Ca';

async function layOut(page, tiles) {
  for (const [el, row, col] of tiles) await place(page, el, row, col);
}
const WATER = [['H', 7, 6], ['H', 7, 7], ['O', 7, 8]];
// Na·Cl across row 6 above the water: crossings Na·H and Cl·H, all valid in Theory Mode
const SALT = [['Na', 6, 6], ['Cl', 6, 7]];

test('a move in one tab stops the other, which continues from it: both moves are kept', async ({ page, context }) => {
  const errors = watchErrors(page);
  await resumeWith(page, record({ bag: BAG }));
  const second = await context.newPage();
  const secondErrors = watchErrors(second);
  await openApp(second);
  await second.getByRole('button', { name: 'Resume game' }).click();
  await expect(second.locator('.board')).toBeVisible();

  // each tab lays out a play; unsubmitted tiles in one tab never stop the other
  await layOut(second, SALT);
  await layOut(page, WATER);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');

  // the second tab, with tiles of its own on the board, stops and says why
  const stopped = second.getByRole('alert').filter({ hasText: 'changed in another tab' });
  await expect(stopped).toBeVisible();
  await expect(stopped).toContainText('what you did here since is not saved');
  // its rack and buttons are greyed out and take no taps (a forced click lands on nothing)
  await expect(second.locator('.game-main')).toHaveClass(/stopped/);
  await second.getByRole('button', { name: 'Submit formula' }).click({ force: true });
  await expect(second.getByTestId('score')).toHaveText('0');

  // it continues from the latest: the water is there, and salt goes after it
  await second.getByRole('button', { name: 'Continue from the latest' }).click();
  await expect(stopped).toHaveCount(0);
  await expect(second.getByTestId('score')).toHaveText('6');
  await layOut(second, SALT);
  await second.getByRole('button', { name: 'Submit formula' }).click();
  await expect(second.locator('.notebook .entry')).toHaveCount(2);

  // the first tab had nothing unsaved, so it followed by itself
  await expect(page.locator('.notebook .entry')).toHaveCount(2);
  await expect(page.getByRole('alert').filter({ hasText: 'changed in another tab' })).toHaveCount(0);

  // and the save holds both moves
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.locator('.notebook .entry')).toHaveCount(2);
  await expect(page.locator('.notebook')).toContainText('H₂O');
  expect(errors).toEqual([]);
  expect(secondErrors).toEqual([]);
});

test('two tabs submitting at the same moment: the tab whose move was written over stops and says so', async ({ page, context }) => {
  await resumeWith(page, record({ bag: BAG }));
  const second = await context.newPage();
  // the second tab's copy of storage lags behind the first's write, as when both submit within
  // a few milliseconds: while `__stale` is set, it reads the save as it was then
  await second.addInitScript(() => {
    const get = Storage.prototype.getItem;
    Storage.prototype.getItem = function (key) {
      return key === 'molscrab.save.solitaire' && window.__stale ? window.__stale : get.call(this, key);
    };
  });
  await openApp(second);
  await second.getByRole('button', { name: 'Resume game' }).click();
  await layOut(second, [['H', 7, 7], ['H', 7, 8]]);
  await layOut(page, WATER);
  await second.evaluate(() => { window.__stale = localStorage.getItem('molscrab.save.solitaire'); });

  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
  await second.getByRole('button', { name: 'Submit formula' }).click();
  await expect(second.locator('.notebook .entry')).toHaveCount(1);
  await expect(second.locator('.notebook')).toContainText('H₂');
  // the second write landed last: the save holds H·H, and the first tab's water is not in it
  const saved = await page.evaluate(() => localStorage.getItem('molscrab.save.solitaire'));
  expect(saved).not.toContain('"col":6');

  // the first tab does not quietly follow: it stops, its water still on its board
  const stopped = page.getByRole('alert').filter({ hasText: 'changed in another tab' });
  await expect(stopped).toBeVisible();
  await expect(stopped).toContainText('what you did here since is not saved');
  await expect(page.getByTestId('score')).toHaveText('6');
  await expect(page.getByText('moved on in another tab')).toHaveCount(0);
  // and continuing from the latest shows the game as saved
  await page.getByRole('button', { name: 'Continue from the latest' }).click();
  await expect(stopped).toHaveCount(0);
  await expect(page.locator('.notebook .entry')).toHaveCount(1);
  await expect(page.locator('.notebook')).not.toContainText('H₂O');
});

test('a tab with nothing unsaved follows the other at once', async ({ page, context }) => {
  await resumeWith(page, record({ bag: BAG }));
  const second = await context.newPage();
  await openApp(second);
  await second.getByRole('button', { name: 'Resume game' }).click();
  await layOut(page, WATER);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(second.getByTestId('score')).toHaveText('6');
  await expect(second.locator('.notebook')).toContainText('H₂O');
  await expect(second.getByText('moved on in another tab')).toBeVisible();
});

test('two idle tabs with tiles placed do not answer each other\'s saves', async ({ page, context }) => {
  // count every write to storage in both tabs
  await context.addInitScript(() => {
    window.__writes = 0;
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (...args) { window.__writes += 1; return set.apply(this, args); };
  });
  for (const kind of ['solitaire', 'pass-and-play']) {
    const rec = kind === 'solitaire'
      ? record({ bag: BAG })
      : record({ kind, players: ['Ann', 'Bob'], bag: BAG });
    await resumeWith(page, rec);
    const second = await context.newPage();
    await openApp(second);
    const resume = kind === 'solitaire' ? 'Resume game' : 'Resume pass and play';
    await second.getByRole('button', { name: resume }).click();
    if (kind === 'solitaire') {
      await place(page, 'H', 7, 7);
      await place(second, 'Na', 6, 6);
    }
    await page.waitForTimeout(500);
    const before = [await page.evaluate(() => window.__writes), await second.evaluate(() => window.__writes)];
    await page.waitForTimeout(1500);
    const after = [await page.evaluate(() => window.__writes), await second.evaluate(() => window.__writes)];
    expect(after, `${kind}: writes went on while nobody tapped`).toEqual(before);
    await second.close();
  }
});

test('a game ended in one tab: the other goes to the Play tab, its note on screen', async ({ page, context }) => {
  await resumeWith(page, record({ bag: BAG }));
  const second = await context.newPage();
  await openApp(second);
  await second.getByRole('button', { name: 'Resume game' }).click();
  await expect(second.locator('.board')).toBeVisible();
  // the second tab's player had scrolled down to the notebook
  await second.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await second.evaluate(() => window.scrollY)).toBeGreaterThan(100);

  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  await expect(page.getByTestId('final-score')).toBeVisible();

  const note = second.locator('.menu .notice.refused').filter({ hasText: 'finished or replaced in another tab' });
  await expect(note).toBeVisible();
  await expect(note).toBeInViewport();
});

test('a tab that stops while scrolled down shows its alert on screen', async ({ page, context }) => {
  await resumeWith(page, record({ bag: BAG }));
  const second = await context.newPage();
  await openApp(second);
  await second.getByRole('button', { name: 'Resume game' }).click();
  await place(second, 'Na', 6, 6);
  await second.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await second.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await layOut(page, WATER);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  const stopped = second.getByRole('alert').filter({ hasText: 'changed in another tab' });
  await expect(stopped).toBeVisible();
  await expect(stopped).toBeInViewport();
  await expect(second.getByRole('button', { name: 'Continue from the latest' })).toBeInViewport();
});

test('a tile being dragged when the tab follows the other is put back, not played', async ({ page, context }, info) => {
  test.skip(info.project.name === 'phone', 'a mouse drag: the desktop size');
  await resumeWith(page, record({ bag: BAG }));
  const second = await context.newPage();
  await openApp(second);
  await second.getByRole('button', { name: 'Resume game' }).click();
  // the second tab presses its first rack tile and moves it over the board, and holds it
  const from = await second.locator('.rack button[data-symbol]').first().boundingBox();
  const to = await second.locator('.board [data-row="10"][data-col="10"]').boundingBox();
  await second.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await second.mouse.down();
  await second.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 6 });
  await expect(second.locator('.dragging')).toHaveCount(1);
  // meanwhile the first tab plays from the same rack: the second follows, its rack changed
  await layOut(page, WATER);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(second.getByTestId('score')).toHaveText('6');
  await expect(second.locator('.dragging')).toHaveCount(0);
  await second.mouse.up();
  await expect(second.locator('.board .sq.new')).toHaveCount(0);
  await expect(second.locator('.board [data-row="10"][data-col="10"]')).toHaveAttribute('aria-label', /^Empty/);
});
