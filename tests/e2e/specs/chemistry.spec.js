// Chemistry explained: a played formula's card (name, drawing, mass, fact) from the engine's
// worker, documented substances named in the notebook and left out of the Hypothetical count,
// and the card offline.
import { test, expect } from '@playwright/test';
import { record, resumeWith, place, watchErrors } from './helpers.js';

test('a documented formula off the card is named in the notebook, and its card opens and closes', async ({ page }) => {
  const errors = watchErrors(page);
  await resumeWith(page, record({ bag: 'H Br H H O C C N N N K K S S Mg Mg Ca Ca' }));
  await place(page, 'H', 7, 7);
  await place(page, 'Br', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  // hydrogen bromide is not a card formula, but a real substance: named, not Hypothetical
  const formula = page.locator('.notebook button.formula').first();
  await expect(formula).toHaveText('HBr — hydrogen bromide');
  await expect(page.locator('.notebook .tag.documented')).toHaveCount(1);
  await expect(page.locator('.notebook .tag.hypothetical')).toHaveCount(0);
  await expect(page.getByTestId('hypotheticals')).toHaveText('0');

  await formula.click();
  const card = page.getByRole('dialog', { name: 'Formula card' });
  await expect(card).toBeVisible();
  await expect(card.locator('.card-name')).toHaveText('hydrogen bromide');
  await expect(card.locator('.card-kind')).toContainText('Documented');
  await expect(card.locator('svg[role="img"]')).toBeVisible();
  await expect(card.locator('figcaption')).toHaveText('H–Br');
  await expect(card).toContainText('80.912 g/mol');
  // Close, and focus goes back to the formula it came from
  await card.getByRole('button', { name: 'Close' }).click();
  await expect(card).toBeHidden();
  await expect(formula).toBeFocused();
  // a modal card keeps the keyboard: Tab and Shift+Tab stay on its own buttons and links
  await formula.click();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Close' })).toBeFocused();
  for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Tab', 'Tab', 'Tab']) {
    await page.keyboard.press(key);
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.card-sheet'))), key).toBe(true);
  }
  // Escape closes it too
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  expect(errors).toEqual([]);
});

test('a card formula shows its fact and source, and a made-up one says Hypothetical', async ({ page }) => {
  await resumeWith(page, record({ bag: 'H H O C H H N N N K K S S Mg Mg Ca Ca' }));
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await page.locator('.notebook button.formula').first().click();
  const card = page.getByRole('dialog', { name: 'Formula card' });
  await expect(card.locator('.card-name')).toHaveText('water');
  await expect(card.locator('.card-fact cite')).toContainText('Source:');
  await card.getByRole('button', { name: 'Close' }).click();
  // O·N·K down from the water's O: valid, but no documented substance: Hypothetical
  await place(page, 'N', 8, 8);
  await place(page, 'K', 9, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  const made = page.locator('.notebook .entry').first().locator('button.formula').first();
  await made.click();
  await expect(card.locator('.card-kind')).toContainText('Hypothetical');
});

test('cards open offline, after the first load', async ({ page, context }) => {
  await resumeWith(page, record({ bag: 'H Br H H O C C N N N K K S S Mg Mg Ca Ca' }));
  // the service worker has the build, the worker and the table precached
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready) && (await caches.keys()).length > 0);
  await page.waitForFunction(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const keys = (await cache.keys()).map((r) => r.url);
      if (keys.some((u) => u.endsWith('lazy/substances.txt')) && keys.some((u) => u.endsWith('lazy/engine.wasm'))) return true;
    }
    return false;
  });
  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await place(page, 'H', 7, 7);
  await place(page, 'Br', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await page.locator('.notebook button.formula').first().click();
  await expect(page.getByRole('dialog', { name: 'Formula card' }).locator('.card-name')).toHaveText('hydrogen bromide');
  await context.setOffline(false);
});
