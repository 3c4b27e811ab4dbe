// Keyboard play: when a tap swaps one row of buttons for another, focus lands on a button that
// shows, never on the page itself.
import { test, expect } from '@playwright/test';
import { record, openApp, resumeWith, place, SLOT } from './helpers.js';

const focusedTag = (page) => page.evaluate(() => document.activeElement?.tagName);

test('a question takes focus on its harmless answer, and focus returns to what asked it', async ({ page }) => {
  const saved = JSON.stringify(record({ bag: 'H H O C C C C N N N K K S S' }));
  await openApp(page);
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [SLOT.solitaire, saved]);
  await page.reload();
  const start = page.getByRole('button', { name: 'Start solitaire' });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(start).toBeFocused();
  expect(await page.evaluate((key) => localStorage.getItem(key), SLOT.solitaire)).toBe(saved);

  // in the game: End game asks, Keep playing answers, focus goes back to End game
  await page.getByRole('button', { name: 'Resume game' }).click();
  const end = page.getByRole('button', { name: 'End game' });
  await end.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Keep playing' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(end).toBeFocused();
  // Escape answers the question with Keep playing too, and focus goes back to End game
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Keep playing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Keep playing' })).toBeHidden();
  await expect(end).toBeFocused();

  // Exchange tiles swaps the buttons: focus stays on one that shows
  await page.getByRole('button', { name: 'Exchange tiles' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect.poll(() => focusedTag(page)).toBe('BUTTON');
  await expect(page.locator('button:focus')).toBeVisible();
});

test('after a Pass and Play turn, focus is on the next player\'s button', async ({ page }) => {
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'H H O C C C C N N N K K S S O O' }));
  await page.getByRole('button', { name: "I'm Ada — show my tiles" }).click();
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: "I'm Bo — show my tiles" })).toBeFocused();
});

test('Escape puts a lifted tile down, a Wild Isotope too', async ({ page }) => {
  await resumeWith(page, record({ bag: 'H ? O C C C C N N N K K S S' }));
  await page.locator('.rack button[data-symbol="H"]').click();
  await expect(page.locator('.rack .tile.chosen')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.locator('.rack .tile.chosen')).toHaveCount(0);
  // a Wild Isotope waiting for its element: the picker goes with it
  await page.locator('.rack button[data-symbol="?"]').click();
  await expect(page.locator('.wild-picker')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.wild-picker')).toBeHidden();
  await expect(page.locator('.rack .tile.chosen')).toHaveCount(0);
  // an element chosen, focus in the element row: Escape puts the tile down, focus on it
  await page.locator('.rack button[data-symbol="?"]').click();
  await page.locator('.wild-picker button', { hasText: /^C$/ }).click();
  await page.locator('.wild-picker button', { hasText: /^C$/ }).focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('.wild-picker')).toBeHidden();
  await expect(page.locator('.rack button[data-symbol="?"]')).toBeFocused();
  // nothing lifted: the tiles placed stay (Escape on the board recalls them; elsewhere, nothing)
  await place(page, 'H', 7, 7);
  await page.locator('.rack button[data-symbol="O"]').focus();
  await page.keyboard.press('Escape');
  await expect(page.locator('.board .sq.new')).toHaveCount(1);
  // picking tiles for an exchange, focus on the rack: Escape leaves the exchange
  await page.getByRole('button', { name: 'Exchange tiles' }).click();
  await page.locator('.rack button[data-symbol="O"]').click();
  await expect(page.locator('.rack .tile.chosen')).toHaveCount(1);
  await expect(page.locator('.acts')).toHaveAttribute('data-show', /exchange/);
  await page.keyboard.press('Escape');
  await expect(page.locator('.acts')).not.toHaveAttribute('data-show', /exchange/);
  await expect(page.locator('.rack .tile.chosen')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit formula' })).toBeVisible();
});

test('the typing cursor shows once keys are used, not after a tap or a click', async ({ page }) => {
  // a finger types nothing: the arrow and ring on the square keys go to are for the keyboard,
  // and drawing them on every tap between rack and board restyled the board's squares
  await resumeWith(page, record({ bag: 'H H O C N Na Cl O O N N K K S S Mg Mg Ca Ca' }));
  const cursor = () => page.evaluate(() => {
    const a = document.activeElement;
    const before = getComputedStyle(a, '::before');
    // in the corner: at the top of the square, small (on a tile it shares the room beside the
    // letter with the points, positioned nowhere)
    const corner = before.alignSelf === 'flex-start' && before.fontSize === '11px';
    return { cur: a.classList.contains('cur'), arrow: before.content, corner, ring: getComputedStyle(a).boxShadow };
  });
  await page.locator('.board [data-row="7"][data-col="5"]').click();
  const tapped = await cursor();
  expect(tapped.cur).toBe(true);
  expect(tapped.arrow).not.toContain('→');
  expect(tapped.ring).toBe('none');
  await page.keyboard.press('ArrowRight');
  const typed = await cursor();
  expect(typed.cur).toBe(true);
  expect(typed.arrow).toBe('"→"');
  expect(typed.ring).toContain('inset');
  expect(typed.corner).toBe(false);
  await page.keyboard.press('Space');
  expect((await cursor()).arrow).toBe('"↓"');
  // on a tile the arrow sits small in the square's corner, not beside the letter (QA)
  await page.keyboard.press('Space');
  await page.keyboard.type('H');
  await page.keyboard.press('ArrowLeft');
  const onTile = await cursor();
  expect(onTile.arrow).toBe('"→"');
  expect(onTile.corner).toBe(true);
});
