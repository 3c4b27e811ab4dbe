// Offline: after one load from a sub-path of a static host, the game works with no network.
import { test, expect } from '@playwright/test';
import { workerReady } from '../worker.js';
import { subPathSite } from '../sites.js';
import { record, place, square, SLOT } from './helpers.js';

const ready = (page) => expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();

test('after one load from a sub-path, the game runs offline and a formula can be played', async ({ page, context }) => {
  await page.goto(subPathSite);
  await ready(page);
  expect(await workerReady(page)).toBe(`${subPathSite}sw.js`);

  await context.setOffline(true);
  const reload = await page.reload();
  expect(reload.fromServiceWorker()).toBe(true);
  await ready(page);
  // the network really is gone: a file the build lacks cannot be fetched
  const probe = await page.evaluate(() => fetch('not-in-the-build.txt').then(() => 'fetched', () => 'failed'));
  expect(probe).toBe('failed');

  // the whole page works, not only its first screen
  await page.getByRole('tab', { name: 'How to play' }).click();
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  await page.getByRole('tab', { name: 'Reference card' }).click();
  await expect(page.getByRole('heading', { name: 'Reference card' })).toBeVisible();
  await page.getByRole('tab', { name: 'Play', exact: true }).click();

  // and a game is played: water across the star scores 6, still offline
  const rec = record({ bag: 'H H O C N Na Cl O O N N K K S S Mg Mg' });
  await page.evaluate(([key, text]) => localStorage.setItem(key, text), [SLOT.solitaire, JSON.stringify(rec)]);
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.locator('.board button[data-row]')).toHaveCount(225);
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
  await expect(square(page, 7, 8)).toHaveAttribute('aria-label', /^O \(Oxygen\), row 8, column 9$/);
});

test('offline, the game opens in a new tab, by its folder or by index.html', async ({ page, context }) => {
  await page.goto(subPathSite);
  await workerReady(page);
  await context.setOffline(true);
  for (const url of [subPathSite, `${subPathSite}index.html`, `${subPathSite}?from=home-screen`]) {
    const tab = await context.newPage();
    await tab.goto(url);
    await ready(tab);
    await tab.close();
  }
});
