// The unseen-tiles panel: the bag and the other racks, counted by the engine, laid out like the
// periodic table; it folds away, and shows nothing on the hand-off.
import { test, expect } from '@playwright/test';
import { record, resumeWith, place } from './helpers.js';

const cell = (page, symbol) => page.locator('.unseen .pt li').filter({ hasText: new RegExp(`^${symbol.replace('?', '\\?')} \\d+$`) });

test('Solitaire: the bag, element by element, and one fold to hide it', async ({ page }) => {
  await resumeWith(page, record({ bag: 'H H O C N Na Cl O O N N K K S S' }));
  const panel = page.locator('details.unseen');
  await expect(panel.locator('summary')).toHaveText('Unseen tiles 8');
  await expect(cell(page, 'O')).toHaveText('O 2');
  // where each sits is the periodic table's: O in period 2 (Li's row), group 16 (S's column);
  // the Wild Isotopes in H's row, Uranium in a row of its own below Barium's
  const box = async (symbol) => cell(page, symbol).boundingBox();
  const [o, li, s, h, wild, ba, u] = await Promise.all(['O', 'Li', 'S', 'H', '?', 'Ba', 'U'].map(box));
  expect(Math.round(o.y)).toBe(Math.round(li.y));
  expect(Math.round(o.x)).toBe(Math.round(s.x));
  expect(Math.round(wild.y)).toBe(Math.round(h.y));
  expect(o.y).toBeGreaterThan(h.y);
  expect(s.y).toBeGreaterThan(o.y);
  expect(u.y).toBeGreaterThan(ba.y);
  expect(u.x).toBeGreaterThan(ba.x);
  await expect(cell(page, 'K')).toHaveText('K 2');
  await expect(cell(page, 'H')).toHaveText('H 0');
  await expect(cell(page, 'H')).toHaveClass(/none/);
  await expect(page.locator('.unseen .pt li')).toHaveCount(34);

  // a play draws from the bag: what was drawn is seen now
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(panel.locator('summary')).toHaveText('Unseen tiles 5');

  await panel.locator('summary').click();
  await expect(page.locator('.unseen .pt')).toBeHidden();
  await panel.locator('summary').click();
  await expect(page.locator('.unseen .pt')).toBeVisible();
});

test('Pass and Play: the other rack counts as unseen, and the hand-off shows nothing', async ({ page }) => {
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'H H O C C Na Cl O O O H H N N K K S S' }));
  await expect(page.locator('details.unseen')).toBeHidden();
  await page.getByRole('button', { name: "I'm Ada — show my tiles" }).click();
  // Ada holds H H O C C Na Cl; Bo O O O H H N N; the bag K K S S
  await expect(page.locator('details.unseen summary')).toHaveText('Unseen tiles 11');
  await expect(cell(page, 'O')).toHaveText('O 3');
  await expect(cell(page, 'H')).toHaveText('H 2');
  await expect(cell(page, 'Na')).toHaveText('Na 0');
});
