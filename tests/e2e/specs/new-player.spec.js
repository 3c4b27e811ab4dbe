// What a new player tripped over in the first hour (issue 16): names in any tile order, taps
// that explain, Pass that asks, the turn in words, a stuck rack said so, the Wild Isotope
// picker, the rules' words, and the rematch question on the results screen.
import { test, expect } from '@playwright/test';
import { record, resumeWith, openApp, place, square, SLOT, watchErrors } from './helpers.js';

const handoffButton = (page, name) => page.getByRole('button', { name: `I'm ${name} — show my tiles` });
const refusal = (page) => page.locator('.turn .notice.refused');
const stuck = (page) => page.locator('.turn .notice.stuck');

test('a card substance is named in any tile order, without brackets in brackets', async ({ page }) => {
  const errors = watchErrors(page);
  // Theory Mode: O·H·H is water, whatever the order
  await resumeWith(page, record({ bag: 'O H H C C N N K K S S Mg Mg' }));
  await place(page, 'O', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'H', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.notebook .formulas li')).toHaveText([/^OH₂ — water 6 Card$/]);
  // Standard Mode: quicklime reads cleanly
  await resumeWith(page, record({ theory: false, bag: 'Ca O H H C C N N K K S S' }));
  await place(page, 'Ca', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.notebook .formula')).toHaveText(['CaO — calcium oxide, quicklime']);
  // the reference card's names: no bracket inside another
  await page.getByRole('tab', { name: 'Reference card', exact: true }).click();
  // the card is fetched when its tab first opens (lazy/card.html)
  await expect(page.locator('table.card tbody tr')).toHaveCount(42);
  const names = await page.locator('table.card tbody td:nth-child(2)').allTextContents();
  expect(names).toHaveLength(42);
  expect(names.filter((n) => /\([^)]*\(/.test(n))).toEqual([]);
  expect(names).toContain('Calcium oxide, quicklime');
  expect(errors).toEqual([]);
});

test('taps that place nothing say what to do, and a rack with a play says nothing more', async ({ page }) => {
  await resumeWith(page, record({ bag: 'H H O C C N N K K S S Mg Mg' }));
  await expect(stuck(page)).toBeHidden();
  // said, not refused: a click on a square is also how the typing cursor is put there (QA)
  await square(page, 7, 7).click();
  await expect(page.locator('.turn .notice.info')).toHaveText('Tap a tile in your rack first, then a square.');
  await expect(refusal(page)).toHaveCount(0);
  await place(page, 'H', 7, 6);
  await expect(refusal(page)).toHaveCount(0);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByTestId('score')).toHaveText('6');
  await square(page, 7, 7).click();
  await expect(refusal(page)).toContainText('That square already holds a tile from an earlier turn');
});

test('a rack that can make no play is told what to do, in both modes', async ({ page }) => {
  // Standard Mode: no card formula from these seven
  await resumeWith(page, record({ theory: false, bag: 'He Ne U Au Pt Hg Cr H H O O C C N N' }));
  await expect(stuck(page)).toHaveText('No card formula fits your rack — exchange tiles or end the game.');
  // Theory Mode, Pass and Play: helium, neon and one hydrogen, and an empty bag
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'He Ne H' }));
  await handoffButton(page, 'Ada').click();
  await expect(stuck(page)).toHaveText('No formula can be made from your rack here, and the bag is empty — pass.');
});

test('the Wild Isotope picker leaves out helium and neon, and the rules say why', async ({ page }) => {
  await resumeWith(page, record({ bag: '? H O C C N N K K S S' }));
  await page.locator('.rack button[data-symbol="?"]').click();
  const picker = page.getByRole('group', { name: 'Play the Wild Isotope as' });
  await expect(picker).toBeVisible();
  const symbols = await picker.locator('button.el').allTextContents();
  expect(symbols).toHaveLength(31);
  expect(symbols).not.toContain('He');
  expect(symbols).not.toContain('Ne');
  expect(symbols).toContain('U');
  await page.getByRole('tab', { name: 'How to play', exact: true }).click();
  const rules = page.getByRole('tabpanel', { name: 'How to play' });
  await expect(rules).toContainText('Its element picker leaves out helium and neon: they form no bonds');
  await expect(rules).toContainText('In Pass and Play an exchange uses your turn');
});

