// Export and import of a game record, and "Replace your saved game?" before a save is overwritten.
import { test, expect } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { record, openApp, resumeWith, place, SLOT, watchErrors } from './helpers.js';

const BAG = 'H H O C H H Na Cl O O N N N K K S S Mg Mg Ca Ca';

/** A Solitaire game with H₂O played (6 points). */
const played = () => record({
  bag: BAG,
  moves: [{ play: [{ row: 7, col: 6, el: 'H' }, { row: 7, col: 7, el: 'H' }, { row: 7, col: 8, el: 'O' }] }],
});

async function saveOnly(page, rec) {
  await openApp(page);
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); },
    [SLOT[rec.kind], JSON.stringify(rec)]);
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Sections' })).toBeVisible();
}

const importFile = (page, name, text) => page.getByLabel('Import a game from a file')
  .setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });

test('Export game downloads the record as indented JSON, without the save\'s "ui" part', async ({ page }) => {
  const errors = watchErrors(page);
  await resumeWith(page, played());
  await place(page, 'C', 8, 8); // an unsubmitted tile: in the save, not in the export
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export game' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^molscrab-solitaire-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text).toContain('\n  "moves": [');
  const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SLOT.solitaire));
  expect(saved.ui.tentative).toHaveLength(1);
  delete saved.ui;
  expect(JSON.parse(text)).toEqual(saved);
  expect(saved.moves).toEqual(played().moves);
  expect(errors).toEqual([]);
});

test('a valid file imports, becomes the save and opens at its score', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await importFile(page, 'h2o.json', JSON.stringify(played(), null, 2));
  await expect(page.getByTestId('score')).toHaveText('6');
  await expect(page.locator('.notebook')).toContainText('H₂O — water');
  const saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SLOT.solitaire));
  expect(saved.moves).toEqual(played().moves);
  expect(errors).toEqual([]);
});

test('a broken file is refused with the reason and the save is kept', async ({ page }) => {
  await saveOnly(page, played());
  const before = await page.evaluate((k) => localStorage.getItem(k), SLOT.solitaire);
  const alert = page.locator('.menu .notice.refused');

  await importFile(page, 'cut.json', '{"format": "molscrab-game/1", "moves": [');
  await expect(alert).toContainText('Could not import “cut.json”');
  await expect(alert).toContainText('not JSON');

  await importFile(page, 'future.json', JSON.stringify({ ...played(), format: 'molscrab-game/9' }));
  await expect(alert).toContainText('molscrab-game/9');

  const illegal = played();
  illegal.moves.push({ play: [{ row: 7, col: 7, el: 'O' }, { row: 8, col: 7, el: 'O' }] });
  await importFile(page, 'illegal.json', JSON.stringify(illegal));
  await expect(alert).toContainText('Move 2 of this game breaks the rules');
  await expect(alert).toContainText('Your saved games are unchanged.');

  expect(await page.evaluate((k) => localStorage.getItem(k), SLOT.solitaire)).toBe(before);
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
});

test('Start solitaire with a save asks first; "Keep it" keeps the save', async ({ page }) => {
  await saveOnly(page, played());
  const before = await page.evaluate((k) => localStorage.getItem(k), SLOT.solitaire);
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Replace your saved game?' });
  await expect(ask).toContainText('Replace your saved Solitaire game? It will be lost.');
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeHidden();
  await ask.getByRole('button', { name: 'Keep it' }).click();
  await expect(ask).toBeHidden();
  expect(await page.evaluate((k) => localStorage.getItem(k), SLOT.solitaire)).toBe(before);

  // asked again, "Start new game" replaces it
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await ask.getByRole('button', { name: 'Start new game' }).click();
  await expect(page.getByTestId('bag-count')).toHaveText('Bag: 109 tiles');
  const now = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SLOT.solitaire));
  expect(now.moves).toEqual([]);
});

test('Start pass and play with a save asks; without a save it starts at once', async ({ page }) => {
  const pnp = record({ kind: 'pass-and-play', players: ['Ann', 'Bob'], bag: BAG });
  await saveOnly(page, pnp);
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Cy');
  await page.getByRole('textbox', { name: 'Player 2' }).fill('Di');
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Replace your saved game?' });
  await expect(ask).toContainText('Replace your saved Pass and Play game?');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  const kept = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SLOT['pass-and-play']));
  expect(kept.players).toEqual(['Ann', 'Bob']);

  // Solitaire has no save: no question
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.rack button[data-symbol]')).toHaveCount(7);
});

test('importing over a save asks first', async ({ page }) => {
  await saveOnly(page, record({ bag: BAG }));
  await importFile(page, 'h2o.json', JSON.stringify(played()));
  const ask = page.getByRole('alertdialog', { name: 'Replace your saved game?' });
  await expect(ask).toContainText('Replace your saved Solitaire game?');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  let saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SLOT.solitaire));
  expect(saved.moves).toEqual([]);

  await importFile(page, 'h2o.json', JSON.stringify(played()));
  await ask.getByRole('button', { name: 'Open imported game' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
  saved = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SLOT.solitaire));
  expect(saved.moves).toEqual(played().moves);
});

/** Markup a crafted file carries in every field a refusal echoes (issue 31): none of it may
 * become an element, on the Play tab or anywhere else. */
const HOSTILE = '<a href="https://example.invalid/">Restore your game</a><img src=x>';
const crafted = () => {
  const base = { ...played(), moves: [] };
  const text = (rec) => JSON.stringify(rec);
  return [
    text({ ...base, format: HOSTILE }),
    text({ ...base, kind: HOSTILE }),
    text({ ...base, bag: ['H', HOSTILE] }),
    text({ ...base, moves: [{ play: [{ row: 7, col: 7, el: HOSTILE }] }] }),
    text({ ...base, variants: [HOSTILE] }),
    // a repeated key: only raw text can hold one
    text(base).replace('{', `{${JSON.stringify(HOSTILE)}:1,${JSON.stringify(HOSTILE)}:2,`),
  ];
};

async function noMarkupFromOutside(page) {
  expect(await page.locator('a[href*="example.invalid"]').count()).toBe(0);
  expect(await page.locator('img[src="x"]').count()).toBe(0);
}

test('markup in an imported file, its name or a save is shown as text, never as elements', async ({ page }) => {
  const errors = watchErrors(page);
  await saveOnly(page, played());
  const alert = page.locator('.menu .notice.refused');
  for (const [k, text] of crafted().entries()) {
    await importFile(page, `${HOSTILE}${k}.json`, text);
    await expect(alert).toContainText(`Could not import “${HOSTILE}${k}.json”`);
    // the engine's sentence quotes the field: as text
    await expect(alert).toContainText(/Restore your game|<img src=x>/);
    await expect(alert).not.toContainText('It is not a game record this version can read.');
    await noMarkupFromOutside(page);
  }
  // a save holding markup: the notice and its Details say so as text
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [SLOT.solitaire, crafted()[0]]);
  await page.reload();
  const notice = page.locator('.menu .notice.refused').first();
  await expect(notice).toContainText('could not be read');
  await notice.getByText('Details').click();
  await expect(notice).toContainText('Restore your game');
  await noMarkupFromOutside(page);
  expect(errors).toEqual([]);
});
