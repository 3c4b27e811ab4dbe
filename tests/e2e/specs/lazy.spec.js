// The game screen's code is a wasm chunk in lazy/ (src/ui/lazy.rs, scripts/wasm-link.sh): the
// Play tab comes first, the chunk is fetched after it, and a chunk that cannot come loses
// nothing: the Play panel says so, and Try again opens the game once it can; while it is on its
// way, the panel says the game is opening.
import { test, expect } from '@playwright/test';
import { openApp, record, resumeButton, SLOT } from './helpers.js';

const chunk = /\/lazy\/split_game\.wasm$/;

// the page's own requests, as a first visit before the service worker (which would answer from
// its cache, where page.route cannot see) makes them
test.use({ serviceWorkers: 'block' });

test('the game screen\'s chunk is fetched soon after the Play tab is up, and a game opens with it', async ({ page }) => {
  const asked = [];
  page.on('request', (r) => asked.push(r.url()));
  await openApp(page);
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
  // fetched soon after the first screen, so that a game opens at once
  await expect.poll(() => asked.some((url) => chunk.test(url))).toBe(true);
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.board button[data-row]')).toHaveCount(225);
});

test('a game screen whose code cannot be fetched says so, keeps the game, and opens on Try again', async ({ page }) => {
  let blocked = true;
  await page.route(chunk, (route) => (blocked ? route.abort('internetdisconnected') : route.continue()));
  const rec = record({ bag: 'H H O C N Na Cl O O N N K K S S Mg Mg' });
  await page.addInitScript(([key, text]) => {
    if (!localStorage.getItem(key)) localStorage.setItem(key, text);
  }, [SLOT.solitaire, JSON.stringify(rec)]);
  await openApp(page);
  await resumeButton(page, rec).click();
  const alert = page.getByRole('alert').filter({ hasText: "The game's screen could not be loaded" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Your game is kept');
  await expect(page.locator('.board')).toHaveCount(0);
  // the save is untouched
  expect(JSON.parse(await page.evaluate((key) => localStorage.getItem(key), SLOT.solitaire)).moves).toEqual([]);

  blocked = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('.board button[data-row]')).toHaveCount(225);
  await expect(alert).toHaveCount(0);
  await expect(page.getByTestId('score')).toHaveText('0');
});

test('while the game screen\'s code is on its way, the Play panel says the game is opening', async ({ page }) => {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route(chunk, async (route) => {
    await held;
    await route.continue();
  });
  await openApp(page);
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  const opening = page.getByRole('status').filter({ hasText: 'Opening the game…' });
  await expect(opening).toBeVisible();
  await expect(page.locator('.board')).toHaveCount(0);
  release();
  await expect(page.locator('.board button[data-row]')).toHaveCount(225);
  await expect(opening).toBeHidden();
});
