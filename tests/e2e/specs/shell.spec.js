// The page shell: it loads cleanly, shows the board, and the tabs switch.
import { test, expect } from '@playwright/test';

test('the page loads with no console error and shows the 15×15 board', async ({ page }) => {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await expect(page.getByRole('heading', { name: 'Molecular Scrabble' })).toBeVisible();
  await expect(page.locator('.board button[data-row]')).toHaveCount(225);
  await expect(page.locator('[data-row="7"][data-col="7"]')).toHaveAttribute('aria-label', /centre star/);
  expect(errors).toEqual([]);
});

test('the tabs switch between Play, How to play and Reference card', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('tab', { name: 'How to play' }).click();
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'How to play' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Reference card' }).click();
  await expect(page.getByRole('heading', { name: 'Reference card' })).toBeVisible();
  await page.getByRole('tab', { name: 'Play', exact: true }).click();
  await expect(page.locator('.board button[data-row]')).toHaveCount(225);
});

test('the page never scrolls sideways', async ({ page }) => {
  await page.goto('./');
  await expect(page.locator('.board')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
