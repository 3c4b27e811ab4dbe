// Hint: the engine's worker finds the best play; it lands on the board as this turn's tiles,
// which the player may submit, move or recall. Also: the worker is not part of the first load.
import { test, expect } from '@playwright/test';
import { record, resumeWith, rackTiles, watchErrors, place } from './helpers.js';

test('a hint puts the best play on the board, and submitting it scores what the hint said', async ({ page }) => {
  const errors = watchErrors(page);
  const fetched = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
  await resumeWith(page, record({ bag: 'H H O C C Na Cl O O N N N K K S S Mg Mg Ca Ca' }));
  await expect(rackTiles(page)).toHaveCount(7);

  await page.getByRole('button', { name: 'Hint' }).click();
  const said = page.locator('.turn .notice.info');
  await expect(said).toHaveText(/^Hint: .+ for \d+ points?\. Submit it, move its tiles, or recall them\.$/);
  const placed = await page.locator('.board .sq.new').count();
  expect(placed).toBeGreaterThan(1);
  await expect(rackTiles(page)).toHaveCount(7 - placed);
  const points = Number((await said.textContent()).match(/for (\d+) point/)[1]);

  // recalled: back to the rack; asked again: the same play
  await page.getByRole('button', { name: 'Recall tiles' }).click();
  await expect(page.locator('.board .sq.new')).toHaveCount(0);
  await page.getByRole('button', { name: 'Hint' }).click();
  await expect(page.locator('.board .sq.new')).toHaveCount(placed);

  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByTestId('score')).toHaveText(String(points));
  await expect(page.getByTestId('hints-used')).toHaveText('1');

  // the game with a hint is kept apart in the bests: the best without hints stays the headline
  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  await expect(page.locator('.results .hints-used')).toHaveText('Played with 1 hint.');
  // the tiles left are subtracted, with a minus sign as the notebook writes it
  await expect(page.locator('.results')).toContainText(/Tiles left on your rack: −\d+ points/);
  await expect(page.getByTestId('best-line')).toHaveText('Played with hints, so kept apart from your personal best (—).');
  const final = await page.getByTestId('final-score').textContent();
  await page.getByRole('button', { name: 'New game' }).click();
  await expect(page.getByTestId('best-score-theory')).toHaveText(`— (with hints: ${final})`);
  expect(errors).toEqual([]);
  // the worker and its wasm came only when the first question was asked, from lazy/
  expect(fetched.filter((p) => p.includes('engine'))).toEqual(
    expect.arrayContaining([expect.stringMatching(/lazy\/engine-worker\.js$/), expect.stringMatching(/lazy\/engine\.wasm$/)]));
});

test('on a phone a hint\'s words do not move the buttons: a second tap on Hint plays nothing', async ({ page }, info) => {
  test.skip(info.project.name !== 'phone', 'the phone size, where the words take three lines');
  await resumeWith(page, record({ bag: 'H H O C C Na Cl O O N N N K K S S Mg Mg Ca Ca' }));
  const hint = page.getByRole('button', { name: 'Hint' });
  const submit = page.getByRole('button', { name: 'Submit formula' });
  await hint.scrollIntoViewIfNeeded();
  const before = await Promise.all([hint.boundingBox(), submit.boundingBox()]);
  const at = { x: before[0].x + before[0].width / 2, y: before[0].y + before[0].height / 2 };
  await page.touchscreen.tap(at.x, at.y);
  await expect(page.locator('.turn .notice.info')).toHaveText(/^Hint: /);
  // the words took more than one line, and the buttons stayed where they were
  expect((await page.locator('.turn .notice.info').boundingBox()).height).toBeGreaterThan(30);
  expect(await Promise.all([hint.boundingBox(), submit.boundingBox()])).toEqual(before);
  await page.touchscreen.tap(at.x, at.y);
  await page.waitForTimeout(500);
  await expect(page.getByTestId('score')).toHaveText('0');
  await expect(page.locator('.notebook .entry')).toHaveCount(0);
});

