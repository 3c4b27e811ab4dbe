// Against the computer: the computer moves by itself (its rack never shows, no hand-off), a whole
// game to its results at each level, hints counted, and Hindsight afterwards.
import { test, expect } from '@playwright/test';
import {
  SLOT, openApp, rackTiles, watchErrors, resumeWith, resumeButton, record, playHintsToTheEnd, expectTwoSeatResults,
  place,
} from './helpers.js';

/** A short game against one computer: 16 tiles, so both racks and the bag run out soon. */
function short(level) {
  return {
    format: 'molscrab-game/1', kind: 'pass-and-play', theory: true, players: ['You', 'Rival'],
    computers: [null, level], first: 0, seed: 1,
    bag: 'H H O C H H O N H H O C H H O O'.split(' '), moves: [],
  };
}

async function resume(page, rec) {
  await openApp(page);
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); },
    [SLOT['pass-and-play'], JSON.stringify(rec)]);
  await page.reload();
  await resumeButton(page, rec).click();
  await expect(page.locator('.board')).toBeVisible();
}

for (const [level, name] of [['novice', 'Apprentice'], ['greedy', 'Chemist'], ['expert', 'Professor']]) {
  test(`a whole game against the ${name} (${level}) ends with its results`, async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await resume(page, short(level));
    await playHintsToTheEnd(page);
    // the computer moved by itself, and its moves are in the notebook like anyone's
    await expect(page.locator('.notebook .entry .who', { hasText: 'Rival' }).first()).toBeVisible();
    // the results: two rows; the headline names whoever has the higher final score
    await expectTwoSeatResults(page, 'Rival');
    // every hint asked for is counted
    await expect(page.locator('.results .hints-used')).toHaveText(/^Played with \d+ hints?\.$/);
    expect(errors).toEqual([]);
  });
}

test('the computer moves first by itself after a visible pause, and its rack never shows', async ({ page }) => {
  const errors = watchErrors(page);
  await resume(page, { ...short('expert'), first: 1 });
  await expect(page.locator('.whose')).toHaveText('Rival is thinking…');
  await expect(rackTiles(page)).toHaveCount(0);
  // then its move is on the board and in the notebook, and it's the person's turn
  await expect(page.locator('.whose')).toHaveText('Your rack');
  await expect(page.locator('.notebook .entry')).toHaveCount(1);
  await expect(page.locator('.turn .notice.info')).toContainText('Rival ');
  await expect(rackTiles(page)).toHaveCount(7);
  expect(errors).toEqual([]);
});

test('Against the computer starts from the Play tab, and hindsight looks back afterwards', async ({ page }) => {
  const errors = watchErrors(page);
  await openApp(page);
  await page.getByRole('combobox', { name: 'Opponent', exact: true }).selectOption('expert');
  await page.getByRole('combobox', { name: 'How many opponents' }).selectOption('2');
  await page.getByRole('button', { name: 'Play the computer' }).click();
  await expect(page.locator('.scoreboard tbody tr')).toHaveCount(3);
  await expect(page.locator('.scoreboard')).toContainText('Professor 2');
  await expect(page.locator('.handoff')).toHaveCount(0);
  // titled as the Play tab's card named it, not "Pass and Play"
  await expect(page.locator('.game-title')).toHaveText(/^Against the computer · (Theory|Standard) Mode$/);

  // a finished short game: Hindsight lists the person's turns and shows one on the board
  await resume(page, short('greedy'));
  await playHintsToTheEnd(page);
  await page.getByRole('button', { name: 'Hindsight' }).click();
  await expect(page.locator('.hindsight .hs-summary')).toContainText(/^You: −?\d+ points? — Plays scored \d+ points? of the \d+ the best plays would have scored/);
  const look = page.locator('.hindsight button.look').first();
  if (await look.count()) {
    await look.click();
    await expect(page.locator('.looking-back')).toBeVisible();
    await expect(page.locator('.board .sq.new').first()).toBeVisible();
    await page.getByRole('button', { name: 'Back to the final board' }).click();
    await expect(page.locator('.looking-back')).toBeHidden();
  }
  await page.getByRole('button', { name: 'Hindsight' }).click();
  await expect(page.locator('.notebook .entry').first()).toBeVisible();
  expect(errors).toEqual([]);
});

test('mixed Pass and Play: the hand-off shows only between people', async ({ page }) => {
  await openApp(page);
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Player 2' }).fill('Ben');
  await page.getByRole('combobox', { name: 'Player 3 plays as' }).selectOption('greedy');
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  await expect(page.locator('.scoreboard tbody tr')).toHaveCount(3);
  await expect(page.locator('.scoreboard')).toContainText('Chemist');
  await expect(page.locator('.game-title')).toHaveText(/^Pass and Play · (Theory|Standard) Mode$/);
  // two people: the device is handed over before a person's turn, never before the computer's
  const handoff = page.locator('.handoff');
  const thinking = page.locator('.whose', { hasText: 'is thinking' });
  await expect(handoff.or(thinking)).toBeVisible();
  if (await thinking.isVisible()) await expect(handoff).toBeVisible({ timeout: 15_000 });
  await expect(rackTiles(page)).toHaveCount(0);
});

