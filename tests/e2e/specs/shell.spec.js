// The page shell: it loads cleanly, the tabs switch, a game shows the 15×15 board.
import { test, expect } from '@playwright/test';
import { openApp, watchErrors } from './helpers.js';

test('the page loads with no console error and a game shows the 15×15 board', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('./');
  await page.evaluate(() => localStorage.clear());
  await expect(page.getByRole('heading', { name: 'Molecular Scrabble' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /^Theory Mode/ })).toBeChecked();
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.board button[data-row]')).toHaveCount(225);
  await expect(page.locator('[data-row="7"][data-col="7"]')).toHaveAttribute('aria-label', /centre star/);
  await expect(page.locator('.board .sq.tw')).toHaveCount(8);
  await expect(page.locator('.board .sq.dw')).toHaveCount(17);
  await expect(page.locator('.board .sq.tl')).toHaveCount(12);
  await expect(page.locator('.board .sq.dl')).toHaveCount(24);
  expect(errors).toEqual([]);
});

test('the first screen is painted before the game\'s code is fetched (postbuild.mjs)', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('tablist', { name: 'Sections' })).toBeVisible();
  const order = await page.evaluate(() => {
    const files = performance.getEntriesByType('resource');
    const wasm = files.find((f) => f.name.endsWith('_bg.wasm'));
    const css = files.find((f) => f.name.endsWith('.css'));
    const paint = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      preloaded: document.querySelectorAll('link[rel=preload][href$=".wasm"]').length,
      wasmAsked: wasm?.startTime, cssArrived: css?.responseEnd, painted: paint?.startTime,
    };
  });
  // a preload would start the ~160 KB wasm beside the stylesheet; the loader waits for a frame
  expect(order.preloaded).toBe(0);
  expect(order.painted).toBeGreaterThan(0);
  expect(order.wasmAsked).toBeGreaterThan(order.cssArrived);
});

