// What a player met on the way: Hindsight names every formula as the notebook does and opens its
// card, says each turn in one plain sentence, and its totals are the final scores (the tiles left
// at the end said); the scoreboard gives long names the room; the board keeps the tiles in play
// in view when the window narrows.
import { test, expect } from '@playwright/test';
import { place, record, resumeWith, square, watchErrors } from './helpers.js';

const WATER = { play: [{ row: 7, col: 6, el: 'H' }, { row: 7, col: 7, el: 'H' }, { row: 7, col: 8, el: 'O' }] };

test('Hindsight names each formula, opens its card, says each turn in one sentence, and totals the final score', async ({ page }) => {
  const errors = watchErrors(page);
  // Solitaire: water, then End game with tiles on the rack (their points come off the score)
  await resumeWith(page, record({ bag: 'H H O C C Na Cl O O O H H', moves: [WATER, { end: true }] }));
  const final = (await page.getByTestId('final-score').textContent()).trim();
  await page.getByRole('button', { name: 'Hindsight' }).click();
  const summary = page.locator('.hindsight .hs-summary');
  await expect(summary.locator('strong')).toHaveText(`You: ${final} points`);
  await expect(summary).toContainText(/Plays scored \d+ points? of the \d+ the best plays would have scored/);
  await expect(summary).toContainText(/; \d+ points? came off the final score for the tiles left on the rack\./);

  const turns = page.locator('.hindsight .hs-turns > li');
  await expect(turns).toHaveCount(2);
  for (const text of await turns.allTextContents()) {
    const said = text.replace('Show on board', '').trim();
    // one sentence: no sentence ends before its last
    expect(said, said).toMatch(/^You (scored \d+|ended the game)[;:] /);
    expect(said, said).not.toMatch(/[.!?] +[A-Z]/);
    expect(said, said).toMatch(/[.✓]$/);
  }
  // the formulas are named as the notebook names them (subscripts, a name), never bare tiles
  const formulas = page.locator('.hindsight .hs-turns button.formula');
  expect(await formulas.count()).toBeGreaterThan(0);
  for (const text of await formulas.allTextContents()) {
    expect(text).not.toContain('·');
    expect(text, text).toMatch(/[₀-₉]| — |Hypothetical|^[A-Z][a-z]?[A-Z]/);
  }
  // and each opens its card
  await formulas.first().click();
  const card = page.getByRole('dialog', { name: 'Formula card' });
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('Drawing the molecule');
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toBeHidden();
  // Show on board still shows the best play
  const look = page.locator('.hindsight button.look').first();
  if (await look.count()) {
    await look.click();
    await expect(page.locator('.looking-back')).toBeVisible();
    await expect(page.locator('.board .sq.new').first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test('Hindsight in Pass and Play: each person\'s total is their final score', async ({ page }) => {
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'H H O C C C C N N N K K S S O O',
    moves: [WATER, { pass: true }, { pass: true }, { pass: true }, { pass: true }] }));
  const finals = (await page.getByTestId('final').allTextContents()).map((t) => t.trim());
  await page.getByRole('button', { name: 'Hindsight' }).click();
  await expect(page.locator('.hindsight .hs-summary strong')).toHaveText([`Ada: ${finals[0]} points`, `Bo: ${finals[1]} points`]);
  // a pass that missed a play names it in the sentence
  await expect(page.locator('.hindsight .hs-turns > li').nth(1)).toContainText(/^Bo passed; /);
  await expect(page.locator('.hindsight .hs-turns > li').nth(1).locator('button.formula').first()).toBeVisible();
});

test('at 375 px the scoreboard shows a computer seat\'s whole name', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const rec = record({ kind: 'pass-and-play', players: ['Ada', 'Professor'], bag: 'H H O C C C C N N N K K S S O O' });
  rec.computers = [null, 'expert'];
  await resumeWith(page, rec);
  const names = page.locator('.scoreboard tbody .name');
  await expect(names).toHaveCount(2);
  await expect(names.nth(1)).toContainText('Professor (computer)');
  const cut = await names.evaluateAll((cells) => cells.map((c) => c.scrollWidth > c.clientWidth + 0.5));
  expect(cut).toEqual([false, false]);
  // the whole name on the one line: the number columns give it their spare room
  const [name, score] = await page.locator('.scoreboard tbody tr').nth(1).locator('td').evaluateAll(
    (tds) => tds.slice(0, 2).map((td) => td.getBoundingClientRect().width));
  expect(score).toBeLessThan(name);
  const lines = await names.nth(1).evaluate((c) => {
    const range = document.createRange();
    range.selectNodeContents(c);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
  expect(lines).toBe(1);
});

/** Whether every square matched by `selector` lies wholly inside the board box's view. */
const inBox = (page, selector) => page.locator(selector).evaluateAll((squares) => {
  const board = document.querySelector('.board');
  const box = board.getBoundingClientRect();
  const [left, top] = [box.left + board.clientLeft, box.top + board.clientTop];
  return squares.length > 0 && squares.every((el) => {
    const sq = el.getBoundingClientRect();
    return sq.left >= left - 0.5 && sq.top >= top - 0.5
      && sq.right <= left + board.clientWidth + 0.5 && sq.bottom <= top + board.clientHeight + 0.5;
  });
});

test('after the window narrows, the board keeps the last play and the tiles placed in view', async ({ page }, info) => {
  test.skip(info.project.name !== 'desktop', 'from a wide window to a narrow one');
  // methane across from the star to column 12: out of the top left's view in a phone's box
  const methane = { play: [7, 8, 9, 10, 11].map((col, i) => ({ row: 7, col, el: i ? 'H' : 'C' })) };
  await page.setViewportSize({ width: 1280, height: 800 });
  await resumeWith(page, record({ bag: 'C H H H H O O N N K K S S Mg Mg', moves: [methane] }));
  await expect(page.locator('.board .sq.last')).toHaveCount(5);
  for (const width of [412, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => inBox(page, '.board .sq.last'), `${width} px: the last play in view`).toBe(true);
  }
  // (had the box stayed at its top left, the play would be out of sight)
  await page.locator('.board').evaluate((b) => { b.scrollLeft = 0; b.scrollTop = 0; });
  expect(await inBox(page, '.board .sq.last')).toBe(false);

  // tiles placed this turn, at the wide window, are what the box keeps in view
  await page.setViewportSize({ width: 1280, height: 800 });
  await place(page, 'O', 8, 11);
  await expect(square(page, 8, 11)).toHaveClass(/new/);
  for (const width of [412, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await expect.poll(() => inBox(page, '.board .sq.new'), `${width} px: the tiles placed in view`).toBe(true);
  }
});
