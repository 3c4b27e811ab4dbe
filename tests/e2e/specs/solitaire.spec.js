// A Solitaire game: a valid formula, a rejection, an exchange, End game, a personal best.
import { test, expect } from '@playwright/test';
import { record, openApp, resumeWith, place, square, rackTiles, rackPoints, watchErrors } from './helpers.js';

test('a whole Solitaire game from water to a personal best', async ({ page }) => {
  const errors = watchErrors(page);
  await resumeWith(page, record({ bag: 'H H O C H H Na Cl O O N N N K K S S Mg Mg Ca Ca' }));
  await expect(page.getByTestId('bag-count')).toHaveText('Bag: 14 tiles');
  await expect(page.getByRole('button', { name: 'Pass', exact: true })).toHaveCount(0);

  // water across the star: (1 + 1 + 1) × 2 = 6
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
  await expect(page.locator('.notebook')).toContainText('H₂O — water');
  await expect(page.locator('.notebook .tag.card')).toHaveCount(1);
  await expect(square(page, 7, 7)).toHaveAttribute('aria-label', /H \(Hydrogen\)/);
  await expect(rackTiles(page)).toHaveCount(7);
  await expect(page.getByTestId('bag-count')).toHaveText('Bag: 11 tiles');

  // H above C H H down column 6 makes HCH₂: rejected, and the tiles stay put
  await place(page, 'C', 8, 6);
  await place(page, 'H', 9, 6);
  await place(page, 'H', 10, 6);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  const alert = page.locator('.turn .notice.refused');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('HCH₂');
  await expect(page.locator('.board .sq.new')).toHaveCount(3);
  await expect(page.getByTestId('score')).toHaveText('6');
  await page.getByRole('button', { name: 'Recall tiles' }).click();
  await expect(page.locator('.board .sq.new')).toHaveCount(0);
  await expect(rackTiles(page)).toHaveCount(7);

  // exchange two tiles: one of three exchanges used
  await page.getByRole('button', { name: 'Exchange tiles' }).click();
  await rackTiles(page).nth(0).click();
  await rackTiles(page).nth(1).click();
  await page.getByRole('button', { name: 'Confirm exchange' }).click();
  await expect(page.getByTestId('exchanges-left')).toHaveText('2');
  await expect(page.locator('.notebook')).toContainText('exchanged 2 tiles');

  // End game, confirmed: the rack's points are subtracted
  const left = await rackPoints(page);
  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  // a score below zero is written with a minus sign, as in the notebook
  await expect(page.getByTestId('final-score')).toHaveText(6 - left < 0 ? `−${left - 6}` : String(6 - left));
  expect(left).toBeGreaterThan(0);
  await expect(page.locator('.notebook')).toContainText(`You ended the game (−${left} for the tiles left)`);
  await expect(page.getByTestId('best-line')).toContainText(/A new personal best|sets your personal best/);
  const bests = await page.evaluate(() => JSON.parse(localStorage.getItem('molscrab.bests')));
  expect(bests.theory).toEqual({ score: 6 - left, play: 6 });
  expect(await page.evaluate(() => localStorage.getItem('molscrab.save.solitaire'))).toBeNull();

  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByTestId('best-score-theory')).toHaveText(String(6 - left));
  await expect(page.getByRole('button', { name: 'Resume game' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('Standard Mode rejects Cl · Na and shows the card order', async ({ page }) => {
  await resumeWith(page, record({ theory: false, bag: 'Cl Na H H O O C N N N K K S S' }));
  await place(page, 'Cl', 7, 7);
  await place(page, 'Na', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.turn .notice.refused')).toContainText('play Na · Cl');
  await expect(page.locator('.board .sq.new')).toHaveCount(2);
});

test('a Wild Isotope plays as the chosen element and scores 0', async ({ page }) => {
  await resumeWith(page, record({ bag: '? H O C N N N K K S S Mg Mg Ca' }));
  await page.locator('.rack button[data-symbol="?"]').click();
  const picker = page.getByRole('group', { name: 'Play the Wild Isotope as' });
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: 'H', exact: true }).click();
  await square(page, 7, 6).click();
  await expect(square(page, 7, 6)).toHaveAttribute('aria-label', /H \(Hydrogen\), Wild Isotope, 0 points/);
  await expect(square(page, 7, 6)).toHaveAttribute('data-pts', '0');
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  // (0 + 1 + 1) × 2 = 4: the wild hydrogen is worth nothing
  await expect(page.getByTestId('score')).toHaveText('4');
  await expect(page.locator('.notebook')).toContainText('H₂O — water');
});

test('with Standard Mode chosen, Start solitaire begins a Standard Mode game', async ({ page }) => {
  await openApp(page);
  await page.getByRole('radio', { name: /^Standard Mode/ }).check();
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.game-title')).toHaveText('Solitaire · Standard Mode');
  await expect(rackTiles(page)).toHaveCount(7);
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('molscrab.save.solitaire')));
  expect(saved.theory).toBe(false);
  expect(saved.kind).toBe('solitaire');
  // seeds fit in 53 bits, so JavaScript (and any JSON tool) reads them exactly
  expect(Number.isSafeInteger(saved.seed)).toBe(true);
});

test('the bench and the notebook count formulas, crossings and Hypothetical molecules', async ({ page }) => {
  // water across the star, then C C O O along row 8: its C under the O makes O·C (CO's tiles:
  // known) and C₂O₂ is Hypothetical. (1×2 + 1 + 1 + 1) + (1 + 1×2) on the DL at (8,8) = 8.
  const water = { play: [{ row: 7, col: 6, el: 'H' }, { row: 7, col: 7, el: 'H' }, { row: 7, col: 8, el: 'O' }] };
  const ccoo = { play: [8, 9, 10, 11].map((col, i) => ({ row: 8, col, el: 'CCOO'[i] })) };
  await resumeWith(page, record({ bag: 'H H O C C O O N N N K K S S Mg Mg', moves: [water, ccoo] }));
  const stat = (name) => page.locator(`.stats dt:text-is("${name}") + dd`);
  await expect(stat('Score')).toHaveText('14');
  await expect(stat('Rank')).toHaveText('Lab Assistant');
  await expect(stat('Next rank')).toHaveText('61 to Lab Technician');
  await expect(stat('Formulas played')).toHaveText('3');
  await expect(stat('Best single play')).toHaveText('8');
  await expect(stat('Hypothetical molecules')).toHaveText('1');
  const newest = page.locator('.notebook .entry').first();
  await expect(newest).toContainText('You scored 8');
  await expect(newest.locator('.formulas li')).toHaveText([/^C₂O₂ 5 Hypothetical$/, /^OC — carbon monoxide 3 Card$/]);
});

test("a lift, the cursor and a turn's end keep the tiles' text: only their looks change", async ({ page }) => {
  // a square's or a rack tile's text written again is laid out again (ui/board.rs, ui/rack.rs):
  // the same text nodes must stay through a lift, a put-down, a placing and a Submit
  await resumeWith(page, record({ bag: 'H H O C H H Na Cl O O N N N K K S S Mg Mg Ca Ca' }));
  await page.evaluate(() => {
    window.__kept = [...document.querySelectorAll('.rack button[data-symbol]')].map((b) => b.firstChild);
  });
  const rackKept = () => page.evaluate(() => [...document.querySelectorAll('.rack button[data-symbol]')]
    .filter((b) => window.__kept.includes(b.firstChild)).length);
  await rackTiles(page).first().click();
  await expect(page.locator('.rack .tile.chosen')).toHaveCount(1);
  expect(await rackKept()).toBe(7);
  await rackTiles(page).first().click();
  await expect(page.locator('.rack .tile.chosen')).toHaveCount(0);
  expect(await rackKept()).toBe(7);

  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.evaluate(() => {
    window.__squares = [6, 7, 8].map((c) => document.querySelector(`.board [data-row="7"][data-col="${c}"]`).firstChild);
  });
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
  await expect(page.locator('.board .sq.last')).toHaveCount(3);
  const squaresKept = await page.evaluate(() => [6, 7, 8]
    .filter((c, i) => document.querySelector(`.board [data-row="7"][data-col="${c}"]`).firstChild === window.__squares[i]).length);
  expect(squaresKept).toBe(3);
  await expect(square(page, 7, 8)).toHaveText('O');
});

test('a score below zero is written with a minus sign on the bench, as on the results', async ({ page }) => {
  // ended at once: the rack's points (H 1, O 1, C 1, Na 2, Cl 2, K 2, S 2 = 11) come off
  await resumeWith(page, record({ bag: 'H O C Na Cl K S N N N K K S S Mg Mg' }));
  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  await expect(page.getByTestId('final-score')).toBeVisible();
  await expect(page.getByTestId('score')).toHaveText('−11');
});
