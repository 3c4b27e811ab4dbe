// The screen reader's one live region: built once, it says each result, each refusal with its
// reason, the other players' moves and whose turn it is, with formulas read as words.
import { test, expect } from '@playwright/test';
import { record, resumeWith, place } from './helpers.js';

const region = (page) => page.locator('main > [role="status"][aria-live="polite"]');

test('a result and a refusal are read aloud, by the same region', async ({ page }) => {
  await resumeWith(page, record({ theory: false, bag: 'H H O Cl Na C N K K S S Mg Mg Ca Ca' }));
  await expect(region(page)).toHaveCount(1);
  const first = await region(page).elementHandle();

  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(region(page)).toHaveText('Scored 6: H two O — water.');
  // in the accessibility tree: a status whose text is the news
  expect(await page.locator('main').ariaSnapshot()).toContain('status: "Scored 6: H two O — water."');

  // Standard Mode: Cl · Na is not the card's order
  await place(page, 'Cl', 8, 6);
  await place(page, 'Na', 8, 7);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(region(page)).toContainText('Not played.');
  await expect(region(page)).toContainText('Na · Cl');
  // still the element found at load: never re-created
  expect(await page.evaluate(([a, b]) => a === b && a.isConnected, [first, await region(page).elementHandle()])).toBe(true);
});

test('Pass and Play: each move and whose turn it is', async ({ page }) => {
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'H H O C C C C N N N K K S S O O' }));
  await page.getByRole('button', { name: "I'm Ada — show my tiles" }).click();
  await expect(region(page)).toHaveText("Ada's turn.");
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(region(page)).toHaveText('Ada played H two O — water, for 6. Pass the device to Bo.');
  await page.getByRole('button', { name: "I'm Bo — show my tiles" }).click();
  await expect(region(page)).toHaveText("Bo's turn.");
});

test('Pass and Play: a stuck rack is said to its player once it shows, not at the hand-off', async ({ page }) => {
  // QA: the hand-off read out Bo's stuck rack, hidden from view, before Bo had the device, and
  // Bo's own turn then said nothing of it
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'H H O C C N N He Ne He Ne He Ne He O O O' }));
  await page.getByRole('button', { name: "I'm Ada — show my tiles" }).click();
  await place(page, 'H', 7, 6);
  await place(page, 'H', 7, 7);
  await place(page, 'O', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  await expect(region(page)).toHaveText('Ada played H two O — water, for 6. Pass the device to Bo.');
  // the engine's worker has answered about Bo's rack by now: still not said
  await page.waitForTimeout(1000);
  await expect(region(page)).toHaveText('Ada played H two O — water, for 6. Pass the device to Bo.');
  await page.getByRole('button', { name: "I'm Bo — show my tiles" }).click();
  await expect(region(page)).toHaveText("Bo's turn. No formula can be made from your rack here, and the bag is empty — pass.");
});
