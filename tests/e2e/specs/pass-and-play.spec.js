// A 3-player Pass and Play game: hand-offs hide the rack, an exchange, passes until everyone
// is stuck, and the results screen's numbers.
import { test, expect } from '@playwright/test';
import { record, resumeWith, rackTiles, place, square, watchErrors } from './helpers.js';

const handoffButton = (page, name) => page.getByRole('button', { name: `I'm ${name} — show my tiles` });

test('three players: exchange, six passes, a tie on the results screen', async ({ page }) => {
  const errors = watchErrors(page);
  const odd = '<img src=x onerror="window.hacked=1">';
  // racks: Ada H×7 (7 points), Bo Na×6 + Cl (14), the third player C×7 (7); then O, N, N …
  const bag = 'H H H H H H H Na Na Na Na Na Na Cl C C C C C C C O N N N';
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo', odd], bag }));

  // a resumed game opens on the hand-off, with no rack anywhere
  await expect(page.getByRole('heading', { name: 'Pass the device to Ada' })).toBeVisible();
  await expect(page.locator('.rack')).toHaveCount(0);
  await expect(page.locator('button[data-symbol]')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Scoreboard' })).toContainText(odd);

  // Ada exchanges one H for the O at the front of the bag
  await handoffButton(page, 'Ada').click();
  await expect(rackTiles(page)).toHaveCount(7);
  await page.getByRole('button', { name: 'Exchange tiles' }).click();
  await rackTiles(page).first().click();
  await page.getByRole('button', { name: 'Confirm exchange' }).click();
  await expect(page.getByRole('heading', { name: 'Pass the device to Bo' })).toBeVisible();
  await expect(page.locator('.rack')).toHaveCount(0);
  await expect(page.locator('.last-move')).toHaveText('Ada exchanged 1 tile.');

  // everyone passes twice in a row: Bo, third, Ada, Bo, third, Ada
  const order = ['Bo', odd, 'Ada', 'Bo', odd, 'Ada'];
  for (const [i, name] of order.entries()) {
    await handoffButton(page, name).click();
    await page.getByRole('button', { name: 'Pass', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, pass' }).click();
    if (i < order.length - 1) {
      await expect(page.getByRole('heading', { name: `Pass the device to ${order[i + 1]}` })).toBeVisible();
    }
  }

  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toContainText('every player passed twice');
  await expect(page.getByTestId('winner')).toHaveText(`A tie between Ada and ${odd}`);
  await expect(results.getByTestId('leftover')).toHaveText(['−7', '−14', '−7']);
  await expect(results.getByTestId('final')).toHaveText(['−7', '−14', '−7']);
  expect(await page.evaluate(() => window.hacked)).toBeUndefined();
  expect(await page.evaluate(() => localStorage.getItem('molscrab.save.pass-and-play'))).toBeNull();

  // Rematch: the same three players, a fresh game on the hand-off screen
  await page.getByRole('button', { name: 'Rematch' }).click();
  await expect(page.getByRole('heading', { name: /Pass the device to/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Scoreboard' }).locator('tbody tr')).toHaveCount(3);
  await expect(page.getByTestId('bag-count')).toHaveText('Bag: 95 tiles');
  expect(errors).toEqual([]);
});

test('the Pass and Play form needs two distinct names', async ({ page }) => {
  await page.goto('./');
  await page.evaluate(() => localStorage.clear());
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Ada');
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  await expect(page.locator('.menu .notice.refused')).toContainText('Type names for players 1 and 2');
  await page.getByRole('textbox', { name: 'Player 2' }).fill('  ADA ');
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  await expect(page.locator('.menu .notice.refused')).toContainText('give each player a different name');
  // mending a name takes the refusal away at once
  await page.getByRole('textbox', { name: 'Player 2' }).fill('Bo');
  await expect(page.locator('.menu .notice.refused')).toHaveCount(0);
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  await expect(page.getByRole('heading', { name: /Pass the device to (Ada|Bo)/ })).toBeVisible();
});

test('a person may be called after a level: the blank computer seat takes the next name', async ({ page }) => {
  await page.goto('./');
  await page.evaluate(() => localStorage.clear());
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Professor');
  await page.getByRole('combobox', { name: 'Player 2 plays as' }).selectOption('expert');
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  const names = page.getByRole('region', { name: 'Scoreboard' }).locator('tbody .name');
  await expect(names).toHaveCount(2);
  await expect(names.filter({ hasText: 'Professor 2 (computer)' })).toHaveCount(1);
  await expect(page.locator('.menu .notice.refused')).toHaveCount(0);
});

test('a player goes out: tiles left mid-turn stay hidden on the hand-off, and the rack points change hands', async ({ page }) => {
  const errors = watchErrors(page);
  // the bag holds just the two racks: Ada H H S O O O O, Bo Na Na Cl Cl K K C (13 points)
  const bag = 'H H S O O O O Na Na Cl Cl K K C';
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag }));
  await expect(page.getByTestId('bag-count')).toHaveText('Bag: 0 tiles');
  await expect(page.getByRole('button', { name: 'End game' })).toHaveCount(0);

  // Ada starts her play, then the page is closed mid-turn
  await handoffButton(page, 'Ada').click();
  await expect(page.getByRole('button', { name: 'Pass', exact: true })).toBeVisible();
  await place(page, 'H', 7, 4);
  await place(page, 'H', 7, 5);
  await page.reload();
  await page.getByRole('button', { name: 'Resume pass and play' }).click();

  // the hand-off shows neither her rack nor the tiles she had put down
  await expect(page.getByRole('heading', { name: 'Pass the device to Ada' })).toBeVisible();
  await expect(page.locator('button[data-symbol]')).toHaveCount(0);
  await expect(page.locator('.board .sq.new')).toHaveCount(0);
  await expect(square(page, 7, 4)).not.toHaveAttribute('aria-label', /H \(Hydrogen\)/);

  // back to Ada: her two tiles are where she left them; she plays all seven and goes out
  await handoffButton(page, 'Ada').click();
  await expect(page.locator('.board .sq.new')).toHaveCount(2);
  for (const [i, symbol] of ['S', 'O', 'O', 'O', 'O'].entries()) {
    await place(page, symbol, 7, 6 + i);
  }
  await page.getByRole('button', { name: 'Submit formula' }).click();

  // (1+1+2+1+1+1+1) × 2 on the star + 15 Full Reaction = 31; Bo's 13 rack points move to Ada
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toContainText('Ada went out.');
  await expect(page.getByTestId('winner')).toHaveText('Ada wins!');
  await expect(results.getByTestId('leftover')).toHaveText(['+13', '−13']);
  await expect(results.getByTestId('final')).toHaveText(['44', '−13']);
  await expect(page.locator('.notebook')).toContainText('Full Reaction +15');
  expect(await page.evaluate(() => localStorage.getItem('molscrab.save.pass-and-play'))).toBeNull();
  expect(errors).toEqual([]);
});

test('each player\'s rack keeps their own order: another player\'s Sort is not theirs, and a reload keeps both', async ({ page }) => {
  const errors = watchErrors(page);
  // Ada: H H O C C Na Cl; Ben: O O O H H N N (QA: Ada's rack came back in Ben's order)
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Ben'], bag: 'H H O C C Na Cl O O O H H N N K K' }));
  const symbols = () => rackTiles(page).evaluateAll((els) => els.map((e) => e.dataset.symbol));
  const pass = async (next) => {
    await page.getByRole('button', { name: 'Pass', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, pass' }).click();
    await handoffButton(page, next).click();
  };
  await handoffButton(page, 'Ada').click();
  await page.getByRole('button', { name: 'Sort' }).click();
  await expect.poll(symbols).toEqual(['C', 'C', 'Cl', 'H', 'H', 'Na', 'O']);
  await pass('Ben');
  // Ben drags nothing and sorts nothing: his rack as dealt, then sorted
  await expect.poll(symbols).toEqual(['O', 'O', 'O', 'H', 'H', 'N', 'N']);
  await page.getByRole('button', { name: 'Sort' }).click();
  await expect.poll(symbols).toEqual(['H', 'H', 'N', 'N', 'O', 'O', 'O']);
  await pass('Ada');
  await expect.poll(symbols).toEqual(['C', 'C', 'Cl', 'H', 'H', 'Na', 'O']);
  await page.reload();
  await page.getByRole('button', { name: 'Resume pass and play' }).click();
  await handoffButton(page, 'Ada').click();
  await expect.poll(symbols).toEqual(['C', 'C', 'Cl', 'H', 'H', 'Na', 'O']);
  await pass('Ben');
  await expect.poll(symbols).toEqual(['H', 'H', 'N', 'N', 'O', 'O', 'O']);
  expect(errors).toEqual([]);
});
