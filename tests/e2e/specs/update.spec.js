// Updates: a new deploy is downloaded in the background, the player is told a new version is
// ready, and it starts only when they press Reload; then every file is the new build's.
// The test plays the static host itself: its root switches from one build to the next.
import { test, expect } from '@playwright/test';
import { workerReady } from '../worker.js';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staticHost } from '../serve.mjs';
import { subPath } from '../sites.js';

const dist = fileURLToPath(new URL('../../../dist', import.meta.url));
const postbuild = fileURLToPath(new URL('../../../scripts/postbuild.mjs', import.meta.url));
const versionOf = (dir) => readFileSync(join(dir, 'sw.js'), 'utf8').match(/const VERSION = '(\w+)'/)[1];

let deploys, v1, v2, host, site;
test.beforeAll(async () => {
  deploys = mkdtempSync(join(tmpdir(), 'molscrab-deploys-'));
  v1 = join(deploys, 'v1');
  v2 = join(deploys, 'v2');
  cpSync(dist, v1, { recursive: true });
  cpSync(dist, v2, { recursive: true });
  // the changed build: its page carries a mark, and the build's own hook runs again on it, as
  // `trunk build` would, giving its worker a new file list and version
  const index = join(v2, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace('<head>', '<head>\n<meta name="build" content="v2">'));
  execFileSync('node', [postbuild, v2]);
  expect(versionOf(v2)).not.toBe(versionOf(v1));
  host = staticHost(v1, subPath);
  site = await host.listen();
});
test.afterAll(async () => {
  await host?.close();
  if (deploys) rmSync(deploys, { recursive: true, force: true });
});

const banner = (page) => page.getByRole('status').filter({ hasText: 'A new version is ready' });
const isV2 = (page) => page.locator('meta[name="build"][content="v2"]');
const caches = (page) => page.evaluate(() => caches.keys());

test('a new deploy is offered, and runs whole once the player accepts', async ({ page }) => {
  host.root = v1;
  await page.goto(site);
  await workerReady(page);
  await page.reload(); // now the version-1 worker serves the page
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  host.root = v2; // deploy
  await page.reload(); // the browser checks the worker on every visit
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole('button', { name: 'Reload' })).toBeVisible();
  // until the player accepts, the page is still version 1, whole
  await expect(isV2(page)).toHaveCount(0);
  await page.reload();
  await expect(isV2(page)).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
  expect(await caches(page)).toHaveLength(2); // version 1 in use, version 2 ready beside it

  const responses = [];
  page.on('response', (r) => responses.push(r));
  await Promise.all([
    page.waitForEvent('load'),
    banner(page).getByRole('button', { name: 'Reload' }).click(),
  ]);
  await expect(isV2(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  // only version 2's cache is left, and every file of the new page came from it
  expect(await caches(page)).toEqual([`molscrab ${site} ${versionOf(v2)}`]);
  const fromNetwork = responses.filter((r) => !r.fromServiceWorker() && r.url() !== `${site}sw.js`);
  expect(fromNetwork.map((r) => r.url())).toEqual([]);
});

test('"Later" hides the banner, and the page stays on its version', async ({ page }) => {
  host.root = v1;
  await page.goto(site);
  await workerReady(page);
  await page.reload();
  host.root = v2;
  await page.reload();
  await banner(page).getByRole('button', { name: 'Later' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(isV2(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
});
