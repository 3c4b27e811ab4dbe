// The chemist's referee reads structures (RULES §11, edition 2 of its rules): an organic
// molecule played as its condensed structural formula, a salt ion by ion and shown with its
// brackets in the notebook and on its card, a lumped order refused with the ion-by-ion writing
// to play, and a new game under "Real substances" recording the edition it is judged by.
import { test, expect } from '@playwright/test';
import { SLOT, openApp, place, watchErrors } from './helpers.js';

/** A Solitaire record under the chemist's second edition of rules, with an explicit bag. */
function chemistSolitaire(bag, moves = []) {
  return {
    format: 'molscrab-game/1', kind: 'solitaire', theory: false, referee: 'chemist', chemist_rules: 2,
    players: ['You'], first: 0, seed: 1, bag: bag.split(' '), moves,
  };
}

/** Saves `rec` in its slot, reloads, and resumes it once the table is installed. */
async function resumeChemist(page, rec) {
  await openApp(page);
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); },
    [SLOT[rec.kind], JSON.stringify(rec)]);
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.locator('.board')).toBeVisible();
  await expect(page.locator('.game-title')).toContainText('Real substances');
}

/** Places `tiles` ([symbol, row, col] each) and submits them. */
async function play(page, tiles) {
  for (const [el, row, col] of tiles) await place(page, el, row, col);
  await page.getByRole('button', { name: 'Submit formula' }).click();
}

const submitted = (page) => page.locator('.notebook button.formula');
const card = (page) => page.getByRole('dialog', { name: 'Formula card' });
const refused = (page) => page.locator('.turn .notice.refused');

/** Opens the notebook's formula `button`'s card, checks its heading, and closes it. */
async function expectCard(page, button, { title, name, hill }) {
  await button.click();
  await expect(card(page)).toBeVisible();
  await expect(card(page).locator('.card-title')).toContainText(title);
  await expect(card(page).locator('.card-name')).toHaveText(name);
  await expect(card(page).locator('.card-hill')).toContainText(hill);
  await expect(card(page).locator('.card-kind')).toContainText('Documented');
  await card(page).getByRole('button', { name: 'Close' }).click();
  await expect(card(page)).toBeHidden();
}

test('methanol as CH3OH, calcium hydroxide ion by ion and shown Ca(OH)₂; Ca·O·O·H·H refused', async ({ page }) => {
  const errors = watchErrors(page);
  // the rack: methanol's tiles and Ca; then O H O N H H … to follow
  await resumeChemist(page, chemistSolitaire('C H H H O H Ca O O H N H H H H H O N Na Cl'));

  // (1) C·H·H·H·O·H across the centre: methanol, written CH₃OH
  await play(page, [['C', 7, 4], ['H', 7, 5], ['H', 7, 6], ['H', 7, 7], ['O', 7, 8], ['H', 7, 9]]);
  await expect(refused(page)).toHaveCount(0);
  await expect(submitted(page)).toHaveCount(1);
  await expect(submitted(page).first()).toHaveText('CH₃OH — methanol');
  await expect(submitted(page).first()).toHaveAttribute('data-tiles', 'C H H H O H');
  await expect(page.locator('.notebook .entry').first().locator('.tag.documented')).toHaveCount(1);

  // a lumped order, Ca·O·O·H·H down to methanol's last H: refused, pointing to ion by ion
  await play(page, [['Ca', 3, 9], ['O', 4, 9], ['O', 5, 9], ['H', 6, 9]]);
  await expect(refused(page)).toContainText(
    /Ca ?· ?O ?· ?O ?· ?H ?· ?H is calcium hydroxide in the wrong order: play Ca ?· ?O ?· ?H ?· ?O ?· ?H/);
  await expect(refused(page)).toContainText('ion by ion');
  await expect(submitted(page)).toHaveCount(1);

  // (2) recalled and played ion by ion, Ca·O·H·O·H: shown with its bracket and subscript
  await page.getByRole('button', { name: 'Recall tiles' }).click();
  await play(page, [['Ca', 3, 9], ['O', 4, 9], ['H', 5, 9], ['O', 6, 9]]);
  await expect(refused(page)).toHaveCount(0);
  await expect(submitted(page)).toHaveCount(2);
  const salt = submitted(page).first();
  await expect(salt).toHaveText('Ca(OH)₂ — calcium hydroxide');
  await expect(salt).toHaveAttribute('data-tiles', 'Ca O H O H');
  await expect(page.locator('.notebook .entry').first().locator('.tag.documented')).toHaveCount(1);
  await expect(page.locator('.notebook')).not.toContainText('CaO₂H₂');

  // each formula's card opens with its name, the salt's with its brackets too
  await expectCard(page, salt, { title: 'Ca(OH)₂', name: 'calcium hydroxide', hill: 'CaH₂O₂' });
  await expect(salt).toBeFocused();
  await expectCard(page, submitted(page).nth(1), { title: 'CH₃OH', name: 'methanol', hill: 'CH₄O' });

  // the save replays both plays under the same edition of the rules
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), SLOT.solitaire);
  expect(saved.referee).toBe('chemist');
  expect(saved.chemist_rules).toBe(2);
  expect(saved.moves).toHaveLength(2);
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(submitted(page)).toHaveText(['Ca(OH)₂ — calcium hydroxide', 'CH₃OH — methanol']);
  expect(errors).toEqual([]);
});

