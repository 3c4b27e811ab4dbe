#!/usr/bin/env node
// Screenshots for looking at a change: the built game (dist/) at 1280×800 and 375×812, on the
// Play tab, in a Solitaire game with a formula placed, and at an own-device table (the Play tab
// listing two tables, one waiting for Bo, the other inviting and then sending Ada's move). Usage: node scripts/shots.mjs [DIST] [OUT]
// (`make shots`); the PNGs go to OUT (default target/shots), one per screen and size.
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { staticHost } from '../tests/e2e/serve.mjs';

const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
const { chromium } = require('playwright-core');
const { chromiumLaunch } = await import('../tests/e2e/sites.js').catch(() => ({}));

const [dist = 'dist', out = 'target/shots'] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const server = staticHost(dist).server;
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const site = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch(chromiumLaunch ?? {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const sizes = { desktop: { width: 1280, height: 800 }, phone: { width: 375, height: 812 } };
for (const [size, viewport] of Object.entries(sizes)) {
  let page = await browser.newPage({ viewport, hasTouch: size === 'phone', isMobile: size === 'phone' });
  await page.goto(site);
  await page.getByRole('tablist', { name: 'Sections' }).waitFor();
  await page.screenshot({ path: `${out}/play-${size}.png`, fullPage: true });
  await page.getByRole('button', { name: /Start Solitaire|New game|Start/ }).first().click();
  await page.locator('.board').waitFor();
  for (const col of [7, 8]) {
    await page.locator('.rack button[data-symbol]').nth(0).click();
    await page.locator(`.board [data-row="7"][data-col="${col}"]`).click();
  }
  await page.screenshot({ path: `${out}/game-${size}.png`, fullPage: true });
  // two tables saved on Ada's device: Bo moves first at one, Ada at the other
  const bag = 'H H O C C N N Na Cl K K S S Mg H H O O C N N O O'.split(' ');
  const table = (id, first) => [`molscrab.table.${id}`, JSON.stringify({
    format: 'molscrab-game/1', kind: 'pass-and-play', theory: true, players: ['Ada', 'Bo', 'Cy'],
    first, seed: 1, bag, moves: [], table: { id, seat: 0 },
  })];
  await page.evaluate((items) => {
    localStorage.clear();
    for (const [key, text] of items) localStorage.setItem(key, text);
  }, [table('TableAda-0A', 0), table('TableBoo-0A', 1)]);
  await page.goto(site);
  const entries = page.locator('.table-entry');
  await entries.nth(1).waitFor();
  await page.locator('section.tables').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/play-tables-${size}.png`, fullPage: true });
  await entries.filter({ hasText: 'waiting for Bo' }).getByRole('button', { name: 'Open' }).click();
  await page.getByRole('heading', { name: 'Waiting for Bo' }).waitFor();
  await page.screenshot({ path: `${out}/table-waiting-${size}.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save and leave' }).click();
  await entries.filter({ hasText: 'your turn' }).getByRole('button', { name: 'Open' }).click();
  const invitation = page.getByRole('textbox', { name: "Bo's invitation" });
  await invitation.waitFor();
  await page.waitForFunction(() => document.querySelector('.table-links input')?.value.includes('#t1.'));
  await page.screenshot({ path: `${out}/table-inviting-${size}.png`, fullPage: true });
  for (const [symbol, col] of [['H', 6], ['H', 7], ['O', 8]]) {
    await page.locator(`.rack button[data-symbol="${symbol}"]`).first().click();
    await page.locator(`.board [data-row="7"][data-col="${col}"]`).click();
  }
  await page.getByRole('button', { name: 'Submit formula' }).click();
  const moveLink = page.getByRole('textbox', { name: 'Move link' });
  await moveLink.waitFor();
  const sent = await moveLink.inputValue();
  console.log(`${size}: the move link is ${sent.length} characters (${sent.length - site.length} after the ${site.length}-character address)`);
  await page.screenshot({ path: `${out}/table-sent-${size}.png`, fullPage: true });
  await page.close();

  // the Daily Bench section and a day's results with the share text; a game with the
  // variants Speed Lab and Junior Chemist (the timer beside the rack, the card beside the board)
  page = await browser.newPage({ viewport, hasTouch: size === 'phone', isMobile: size === 'phone' });
  await page.goto(site);
  const daily = page.locator('section.daily');
  await daily.getByText('Current streak').waitFor();
  await daily.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/play-daily-${size}.png` });
  await daily.getByRole('button', { name: "Play today's bench" }).click();
  await page.getByRole('button', { name: 'End game' }).click();
  await page.getByRole('button', { name: 'Yes, end the game' }).click();
  await page.getByTestId('share-text').waitFor();
  await page.screenshot({ path: `${out}/daily-results-${size}.png`, fullPage: true });
  await page.getByRole('button', { name: 'New game' }).click();
  await page.getByRole('textbox', { name: 'Player 1' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Player 2' }).fill('Bo');
  await page.locator('.variants summary').click();
  for (const name of ['Speed Lab', 'Junior Chemist']) await page.locator('.variants').getByRole('checkbox', { name }).check();
  await page.locator('.variants').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${out}/play-variants-${size}.png` });
  await page.getByRole('button', { name: 'Start pass and play' }).click();
  await page.getByRole('button', { name: /show my tiles/ }).click();
  await page.locator('#junior-card table, #junior-card ul').first().waitFor();
  await page.screenshot({ path: `${out}/game-variants-${size}.png`, fullPage: true });
  await page.close();
}
await browser.close();
server.close();
console.log(`screenshots in ${out}/`);
