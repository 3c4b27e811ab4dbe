import { test, expect } from '@playwright/test';
import { SLOT, openApp, place, watchErrors } from './helpers.js';

function chemistSolitaire(bag, moves = []) {
  return {
    format: 'molscrab-game/1', kind: 'solitaire', theory: false, referee: 'chemist', chemist_rules: 2,
    players: ['You'], first: 0, seed: 1, bag: bag.split(' '), moves,
  };
}
async function resumeChemist(page, rec) {
  await openApp(page);
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); },
    [SLOT[rec.kind], JSON.stringify(rec)]);
  await page.reload();
  await page.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.locator('.board')).toBeVisible();
  await expect(page.locator('.game-title')).toContainText('Real substances');
}
test('explore', async ({ page }) => {
  await resumeChemist(page, chemistSolitaire('C H H H O H Ca O H O N H H H H H O N Na Cl'));
  for (const [el, c] of [['C', 4], ['H', 5], ['H', 6], ['H', 7], ['O', 8], ['H', 9]]) await place(page, el, 7, c);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await page.waitForTimeout(1000);
  for (const [el, r] of [['Ca', 3], ['O', 4], ['H', 5], ['O', 6]]) await place(page, el, r, 9);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await page.waitForTimeout(1000);
  await page.locator('.notebook button.formula').first().click();
  await page.waitForTimeout(1000);
  console.log('CARD', await page.getByRole('dialog', { name: 'Formula card' }).innerHTML());
  await page.getByRole('button', { name: 'Close' }).click();
  for (const [el, r] of [['N', 8], ['H', 9], ['H', 10], ['H', 11], ['H', 12],['H', 13], ['O', 14]]) await place(page, el, r, 4);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await page.waitForTimeout(1000);
  console.log('REF', await page.locator('.turn .notice').allInnerTexts());
});
