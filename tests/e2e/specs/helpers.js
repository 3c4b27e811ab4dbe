// Shared steps for the journeys: preload a save, tap tiles and squares, read the screen.
import { expect } from '@playwright/test';

export const POINTS = {
  H: 1, O: 1, C: 1, N: 1, Na: 2, Cl: 2, Ca: 2, K: 2, S: 2, Mg: 2, P: 3, Si: 3, Al: 3, Fe: 3, Zn: 3,
  Cu: 4, Mn: 4, Ba: 4, Br: 4, Li: 4, F: 4, Ag: 5, Sn: 5, I: 5, Ni: 5, Pb: 5, Cr: 5, Au: 8, Pt: 8,
  Hg: 8, U: 10, He: 4, Ne: 6, '?': 0,
};

/** A game record (RULES §8) with an explicit bag, so every draw is known. */
export function record({ kind = 'solitaire', theory = true, players = ['You'], first = 0, bag, moves = [] }) {
  return { format: 'molscrab-game/1', kind, theory, players, first, seed: 1, bag: bag.split(' '), moves };
}

export const SLOT = { solitaire: 'molscrab.save.solitaire', 'pass-and-play': 'molscrab.save.pass-and-play' };

/**
 * Opens the page and waits until the app runs. The wasm starts after the page's load event, and
 * the app reads the saves as it starts: storage written before that would race with it.
 */
export async function openApp(page) {
  await page.goto('./');
  await expect(page.getByRole('tablist', { name: 'Sections' })).toBeVisible();
}

/** Opens the page with `rec` saved in its slot, then resumes it from the Play tab. */
export async function resumeWith(page, rec) {
  await openApp(page);
  await page.evaluate(([key, text]) => { localStorage.clear(); localStorage.setItem(key, text); },
    [SLOT[rec.kind], JSON.stringify(rec)]);
  await page.reload();
  await resumeButton(page, rec).click();
  await expect(page.locator('.board')).toBeVisible();
}

/** The Play tab's Resume of `rec`'s kind: a game against the computer (one person, the other
 *  seats computers; Pass and Play's slot) is resumed from the Against the computer card. */
export function resumeButton(page, rec) {
  if (rec.kind === 'solitaire') return page.getByRole('button', { name: 'Resume game' });
  const computers = (rec.computers ?? []).filter((c) => c).length;
  if (computers && computers === rec.players.length - 1) {
    return page.locator('section[aria-labelledby="computer-h"]').getByRole('button', { name: 'Resume game' });
  }
  return page.getByRole('button', { name: 'Resume pass and play' });
}

export const square = (page, row, col) => page.locator(`.board [data-row="${row}"][data-col="${col}"]`);
export const rackTiles = (page) => page.locator('.rack button[data-symbol]');

/** Taps the first rack tile showing `symbol`, then the square. */
export async function place(page, symbol, row, col) {
  await page.locator(`.rack button[data-symbol="${symbol}"]`).first().click();
  await square(page, row, col).click();
  await expect(square(page, row, col)).toHaveAttribute('aria-label', /placed this turn/);
}

export async function rackSymbols(page) {
  return rackTiles(page).evaluateAll((els) => els.map((e) => e.dataset.symbol));
}

export async function rackPoints(page) {
  return (await rackSymbols(page)).reduce((sum, s) => sum + POINTS[s], 0);
}

/** Fails the test on any console error or uncaught exception. */
export function watchErrors(page) {
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A PNG's pixels ({ w, h, rgba }, rgba a flat array of bytes), decoded in a blank page of
 * `context`, which has no content security policy to refuse a data: image. */
export async function pixels(context, png) {
  const blank = await context.newPage();
  const found = await blank.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [img.width, img.height];
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    return { w: img.width, h: img.height, rgba: [...g.getImageData(0, 0, img.width, img.height).data] };
  }, png.toString('base64'));
  await blank.close();
  return found;
}

/**
 * Plays the person's turns of a game against the computer with Hint + Submit (Pass when no play
 * can be made) until the results show, checking that no hand-off shows and no hinted play is
 * refused. Returns how many plays were submitted.
 */
export async function playHintsToTheEnd(page, { turns = 40, wait = 10_000 } = {}) {
  const results = page.getByRole('region', { name: 'Results' });
  const hint = page.getByRole('button', { name: 'Hint' });
  const thinking = page.locator('.whose.thinking, .whose:has-text("is thinking")');
  let played = 0;
  // `turns` counts the person's turns only: a computer's turn is waited out, however long
  for (let turn = 0; turn < turns && !(await results.isVisible()); ) {
    // the person's turn, or the computer thinking, or the end
    await expect(hint.or(results).or(thinking)).toBeVisible({ timeout: wait });
    await expect(page.locator('.handoff')).toHaveCount(0);
    if (await results.isVisible()) break;
    if (!(await hint.isVisible())) {
      await expect(hint.or(results)).toBeVisible({ timeout: wait });
      continue;
    }
    turn += 1;
    await expect(rackTiles(page).first()).toBeVisible();
    await hint.click();
    const said = page.locator('.turn .notice.info');
    await expect(said).toHaveText(/^(Hint: |No play can be made)/);
    if ((await said.textContent()).startsWith('Hint: ')) {
      // the hint is on the board: the page's own referee takes it
      await page.getByRole('button', { name: 'Submit formula' }).click();
      await expect(page.locator('.turn .notice.refused')).toHaveCount(0);
      played += 1;
    } else {
      await page.getByRole('button', { name: 'Pass', exact: true }).click();
      await page.getByRole('button', { name: 'Yes, pass' }).click();
    }
  }
  await expect(results).toBeVisible();
  return played;
}

/** The results' two final scores, and a headline that names whoever scored more. */
export async function expectTwoSeatResults(page, winnerName) {
  const finals = (await page.getByTestId('final').allTextContents()).map((t) => Number(t.replace('−', '-')));
  expect(finals).toHaveLength(2);
  const headline = await page.getByTestId('winner').textContent();
  if (finals[0] > finals[1]) expect(headline).toBe('You win!');
  else if (finals[1] > finals[0]) expect(headline).toBe(`${winnerName} wins!`);
  else expect(headline).toContain('tie');
}
