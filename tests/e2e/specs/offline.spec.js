// Offline: after one load from a sub-path of a static host, the game works with no network.
import { test, expect } from '@playwright/test';
import { workerReady } from '../worker.js';
import { subPathSite } from '../sites.js';

const squares = (page) => page.locator('.board button[data-row]');

test('after one load from a sub-path, the game runs offline', async ({ page, context }) => {
  await page.goto(subPathSite);
  await expect(squares(page)).toHaveCount(225);
  expect(await workerReady(page)).toBe(`${subPathSite}sw.js`);

  await context.setOffline(true);
  const reload = await page.reload();
  expect(reload.fromServiceWorker()).toBe(true);
  await expect(squares(page)).toHaveCount(225);
  // the network really is gone: a file the build lacks cannot be fetched
  const probe = await page.evaluate(() => fetch('not-in-the-build.txt').then(() => 'fetched', () => 'failed'));
  expect(probe).toBe('failed');

  // the whole page works, not only its first screen
  await page.getByRole('tab', { name: 'How to play' }).click();
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  await page.getByRole('tab', { name: 'Reference card' }).click();
  await expect(page.getByRole('heading', { name: 'Reference card' })).toBeVisible();
  await page.getByRole('tab', { name: 'Play', exact: true }).click();
  await expect(squares(page)).toHaveCount(225);
  await expect(page.locator('[data-row="7"][data-col="7"]')).toHaveAttribute('aria-label', /centre star/);
});

test('offline, the game opens in a new tab, by its folder or by index.html', async ({ page, context }) => {
  await page.goto(subPathSite);
  await workerReady(page);
  await context.setOffline(true);
  for (const url of [subPathSite, `${subPathSite}index.html`, `${subPathSite}?from=home-screen`]) {
    const tab = await context.newPage();
    await tab.goto(url);
    await expect(squares(tab)).toHaveCount(225);
    await tab.close();
  }
});
