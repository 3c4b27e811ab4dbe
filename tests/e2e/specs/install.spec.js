// Installable: a web app manifest with relative start URL and scope, PNG and maskable icons,
// and Chromium's own installability check passes.
import { test, expect } from '@playwright/test';
import { workerReady } from '../worker.js';
import { subPathSite } from '../sites.js';

test('the manifest and icons make the game installable from a sub-path', async ({ page, request, browserName }) => {
  await page.goto(subPathSite);
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifestUrl = new URL(href, subPathSite).href;
  const response = await request.get(manifestUrl);
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(new URL(manifest.start_url, manifestUrl).href).toBe(subPathSite);
  expect(new URL(manifest.scope, manifestUrl).href).toBe(subPathSite);
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toBe(await page.locator('meta[name="theme-color"]').getAttribute('content'));
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.type} ${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining([
    '192x192 image/png any', '512x512 image/png any', '512x512 image/png maskable',
  ]));
  // the tab's icon is one of the manifest's PNGs: an SVG icon is drawn on the page's main thread
  // as it loads (Index.html)
  const tabIcon = await page.locator('link[rel="icon"]').getAttribute('href');
  expect(manifest.icons.map((i) => i.src)).toContain(tabIcon);
  expect(tabIcon).toMatch(/\.png$/);
  const apple = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  for (const src of [...manifest.icons.map((i) => i.src), apple]) {
    const icon = await request.get(new URL(src, manifestUrl).href);
    expect(icon.ok(), src).toBe(true);
    if (src.endsWith('.png')) {
      // the PNG header's width and height match what the manifest says
      const png = await icon.body();
      const size = `${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`;
      const declared = manifest.icons.find((i) => i.src === src)?.sizes ?? '180x180';
      expect(size, src).toBe(declared);
    }
  }

  test.skip(browserName !== 'chromium', 'installability is asked of Chromium itself');
  await workerReady(page);
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
});
