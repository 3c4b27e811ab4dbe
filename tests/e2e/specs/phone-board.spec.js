// The board at 375 px: squares of 40 px in a square box that pans, no sideways page scroll, the
// rack and Submit in reach without scrolling the page; at 1280×800, the whole board with the
// rack and Submit beside it, all on one screen.
import { test, expect } from '@playwright/test';
import { pixels, place, record, resumeWith, square } from './helpers.js';

test('a comfortable board on a phone, and the whole board on a desktop', async ({ page }, info) => {
  await resumeWith(page, record({ bag: 'H H O C N Na Cl O O N N K K S S Mg Mg Ca Ca' }));
  const star = await square(page, 7, 7).boundingBox();
  expect(star.width).toBeGreaterThanOrEqual(40);
  expect(star.height).toBeGreaterThanOrEqual(40);
  // the page itself never scrolls sideways
  const [scrollWidth, width] = await page.evaluate(() => [document.scrollingElement.scrollWidth, innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(width);
  const viewport = page.viewportSize();
  const submit = await page.getByRole('button', { name: 'Submit formula' }).boundingBox();
  expect(submit.y + submit.height).toBeLessThanOrEqual(viewport.height);
  const rack = await page.locator('.rack').boundingBox();
  expect(rack.y + rack.height).toBeLessThanOrEqual(viewport.height);

  const board = page.locator('.board');
  if (info.project.name === 'phone') {
    // a square window onto the board, as wide as the page: the corner squares are out of it
    // until the board is panned (here by moving the keyboard cursor there)
    const box = await board.boundingBox();
    expect(box.width).toBeLessThanOrEqual(viewport.width);
    expect(Math.abs(box.width - box.height)).toBeLessThan(2);
    await square(page, 7, 7).focus();
    await page.keyboard.press('Control+End');
    await expect(square(page, 14, 14)).toBeFocused();
    await expect(square(page, 14, 14)).toBeInViewport();
    expect(await board.evaluate((b) => b.scrollLeft)).toBeGreaterThan(0);
    await page.keyboard.press('Control+Home');
    await expect(square(page, 0, 0)).toBeInViewport();
  } else {
    // the whole board at once: every column of it fits the page, nothing to pan
    expect(await board.evaluate((b) => b.scrollWidth <= b.clientWidth && b.scrollHeight <= b.clientHeight)).toBe(true);
    const corner = await square(page, 14, 14).boundingBox();
    expect(corner.x + corner.width).toBeLessThanOrEqual(viewport.width);
    // the board, the rack and the buttons on one screen: the turn beside the board, which is
    // no taller than the window below the tabs
    expect(corner.y + corner.height).toBeLessThanOrEqual(viewport.height);
    expect(rack.x).toBeGreaterThan(corner.x + corner.width);
    expect(submit.x).toBeGreaterThan(corner.x + corner.width);
    expect(await page.evaluate(() => scrollY)).toBe(0);
  }
});

test('resuming on a phone shows the whole board box centred on the star, the rack and Submit', async ({ page }, info) => {
  test.skip(info.project.name !== 'phone', 'the phone layout');
  const bag = 'H H O C N Na Cl O O N N K K S S Mg Mg Ca Ca';
  for (const [width, height] of [[375, 667], [320, 700], [375, 812]]) {
    await page.setViewportSize({ width, height });
    await resumeWith(page, record({ bag }));
    await expect(square(page, 7, 7)).toBeFocused();
    // the board's top is not scrolled out (QA: at 375×667 its top rows were), the game's
    // title and bag count above it show, and so do the rack and Submit below
    const bar = await page.locator('.game-bar').boundingBox();
    const box = await page.locator('.board').boundingBox();
    const submit = await page.getByRole('button', { name: 'Submit formula' }).boundingBox();
    expect(bar.y).toBeGreaterThanOrEqual(-1);
    expect(box.y).toBeGreaterThan(bar.y);
    expect(submit.y + submit.height).toBeLessThanOrEqual(height);
    const rack = await page.locator('.rack').boundingBox();
    expect(rack.y + rack.height).toBeLessThanOrEqual(height);
    // the board's box opens centred on the star (QA: at 375 px it opened at its top left
    // corner, the star at its right edge)
    const star = await square(page, 7, 7).boundingBox();
    expect(Math.abs(star.x + star.width / 2 - (box.x + box.width / 2))).toBeLessThan(star.width / 2);
    expect(Math.abs(star.y + star.height / 2 - (box.y + box.height / 2))).toBeLessThan(star.height / 2);
    if (height >= 800) {
      // a tall phone has room for every row of buttons: they all come into view
      const acts = await page.locator('.acts').boundingBox();
      expect(acts.y + acts.height).toBeLessThanOrEqual(height + 1);
    }
  }
});

/** The dark pixels (a tile's ink: its symbol and points) of a PNG, as [x, y] pairs, and its size. */
async function ink(context, png) {
  const { w, h, rgba } = await pixels(context, png);
  const dark = [];
  // 3 px in from the edge: the placed tile's ring is not ink
  for (let y = 3; y < h - 3; y++) {
    for (let x = 3; x < w - 3; x++) {
      const i = (y * w + x) * 4;
      if (rgba[i] + rgba[i + 1] + rgba[i + 2] < 250) dark.push([x, y]);
    }
  }
  return { w, h, dark };
}

test("a tile's symbol sits in the middle of its square and its points in the bottom corner, and no square is a layer of its own", async ({ page, context }, info) => {
  await resumeWith(page, record({ bag: 'U H He Ne Mg O N C K S S Ca Ca' }));
  await place(page, 'U', 7, 7);
  await place(page, 'H', 7, 8);
  await place(page, 'He', 7, 9);
  await place(page, 'Ne', 7, 10);
  // nothing on the board is positioned, neither a square nor its points: each positioned one
  // was a paint layer that hit testing and pre-paint walked on every tap (~4 ms a tap at 4×
  // slowdown late in a game; docs/PERFORMANCE.md, A tap)
  const positioned = await page.locator('.board').evaluate((board) => [...board.querySelectorAll('.sq')]
    .flatMap((sq) => [getComputedStyle(sq), getComputedStyle(sq, '::after'), getComputedStyle(sq, '::before')])
    .filter((style) => style.position !== 'static').length);
  expect(positioned).toBe(0);
  for (const [col, points] of [[7, '10'], [8, '1']]) {
    await expect(square(page, 7, col)).toHaveAttribute('data-pts', points);
    const { w, h, dark } = await ink(context, await square(page, 7, col).screenshot());
    // the symbol, alone in the square's middle band, is centred across it
    const middle = dark.filter(([, y]) => y > h * 0.3 && y < h * 0.7).map(([x]) => x);
    expect(middle.length).toBeGreaterThan(20);
    const centre = (Math.min(...middle) + Math.max(...middle)) / 2;
    expect(Math.abs(centre - w / 2)).toBeLessThanOrEqual(1);
    // the points are drawn in the bottom right-hand corner, close to its edges
    const corner = dark.filter(([x, y]) => x > w * 0.65 && y > h * 0.72);
    expect(corner.length).toBeGreaterThan(3);
    expect(w - Math.max(...corner.map(([x]) => x))).toBeLessThanOrEqual(5);
    expect(h - Math.max(...corner.map(([, y]) => y))).toBeLessThanOrEqual(5);
    // and they stay in that corner, clear of the square's left half
    expect(dark.filter(([x, y]) => x < w / 2 && y > h * 0.75)).toHaveLength(0);
  }
  if (info.project.name !== 'desktop') return;
  // a laptop's short window makes squares narrower than a two-letter symbol with room beside
  // it (27 px at 1024×600): the points still keep inside the corner (QA: Mg's and He's crossed
  // the tile's right edge, under the next square)
  await page.setViewportSize({ width: 1024, height: 600 });
  for (const col of [7, 8, 9, 10]) {
    const { w, h, dark } = await ink(context, await square(page, 7, col).screenshot());
    expect(w).toBeLessThan(30);
    const corner = dark.filter(([x, y]) => x > w * 0.6 && y > h * 0.72);
    expect(corner.length).toBeGreaterThan(3);
    const right = w - Math.max(...corner.map(([x]) => x));
    expect(right).toBeGreaterThanOrEqual(3);
    expect(right).toBeLessThanOrEqual(6);
    expect(h - Math.max(...corner.map(([, y]) => y))).toBeLessThanOrEqual(6);
  }
});