test('Hindsight\'s "Show on board" brings the board and the way back into view', async ({ page }) => {
  // Pass and Play: Ada plays water, then both pass twice: the game is over, and Hindsight has
  // better plays to show for the passes
  const water = { play: [{ row: 7, col: 6, el: 'H' }, { row: 7, col: 7, el: 'H' }, { row: 7, col: 8, el: 'O' }] };
  await resumeWith(page, record({ kind: 'pass-and-play', players: ['Ada', 'Bo'], bag: 'H H O C C C C N N N K K S S O O',
    moves: [water, { pass: true }, { pass: true }, { pass: true }, { pass: true }] }));
  await page.getByRole('button', { name: 'Hindsight' }).click();
  const look = page.locator('.hindsight button.look').last();
  await expect(look).toBeVisible();
  // tapped where a long list puts it: at the top of the window, the board above it
  await look.evaluate((b) => b.scrollIntoView({ block: 'start' }));
  await look.click();
  await expect(page.locator('.looking-back')).toBeInViewport();
  await expect(page.locator('.board')).toBeInViewport({ ratio: 0.5 });
  await expect(page.getByRole('button', { name: 'Back to the final board' })).toBeInViewport();
});

test('the Play tab shows each level\'s name whole in its menu, down to 320 px', async ({ page }) => {
  // at 320 and 375 px "Chemist (medium)" and "Professor (hard)" were cut ("Chemist (me")
  for (const width of [320, 375, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openApp(page);
    await page.getByRole('combobox', { name: 'Player 3 plays as' }).selectOption('expert');
    const cut = await page.evaluate(() => {
      const ink = document.createElement('canvas').getContext('2d');
      const out = [];
      for (const select of document.querySelectorAll('.menu select')) {
        const style = getComputedStyle(select);
        ink.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        for (const option of select.options) {
          const needs = ink.measureText(option.text).width;
          if (needs > room) out.push(`${select.getAttribute('aria-label')}: "${option.text}" needs ${needs.toFixed(0)} px of ${room.toFixed(0)}`);
        }
      }
      return out;
    });
    expect(cut, `at ${width} px`).toEqual([]);
  }
});

test('a game against the computer is resumed, and replaced, from its own card', async ({ page }) => {
  // QA: saved, it was offered as "Resume pass and play"; with a Pass and Play game saved,
  // "Play the computer" asked "Replace…?" in the Pass and Play card, off screen
  await openApp(page);
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Player 2' }).fill('Ben');
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  await page.getByRole('button', { name: 'Save and leave' }).first().click();
  const computerCard = page.locator('section[aria-labelledby="computer-h"]');
  const pnpCard = page.locator('section[aria-labelledby="pnp-h"]');
  await computerCard.getByRole('button', { name: 'Play the computer' }).click();
  const ask = computerCard.getByRole('alertdialog', { name: 'Replace your saved game?' });
  await expect(ask).toContainText('Replace your saved Pass and Play game? It will be lost.');
  await expect(pnpCard.getByRole('alertdialog')).toHaveCount(0);
  await expect(ask).toBeInViewport();
  await ask.getByRole('button', { name: 'Start new game' }).click();
  await expect(page.locator('.game-title')).toHaveText(/^Against the computer/);
  await page.getByRole('button', { name: 'Save and leave' }).first().click();
  // saved: resumed from its own card, and Pass and Play offers no Resume of it
  await expect(computerCard.getByRole('button', { name: 'Resume game' })).toBeVisible();
  await expect(computerCard).toContainText('You, Chemist');
  await expect(pnpCard.getByRole('button', { name: /^Resume/ })).toHaveCount(0);
  // a new Pass and Play game would replace it: the question names it
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Player 2' }).fill('Ben');
  await pnpCard.getByRole('button', { name: 'Start pass and play' }).click();
  await expect(pnpCard.getByRole('alertdialog')).toContainText('Replace your saved game against the computer? It will be lost.');
  await pnpCard.getByRole('button', { name: 'Keep it' }).click();
  await computerCard.getByRole('button', { name: 'Resume game' }).click();
  await expect(page.locator('.game-title')).toHaveText(/^Against the computer/);
});

test('stuck and behind, the Professor keeps drawing, and each of its moves is said beside the stuck rack', async ({ page }, info) => {
  // QA: on a phone the line saying what the computer did was hidden while the rack was stuck,
  // so its exchanges, turn after turn, went unsaid
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const phone = info.project.name === 'phone';
  // NaCl for you; then helium and neon only, which make no formula: nobody can play again,
  // and the Professor is behind by NaCl's 8 points
  const dead = Array.from({ length: 47 }, (_, i) => (i % 2 ? 'Ne' : 'He'));
  await resume(page, {
    format: 'molscrab-game/1', kind: 'pass-and-play', theory: false, players: ['You', 'Rival'],
    computers: [null, 'expert'], first: 0, seed: 1, bag: ['Na', 'Cl', ...dead], moves: [],
  });
  await place(page, 'Na', 7, 7);
  await place(page, 'Cl', 7, 8);
  await page.getByRole('button', { name: 'Submit formula' }).click();
  const entries = page.locator('.notebook .entry');
  const results = page.locator('.results');
  // on a phone the news comes first in the stuck rack's box; on a wide screen in its own line
  const news = phone ? page.locator('.notice-line .stuck-news .news') : page.locator('.turn .notice.info');
  const stuck = phone ? page.locator('.notice-line .stuck-news') : page.locator('.turn > .notice.stuck');
  const said = [];
  for (let moves = 2; moves < 30; moves += 2) {
    await expect.poll(async () => (await results.isVisible()) || (await entries.count()) >= moves).toBe(true);
    if (await results.isVisible()) break;
    await expect(stuck).toContainText('No card formula fits your rack — exchange tiles or pass.');
    await expect(news).toBeVisible();
    said.push(await news.innerText());
    await page.getByRole('button', { name: 'Pass', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, pass' }).click();
  }
  await expect(results).toContainText('Everyone was stuck: every player passed twice in a row.');
  // behind, it drew for six rounds; then it passed, and the game ended
  expect(said).toEqual([...Array(6).fill('Rival exchanged 7 tiles.'), 'Rival passed.']);
  expect(errors).toEqual([]);
});