test('a refusal does not move the buttons either: at 375 and 320 px, 768 px, and 1280 px', async ({ page }, info) => {
  // phones and tablets keep room for the news above the buttons; a wide screen puts it under them
  const widths = info.project.name === 'phone' ? [375, 320] : [1280, 768];
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 1000 ? 800 : 812 });
    await resumeWith(page, record({ bag: 'H H H C C O O N N N K K S S Mg Mg Ca Ca Na Cl' }));
    const submit = page.getByRole('button', { name: 'Submit formula' });
    const refusal = page.locator('.notice-line .notice.refused');
    // nothing placed: the shortest refusal; then H₃, the valency refusal (three lines)
    await submit.scrollIntoViewIfNeeded();
    const before = await submit.boundingBox();
    await submit.click();
    await expect(refusal).toContainText('Place some tiles');
    expect(await submit.boundingBox()).toEqual(before);
    for (const col of [6, 7, 8]) await place(page, 'H', 7, col);
    await submit.scrollIntoViewIfNeeded();
    const placed = await submit.boundingBox();
    await submit.click();
    await expect(refusal).toHaveText('H₃: an atom is left needing a bond: every choice of valencies adds up to an odd number');
    expect((await refusal.boundingBox()).height, `${width} px: the refusal takes lines`).toBeGreaterThan(width > 1000 ? 20 : 45);
    await expect(refusal).toBeInViewport();
    expect(await submit.boundingBox(), `${width} px`).toEqual(placed);
  }
});

test('a refusal naming several formulas keeps to the room kept for it, and can be read whole', async ({ page }, info) => {
  // two crossing formulas refused at once (QA: five lines at 375 px moved the buttons 32–86 px)
  const widths = info.project.name === 'phone' ? [375, 320] : [1280, 768];
  const water = { play: [{ row: 7, col: 6, el: 'O' }, { row: 7, col: 7, el: 'H' }, { row: 7, col: 8, el: 'H' }] };
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 1000 ? 800 : 812 });
    await resumeWith(page, record({ bag: 'O H H N N C C K K S S Mg Mg Ca Ca Na Cl', moves: [water] }));
    const submit = page.getByRole('button', { name: 'Submit formula' });
    await place(page, 'N', 6, 6);
    await place(page, 'N', 6, 7);
    await submit.scrollIntoViewIfNeeded();
    const placed = await submit.boundingBox();
    await submit.click();
    const refusal = page.locator('.notice-line .notice.refused');
    await expect(refusal).toContainText('NO: an atom');
    await expect(refusal).toContainText('NH: nitrogen needs 3 bonds');
    expect(await submit.boundingBox(), `${width} px: Submit stays`).toEqual(placed);
    // the whole refusal can be read: its box scrolls, by finger, wheel or keyboard
    const whole = await refusal.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight, tab: e.tabIndex }));
    if (whole.scroll > whole.client) {
      expect(whole.tab, 'a box that scrolls can be reached by keyboard').toBe(0);
      await refusal.evaluate((e) => { e.scrollTop = e.scrollHeight; });
      await expect(refusal.getByText(/NH: nitrogen/)).toBeInViewport();
    }
  }
});