test('the Play tab loads without moving what shows: its lower sections appear whole, at every width', async ({ browser }) => {
  // the sections under the two cards are written a task after the rest (Store::below): shown as
  // they filled, those already written moved down on a wide screen (CLS 0.07 at 768 px)
  for (const viewport of [{ width: 1280, height: 900 }, { width: 768, height: 1024 }, { width: 375, height: 812 }]) {
    const page = await browser.newPage({ viewport });
    await page.addInitScript(() => {
      window.shifted = 0;
      new PerformanceObserver((list) => {
        for (const shift of list.getEntries()) if (!shift.hadRecentInput) window.shifted += shift.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('./');
    await expect(page.getByRole('heading', { name: 'Personal bests' })).toBeVisible();
    await page.waitForTimeout(300);
    // (a layout shift of the masthead's own words as the tabs come is ~0.01)
    expect(await page.evaluate(() => window.shifted), `${viewport.width} px`).toBeLessThan(0.03);
    await page.close();
  }
});

test('the tabs switch between Play, How to play and Reference card', async ({ page }) => {
  await page.goto('./');
  const tab = (name) => page.getByRole('tab', { name, exact: true });
  await tab('How to play').click();
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  await expect(tab('How to play')).toHaveAttribute('aria-selected', 'true');
  await expect(tab('Play')).toHaveAttribute('aria-selected', 'false');
  await tab('Reference card').click();
  await expect(page.getByRole('heading', { name: 'Reference card' })).toBeVisible();
  await expect(page.locator('table.card tbody tr')).toHaveCount(42);
  await expect(page.locator('table.card tbody tr').first()).toContainText('H₂OWaterH · H · O');
  await tab('Play').click();
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
});

test('the tabs are one Tab stop: arrow keys, Home and End choose among them', async ({ page }) => {
  await page.goto('./');
  const tab = (name) => page.getByRole('tab', { name, exact: true });
  await expect(tab('Play')).toHaveAttribute('tabindex', '0');
  await expect(page.locator('[role=tab][tabindex="0"]')).toHaveCount(1);
  await tab('Play').focus();
  await page.keyboard.press('ArrowRight');
  await expect(tab('How to play')).toBeFocused();
  await expect(tab('How to play')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'How to play' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(tab('Reference card')).toBeFocused();
  await expect(tab('Reference card')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tab('Play')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Start solitaire' })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('Reference card')).toBeFocused();
  await page.keyboard.press('Home');
  await expect(tab('Play')).toBeFocused();
  // the chosen tab is the list's one stop: Tab goes on into the page, Shift+Tab comes back to it
  await expect(page.locator('[role=tab][tabindex="0"]')).toHaveText('Play');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: /^Theory Mode/ })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tab('Play')).toBeFocused();
  // a tap chooses too, and moves the stop with it
  await tab('How to play').click();
  await expect(page.locator('[role=tab][tabindex="0"]')).toHaveText('How to play');
});

for (const where of ['menu', 'game', 'reference']) {
  test(`the ${where} never scrolls sideways`, async ({ page }) => {
    await page.goto('./');
    if (where === 'game') {
      await page.getByRole('button', { name: 'Start solitaire' }).click();
      await expect(page.locator('.board')).toBeVisible();
    }
    if (where === 'reference') await page.getByRole('tab', { name: 'Reference card', exact: true }).click();
    // against the configured width: mobile emulation widens innerWidth to fit overflowing content
    const width = page.viewportSize().width;
    const seen = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(seen).toEqual([width, width]);
    // no table is wider than its box, and no header spills into its neighbour
    const spills = await page.locator('.table-wrap:visible, table:visible th').evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(spills).toEqual([]);
    if (where === 'game') {
      // the seven rack tiles sit in one row, each still a comfortable target
      const tiles = await page.locator('.rack button[data-symbol]').evaluateAll((els) =>
        els.map((e) => e.getBoundingClientRect()).map((r) => [Math.round(r.top), r.width, r.height]));
      expect(tiles).toHaveLength(7);
      expect(new Set(tiles.map(([top]) => top)).size).toBe(1);
      for (const [, w, h] of tiles) {
        expect(w).toBeGreaterThanOrEqual(40);
        expect(h).toBeGreaterThanOrEqual(40);
      }
    }
  });
}

test('when the game\'s code stops on an error, the page says so and offers a reload', async ({ page }) => {
  await openApp(page);
  await expect(page.locator('.crash-banner')).toHaveCount(0);
  // a real WebAssembly trap, as a panic makes (panic = "abort"), thrown where no one catches it:
  // a module of one exported function whose body is `unreachable`
  await page.evaluate(() => {
    const bytes = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 3, 2, 1, 0,
      7, 5, 1, 1, 102, 0, 0, 10, 5, 1, 3, 0, 0, 11]);
    const trap = new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.f;
    setTimeout(trap, 0);
  });
  const banner = page.getByRole('alert').filter({ hasText: 'The game stopped on an error' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Your moves are saved');
  await banner.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('tablist', { name: 'Sections' })).toBeVisible();
  await expect(page.locator('.crash-banner')).toHaveCount(0);
});

test('at 320 px the tabs are whole, and a long name wraps on the hand-off and the turn: the page never scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('./');
  // the three tabs whole, none cut at the screen's edge
  for (const tab of await page.getByRole('tab').all()) {
    const box = await tab.boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
  }
  const names = page.locator('.pnp-seats input');
  await names.nth(0).fill('Maximilianus Bartholomew-Featherstonehaugh');
  await names.nth(1).fill('Wolfeschlegelsteinhausenbergerdorff');
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  const wide = () => page.evaluate(() => document.documentElement.scrollWidth);
  await expect(page.locator('.handoff')).toBeVisible();
  expect(await wide()).toBe(320);
  await page.locator('.handoff .btn.big').click();
  await expect(page.locator('.board')).toBeVisible();
  expect(await wide()).toBe(320);
});
