// A whole Solitaire game with the keyboard alone: no click, no tap. The board is one Tab stop
// (a WAI-ARIA grid with a roving tabindex); symbols typed on it place tiles.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { record, openApp, square, rackSymbols, rackPoints, SLOT, watchErrors } from './helpers.js';

/** Presses Tab until the focused element's accessible text matches `name` (at most 60 times);
 * none when it already does. */
async function tabTo(page, name) {
  for (let i = 0; i <= 60; i += 1) {
    const text = await page.evaluate(() => {
      const a = document.activeElement;
      return a && a !== document.body ? a.getAttribute('aria-label') ?? a.textContent : '';
    });
    if (name.test(text)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${name}`);
}

const type = async (page, keys) => {
  for (const key of keys) await page.keyboard.press(key);
};

test('a whole Solitaire game played by keyboard only', async ({ page }) => {
  const errors = watchErrors(page);
  const bag = 'H H O ? Na Cl C O N N K K S S Mg Mg Ca Ca Li Li F';
  await openApp(page);
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); },
    [SLOT.solitaire, JSON.stringify(record({ bag }))]);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Resume game' })).toBeVisible();
  await tabTo(page, /^Resume game$/);
  await page.keyboard.press('Enter');

  // the board is one Tab stop: the cursor's square, on the star
  const grid = page.getByRole('grid', { name: 'Board' });
  await expect(grid).toBeVisible();
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
  await tabTo(page, /centre star/);
  await expect(square(page, 7, 7)).toBeFocused();
  await expect(square(page, 7, 7)).toHaveAttribute('aria-label', /typing across/);

  // a small letter first places nothing and says how symbols are typed
  await type(page, ['h']);
  await expect(page.locator('.turn .notice.refused')).toHaveText('A symbol starts with a capital letter: H for hydrogen, N then a for Na.');
  await expect(page.locator('.board .sq.new')).toHaveCount(0);
  // H H O across the star, Enter: water scores (1 + 1 + 1) × 2 = 6
  await type(page, ['H', 'H', 'O']);
  await expect(square(page, 7, 9)).toHaveAttribute('aria-label', /^O \(Oxygen\), placed this turn/);
  await expect(square(page, 7, 10)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('score')).toHaveText('6');
  await expect(page.locator('.notebook')).toContainText('H₂O — water');

  // up to the square above the first H, Space turns the cursor down, ? H plays a Wild Isotope
  // as hydrogen; the cursor skips the H on the board, and O makes water down column 7
  await type(page, ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowUp', ' ']);
  await expect(square(page, 6, 7)).toBeFocused();
  await expect(square(page, 6, 7)).toHaveAttribute('aria-label', /typing down/);
  // what is typed of a symbol shows on the cursor's square until the symbol is whole (QA: ?
  // showed nothing)
  await type(page, ['?']);
  await expect(square(page, 6, 7)).toHaveAttribute('data-typed', '?');
  await expect(square(page, 6, 7)).toHaveAttribute('aria-label', /typing down, typed so far \?/);
  expect(await square(page, 6, 7).evaluate((e) => getComputedStyle(e, '::before').content)).toBe('"?"');
  // and what to type next is said in the keyboard's words, where the news goes (issue 31)
  await expect(page.locator('.wild-typed')).toBeVisible();
  await expect(page.locator('.wild-typed')).toHaveText(/^Type the element the Wild Isotope becomes: its symbol/);
  // Escape drops it (QA: it stayed, and the next letter spent the Wild Isotope); typed again
  await type(page, ['Escape']);
  await expect(square(page, 6, 7)).not.toHaveAttribute('data-typed');
  await expect(page.locator('.wild-typed')).toBeHidden();
  await type(page, ['?']);
  await type(page, ['H', 'O']);
  await expect(square(page, 6, 7)).not.toHaveAttribute('data-typed');
  await expect(square(page, 6, 7)).toHaveAttribute('aria-label', /^H \(Hydrogen\), Wild Isotope, 0 points/);
  await expect(square(page, 8, 7)).toHaveAttribute('aria-label', /^O \(Oxygen\)/);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('score')).toHaveText('8');

  // a mistake taken back: Backspace, then Escape recalls the rest
  await type(page, ['ArrowUp', 'ArrowLeft', 'ArrowLeft', ' ']);
  await expect(square(page, 8, 5)).toBeFocused();
  await type(page, ['N', 'C']);
  await expect(page.locator('.board .sq.new')).toHaveCount(2);
  await page.keyboard.press('Backspace');
  await expect(page.locator('.board .sq.new')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.board .sq.new')).toHaveCount(0);

  // N a → Na and C l → Cl, left of the O in row 8: Na Cl O (NaOCl) in Theory Mode
  await page.keyboard.press('Home');
  await type(page, ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight']);
  await expect(square(page, 8, 5)).toBeFocused();
  await type(page, ['N', 'a', 'C', 'l']);
  await expect(square(page, 8, 5)).toHaveAttribute('aria-label', /^Na \(Sodium\)/);
  await expect(square(page, 8, 6)).toHaveAttribute('aria-label', /^Cl \(Chlorine\)/);
  await page.keyboard.press('Enter');
  await expect(page.locator('.notebook .entry')).toHaveCount(3);
  await expect(page.locator('.board .sq.new')).toHaveCount(0);

  // X starts an exchange; the symbols typed pick tiles; Enter confirms
  const before = await rackSymbols(page);
  const swap = before.filter((s) => s !== '?').slice(0, 2);
  await page.keyboard.press('X');
  await expect(page.getByRole('button', { name: 'Confirm exchange' })).toBeVisible();
  // the exchange says what to do in the keyboard's words, not a finger's (issue 31)
  const visible = (cls, text) => page.locator(cls, { hasText: text }).filter({ visible: true });
  await expect(visible('.by-key', "Exchange: press the tiles' letters")).toHaveCount(1);
  await expect(visible('.by-tap', 'Tap the tiles to exchange')).toHaveCount(0);
  await type(page, swap.flatMap((s) => s.split('')));
  await expect(page.locator('.rack button[aria-pressed="true"]')).toHaveCount(2);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('exchanges-left')).toHaveText('2');

  // E asks to end the game; focus goes to the harmless answer, Shift+Tab to the other
  const left = await rackPoints(page);
  const scored = Number(await page.getByTestId('score').textContent());
  await page.keyboard.press('E');
  await expect(page.getByRole('button', { name: 'Keep playing' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Yes, end the game' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('final-score')).toHaveText(String(scored - left));
  await tabTo(page, /^New game$/);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('tabbing through a long notebook shows each formula\'s whole focus ring', async ({ page }) => {
  // 25 turns of the computer's Solitaire (`molscrab selfplay --seed 3`, its last move "end" left out)
  // (as text: its 64-bit seed would not survive JavaScript's numbers)
  const long = readFileSync(new URL('../fixtures/long-solitaire.json', import.meta.url), 'utf8');
  await openApp(page);
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); },
    [SLOT.solitaire, long]);
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  const notebook = page.locator('.notebook');
  await expect(notebook.locator('.entry')).toHaveCount(25);
  await notebook.locator('.formula').first().focus();
  for (let i = 0; i < 16; i += 1) {
    await page.keyboard.press('Tab');
    // the ring (3 px outline, 2 px offset) lies inside the scrolled list, neither edge cut off
    const cut = await page.evaluate(() => {
      const a = document.activeElement;
      const list = a.closest('.notebook');
      if (!list) return null;
      const at = a.getBoundingClientRect();
      const box = list.getBoundingClientRect();
      return Math.max(at.bottom + 5 - box.bottom, box.top - (at.top - 5));
    });
    if (cut === null) break;
    expect(cut, `formula ${i + 1} tabbed to`).toBeLessThanOrEqual(0.5);
  }
  expect(await notebook.evaluate((n) => n.scrollTop)).toBeGreaterThan(0);
  // on a 320 px phone its longest formulas (24 symbols) wrap inside the list, never past its edge
  await page.setViewportSize({ width: 320, height: 700 });
  await expect(notebook).toContainText('UHgCaMgOHAuBaCaONaNiAlHPt');
  expect(await notebook.evaluate((n) => n.scrollWidth - n.clientWidth)).toBe(0);
});
