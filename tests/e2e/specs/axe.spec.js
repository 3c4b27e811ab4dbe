// axe-core finds no violation on any screen, at both sizes (each project runs every test).
import { test, expect } from '@playwright/test';
import { createRequire } from 'node:module';
import { record, openApp, resumeWith, place } from './helpers.js';

const require = createRequire(import.meta.url);
const axeSource = require('axe-core').source;

/** Runs axe on the page as it shows now; every violation, with the elements it names. */
async function violations(page) {
  // evaluated through the DevTools protocol, so the page's Content-Security-Policy allows it
  await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.length}× e.g. ${v.nodes[0].html.slice(0, 160)}`);
  });
  return found;
}

async function expectClean(page, screen) {
  expect(await violations(page), screen).toEqual([]);
  // markup meant for `inner_html` that the view macro wrote as an attribute instead (a literal
  // string does that): axe can't see the text that is missing, so look for the attribute
  expect(await page.locator('[inner_html]').count(), `${screen}: an inner_html attribute`).toBe(0);
}

test('the play menu, How to play and the Reference card', async ({ page }) => {
  await openApp(page);
  await expectClean(page, 'play menu');
  // every section of the Play tab is named by its heading
  for (const name of ['Solitaire', 'Pass and Play', 'Daily Bench', 'Against the computer', 'Import a game', 'Personal bests']) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'How to play' }).click();
  await expectClean(page, 'how to play');
  await page.getByRole('tab', { name: 'Reference card' }).click();
  await expectClean(page, 'reference card');
});

test('a Solitaire game: the board, a refusal, the exchange, the wild picker, the results', async ({ page }) => {
  await resumeWith(page, record({ bag: '? H O C C H H Na Cl O O N N N K K S S Mg Mg Ca Ca' }));
  await expectClean(page, 'game');
  await place(page, 'H', 7, 6);
  await place(page, 'C', 7, 7);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.turn .notice.refused')).toBeVisible();
  await expectClean(page, 'game with tiles placed and a refusal');
  await page.getByRole('button', { name: 'Recall tiles' }).click();
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.locator('.turn .notice.info')).toHaveText('Scored 6.');
  await expectClean(page, 'a scored play');
  await page.locator('.rack button[data-symbol="?"]').click();
  await expect(page.getByRole('group', { name: 'Play the Wild Isotope as' })).toBeVisible();
  await expectClean(page, 'wild picker');
  await page.locator('.rack button[data-symbol="?"]').click();
  await page.getByRole('button', { name: 'Exchange tiles' }).click();
  await page.locator('.rack button[data-symbol]').first().click();
  await expectClean(page, 'exchange');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'End game' }).click();
  await expectClean(page, 'end game question');
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  await expect(page.getByTestId('final-score')).toBeVisible();
  await expectClean(page, 'results');
});

test('Pass and Play: the hand-off, a turn and the results', async ({ page }) => {
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'H H O C C C C N N N K K S S O O' }));
  await expectClean(page, 'hand-off');
  await page.getByRole('button', { name: "I'm Ada — show my tiles" }).click();
  await expectClean(page, 'pass and play turn');
  await page.getByRole('button', { name: 'Pass', exact: true }).click();
  await expectClean(page, 'pass question');
  // every player passes twice in a row: the game ends
  for (const name of ['Ada', 'Bo', 'Ada', 'Bo']) {
    if (name !== 'Ada' || await page.getByRole('button', { name: `I'm ${name} — show my tiles` }).isVisible()) {
      const reveal = page.getByRole('button', { name: `I'm ${name} — show my tiles` });
      if (await reveal.isVisible()) await reveal.click();
    }
    if (!(await page.getByRole('button', { name: 'Yes, pass' }).isVisible())) {
      await page.getByRole('button', { name: 'Pass', exact: true }).click();
    }
    await page.getByRole('button', { name: 'Yes, pass' }).click();
  }
  await expect(page.getByTestId('winner')).toBeVisible();
  await expectClean(page, 'pass and play results');
});

test('own-device tables: the Play tab with this device\'s tables, a table waiting, inviting and after its move', async ({ page }) => {
  await openApp(page);
  // two tables of Ada's device: Bo to move first at one, Ada at the other
  const bag = 'H H O C C N N Na Cl K K S S Mg H H O O C N N O O';
  const save = (id, first) => [`molscrab.table.${id}`, JSON.stringify({
    ...record({ kind: 'pass-and-play', players: ['Ada', 'Bo', 'Cy'], first, bag }), table: { id, seat: 0 },
  })];
  await page.evaluate((items) => {
    for (const [key, text] of items) localStorage.setItem(key, text);
  }, [save('TableAda-0A', 0), save('TableBoo-0A', 1)]);
  await page.reload();
  const tables = page.locator('section.tables');
  await expect(tables.locator('.table-entry')).toHaveCount(2);
  await tables.getByRole('button', { name: 'Open table' }).click();
  await expect(tables.locator('.notice.refused')).toBeVisible();
  await tables.locator('.table-entry').first().getByRole('button', { name: 'Remove' }).click();
  await expect(tables.getByRole('alertdialog', { name: 'Remove this table?' })).toBeVisible();
  await expectClean(page, 'the Play tab with two tables, a refusal and Remove\'s question');
  await tables.getByRole('button', { name: 'Keep it' }).click();
  await tables.locator('.table-entry').filter({ hasText: 'waiting for Bo' }).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'Waiting for Bo' })).toBeVisible();
  await expectClean(page, 'a table waiting for another device');
  await page.getByRole('button', { name: 'Save and leave' }).click();
  await tables.locator('.table-entry').filter({ hasText: 'your turn' }).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'Invite the players' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: "Cy's invitation" })).toHaveValue(/#t1\./);
  await expectClean(page, 'a table on its turn, inviting');
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(page.getByRole('textbox', { name: 'Move link' })).toHaveValue(/#t1\./);
  await page.getByText('Invitations and the catch-up link').click();
  await expectClean(page, 'a table after its move, with every link');
});

test('a Daily Bench game\'s results with the share box, and a game with Speed Lab and Junior Chemist', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-30T10:00:00'));
  await openApp(page);
  await page.getByRole('button', { name: "Play today's bench" }).click();
  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  await expect(page.getByTestId('share-text')).toBeVisible();
  await expectClean(page, 'daily bench results');
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Player 2' }).fill('Bo');
  await page.locator('.variants summary').click();
  for (const name of ['Speed Lab', 'Junior Chemist']) await page.locator('.variants').getByRole('checkbox', { name }).check();
  await expectClean(page, 'play menu with variants ticked');
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  await page.getByRole('button', { name: /show my tiles/ }).click();
  await expect(page.getByRole('timer')).toContainText('left');
  await expect(page.getByRole('article', { name: /Reference card, kept open/ })).toContainText('NaCl');
  await expectClean(page, 'speed lab and junior chemist game');
});
