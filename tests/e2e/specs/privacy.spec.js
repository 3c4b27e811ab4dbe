// Privacy and CSP: a load never asks another origin for anything, and the page runs under its
// strict Content-Security-Policy without a single violation.
import { test, expect } from '@playwright/test';
import { workerReady } from '../worker.js';
import { subPathSite } from '../sites.js';

// records CSP violations from the first byte of the page on
async function watchCsp(page) {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

test('a load and a visit of every tab asks no other origin for anything', async ({ page, context }) => {
  const origin = new URL(subPathSite).origin;
  const requests = [];
  context.on('request', (r) => requests.push(r.url())); // the page's and its worker's
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  await watchCsp(page);

  await page.goto(subPathSite);
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
  await workerReady(page);
  for (const name of ['How to play', 'Reference card', 'Play']) await page.getByRole('tab', { name, exact: true }).click();
  // the game screen too: board, rack, panels
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.board button[data-row]')).toHaveCount(225);
  await page.locator('.rack button[data-symbol]').first().click();
  await page.getByRole('button', { name: 'Save and leave' }).click();
  await page.reload(); // the second load, from the service worker
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();

  const web = requests.filter((url) => /^(https?|wss?):/.test(url));
  expect(web.length).toBeGreaterThan(3);
  expect(web.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the Content-Security-Policy is strict, and enforced', async ({ page }) => {
  await watchCsp(page);
  await page.goto(subPathSite);
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(policy).toMatch(/(^|; )default-src 'self'(;|$)/);
  expect(policy).toMatch(/(^|; )script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/]+=*')+(;|$)/);
  expect(policy).toMatch(/(^|; )style-src 'self'(;|$)/);
  expect(policy).not.toContain('unsafe-inline');
  // a script slipped into the page, or a file from elsewhere, is refused
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.injected = true';
    document.body.append(s);
    const img = document.createElement('img');
    img.src = 'https://example.com/pixel.png';
    document.body.append(img);
  });
  await expect.poll(() => page.evaluate(() => window.cspViolations.length)).toBe(2);
  expect(await page.evaluate(() => window.injected)).toBeUndefined();
});