test('NH4OH lumped as N·H·H·H·H·H·O is refused for N·H·H·H·H·O·H, which counts as NH₄OH', async ({ page }) => {
  const errors = watchErrors(page);
  await resumeChemist(page, chemistSolitaire('N H H H H H O Na Cl K Br C C S'));
  const across = (symbols) => symbols.split(' ').map((el, i) => [el, 7, 4 + i]);

  await play(page, across('N H H H H H O'));
  await expect(refused(page)).toContainText(/play N ?· ?H ?· ?H ?· ?H ?· ?H ?· ?O ?· ?H/);
  await expect(refused(page)).toContainText('ammonium hydroxide');
  await expect(submitted(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Recall tiles' }).click();
  await play(page, across('N H H H H O H'));
  await expect(refused(page)).toHaveCount(0);
  await expect(submitted(page).first()).toHaveText('NH₄OH — ammonium hydroxide');
  await expectCard(page, submitted(page).first(), { title: 'NH₄OH', name: 'ammonium hydroxide', hill: 'H₅NO' });
  expect(errors).toEqual([]);
});

test('names follow the writing: C·H·H·H·O·C·H·H·H is dimethyl ether, not ethanol', async ({ page }) => {
  const errors = watchErrors(page);
  // H·H (hydrogen) on the centre first, so that seven tiles end on it: C H H H O C H + H H
  const hydrogen = [{ play: [{ row: 7, col: 7, el: 'H' }, { row: 7, col: 8, el: 'H' }] }];
  await resumeChemist(page, chemistSolitaire('H H C H H H O C H Na Cl K Br S', hydrogen));
  await expect(submitted(page)).toHaveCount(1);
  await play(page, 'C H H H O C H'.split(' ').map((el, i) => [el, 7, i]));
  await expect(refused(page)).toHaveCount(0);
  const ether = submitted(page).first();
  await expect(ether).toHaveText('CH₃OCH₃ — dimethyl ether');
  await expect(ether).toHaveAttribute('data-tiles', 'C H H H O C H H H');
  await expect(page.locator('.notebook')).not.toContainText('ethanol');
  await expectCard(page, ether, { title: 'CH₃OCH₃', name: 'dimethyl ether', hill: 'C₂H₆O' });
  expect(errors).toEqual([]);
});

test('a new game under "Real substances" records the edition of the rules it is judged by', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.getByRole('group', { name: 'Referee' }).getByRole('radio', { name: /Real substances/ }).check();
  await page.getByRole('button', { name: 'Start solitaire' }).click();
  await expect(page.locator('.game-title')).toHaveText('Solitaire · Real substances');
  const saved = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), SLOT.solitaire);
  expect(saved.referee).toBe('chemist');
  expect(saved.chemist_rules).toBe(2);
  expect(errors).toEqual([]);
});