test('a Submit that leaves the rack stuck says so without moving the buttons, at 375, 320, 768 and 1280 px', async ({ page }, info) => {
  // the worker's answer that the rack can play nothing comes a moment after the Submit: said
  // above the buttons, it pushed them 83 px down under the finger (found measuring, 375 px)
  const widths = info.project.name === 'phone' ? [375, 320] : [1280, 768];
  const words = 'No card formula fits your rack — exchange tiles or end the game.';
  for (const width of widths) {
    await page.setViewportSize({ width, height: width > 1000 ? 800 : 812 });
    // Standard Mode: water, then a rack of He Ne U Au Pt Hg Cr, which makes no card formula
    await resumeWith(page, record({ theory: false, bag: 'H H O He Ne U Au Pt Hg Cr C C N N' }));
    await place(page, 'H', 7, 6);
    await place(page, 'H', 7, 7);
    await place(page, 'O', 7, 8);
    const submit = page.getByRole('button', { name: 'Submit formula' });
    await submit.scrollIntoViewIfNeeded();
    const placed = await submit.boundingBox();
    await submit.click();
    // on a phone in the room kept for the news, in place of the score; on a wide screen under
    // the buttons, the score beside it
    const said = width < 980 ? page.locator('.notice-line .stuck-news') : page.locator('.turn > .notice.stuck');
    await expect(said).toHaveText(words);
    await expect(said).toBeInViewport();
    await expect(page.getByTestId('score')).toHaveText('6');
    expect(await submit.boundingBox(), `${width} px: Submit stays`).toEqual(placed);
    if (width < 980) {
      await expect(page.locator('.turn > .notice.stuck')).toBeHidden();
      await expect(page.locator('.notice-line .notice.info')).toBeHidden();
      const room = await said.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
      expect(room.scroll, `${width} px: the words fit the room`).toBeLessThanOrEqual(room.client);
    } else {
      await expect(page.locator('.notice-line .notice.info')).toHaveText('Scored 6.');
      await expect(page.locator('.notice-line .stuck-news')).toBeHidden();
    }
  }
});

test('on a phone an exchange says what to do in the news\'s room, and the question before the game\'s end leaves no empty room', async ({ page }, info) => {
  // QA: the room kept for the turn's news showed empty above "Tap the tiles to exchange"; and
  // with that room taken away, a refusal pushed Confirm below the window
  const width = info.project.name === 'phone' ? 375 : 768;
  await page.setViewportSize({ width, height: 812 });
  await resumeWith(page, record({ bag: 'H H H C C O O N N N K K S S Mg Mg Ca Ca Na Cl' }));
  const gap = async (row) => page.evaluate((row) => {
    const tools = document.querySelector('.rack-tools').getBoundingClientRect();
    return document.querySelector(`${row} > p`).getBoundingClientRect().top - tools.bottom;
  }, row);
  await page.getByRole('button', { name: 'End game' }).click();
  await expect(page.getByRole('alertdialog', { name: 'End the game?' })).toBeVisible();
  expect(await gap('.c-end')).toBeLessThan(20);
  await page.getByRole('button', { name: 'Keep playing' }).click();

  await page.getByRole('button', { name: 'Exchange tiles' }).click();
  const confirm = page.getByRole('button', { name: 'Confirm exchange' });
  const said = page.locator('.notice-line .notice');
  await expect(said).toHaveText('Tap the tiles to exchange, then confirm.', { useInnerText: true });
  await expect(page.locator('.c-exchange > .hint')).toBeHidden();
  await confirm.scrollIntoViewIfNeeded();
  const at = await confirm.boundingBox();
  // a refusal takes the hint's place: Confirm stays where it was, in view
  await confirm.click();
  await expect(said).toHaveText('Choose at least one tile to exchange.');
  expect(await confirm.boundingBox()).toEqual(at);
  await expect(confirm).toBeInViewport();
  // a tile picked answers it
  await page.locator('.rack button[data-symbol]').first().click();
  await expect(said).toHaveText('Tap the tiles to exchange, then confirm.', { useInnerText: true });
  expect(await confirm.boundingBox()).toEqual(at);
});

test('on a wide screen the exchange\'s hint is in its row', async ({ page }, info) => {
  test.skip(info.project.name === 'phone', 'a wide screen');
  await resumeWith(page, record({ bag: 'H H H C C O O N N N K K S S Mg Mg Ca Ca Na Cl' }));
  await page.getByRole('button', { name: 'Exchange tiles' }).click();
  await expect(page.locator('.c-exchange > .hint')).toHaveText('Tap the tiles to exchange, then confirm.', { useInnerText: true });
  await expect(page.locator('.notice-line .notice.ex-hint')).toBeHidden();
});