test('Pass asks first, and the scoreboard says whose turn it is in words', async ({ page }) => {
  const errors = watchErrors(page);
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Ben'], bag: 'H H O C C N N K K S S Mg Mg O O O' }));
  const scoreboard = page.getByRole('region', { name: 'Scoreboard' });
  await expect(scoreboard.locator('tr[aria-current="true"] .name')).toHaveText('▶ Ada — to\u00a0play');
  await expect(scoreboard.locator('tbody .name')).toHaveText(['▶ Ada — to\u00a0play', 'Ben']);
  await handoffButton(page, 'Ada').click();
  await place(page, 'H', 7, 7);
  await page.getByRole('button', { name: 'Pass', exact: true }).click();
  const question = page.getByRole('alertdialog', { name: 'Pass your turn?' });
  await expect(question).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit formula' })).toBeHidden();
  // Keep playing: the turn and the tile placed stay
  await question.getByRole('button', { name: 'Keep playing' }).click();
  await expect(question).toBeHidden();
  await expect(page.locator('.board .sq.new')).toHaveCount(1);
  await expect(page.locator('.notebook')).toContainText('No turns yet.');
  // asked again and answered yes: Ben's turn
  await page.getByRole('button', { name: 'Pass', exact: true }).click();
  await question.getByRole('button', { name: 'Yes, pass' }).click();
  await expect(page.getByRole('heading', { name: 'Pass the device to Ben' })).toBeVisible();
  await expect(page.locator('.last-move')).toHaveText('Ada passed.');
  await expect(scoreboard.locator('tbody .name')).toHaveText(['Ada', '▶ Ben — to\u00a0play']);
  expect(errors).toEqual([]);
});

test('a rematch over another saved game asks on the results screen, and Keep it returns there', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  const saved = record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'H H O C C N N K K S S Mg Mg O O O' });
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); },
    [SLOT['pass-and-play'], JSON.stringify(saved)]);
  await page.reload();
  // a finished game from a file: everyone passed twice
  const finished = record({
    kind: 'pass-and-play', players: ['Cy', 'Di'], bag: 'H H O C C N N K K S S Mg Mg O O O',
    moves: [{ pass: true }, { pass: true }, { pass: true }, { pass: true }],
  });
  await page.getByLabel('Import a game from a file')
    .setInputFiles({ name: 'done.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(finished)) });
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toContainText('every player passed twice');
  const winner = await results.getByTestId('winner').textContent();

  await results.getByRole('button', { name: 'Rematch' }).click();
  const question = results.getByRole('alertdialog', { name: 'Replace your saved game?' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('Replace your saved Pass and Play game? It will be lost.');
  await expect(results.getByRole('button', { name: 'Rematch' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Start pass and play' })).toHaveCount(0);

  // Keep it: the same results, the save untouched
  await question.getByRole('button', { name: 'Keep it' }).click();
  await expect(question).toBeHidden();
  await expect(results.getByTestId('winner')).toHaveText(winner);
  await expect(results.getByRole('button', { name: 'Rematch' })).toBeVisible();
  const kept = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SLOT['pass-and-play']));
  expect(kept.players).toEqual(['Ada', 'Bo']);

  // asked again and confirmed: the rematch starts and is the saved game
  await results.getByRole('button', { name: 'Rematch' }).click();
  await question.getByRole('button', { name: 'Start new game' }).click();
  await expect(page.getByRole('heading', { name: /Pass the device to (Cy|Di)/ })).toBeVisible();
  const now = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), SLOT['pass-and-play']));
  expect(now.players).toEqual(['Cy', 'Di']);
  expect(errors).toEqual([]);
});

test('tile sequences on the Reference card stay on one line at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openApp(page);
  await page.getByRole('tab', { name: 'Reference card', exact: true }).click();
  const sequences = page.locator('table.card td.tiles-order, .starters .seq');
  await expect(sequences).toHaveCount(52);
  // the number of line boxes each sequence's text takes
  const lines = await sequences.evaluateAll((els) => els.map((e) => {
    const range = document.createRange();
    range.selectNodeContents(e);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return [e.textContent, tops.size];
  }));
  expect(lines.filter(([, n]) => n !== 1)).toEqual([]);
  expect(lines.map(([text]) => text)).toContain('Fe · Fe · O · O · O');
});
