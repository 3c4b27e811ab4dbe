// The player's journey in Safari's engine and in Firefox, over W3C WebDriver (selenium-webdriver):
// WebKitGTK's MiniBrowser driven by WebKitWebDriver (Debian webkit2gtk-driver; it needs a display:
// run under xvfb-run, as scripts/engines.sh does), and Debian's Firefox ESR driven by geckodriver
// (crates.io). No browser is downloaded: each engine is the Debian package's.
//
// Usage: node journey.mjs [DIST] [ENGINE…]   e.g. node journey.mjs ../../dist webkit
//   DIST defaults to the repository's dist/; ENGINE is webkit and/or firefox (default both), or
//   chromium (Debian's, with chromedriver: the same journey and screenshots, to compare; the
//   Playwright suite is Chromium's test).
//   SHOTS=DIR also saves a screenshot of the game (DIR/ENGINE-WIDTH.png) after the first play.
//
// The journey runs in each engine twice, 1280 px wide and 375 px wide (a phone's width: its layout,
// not its touch or viewport), each in a fresh browser: Start solitaire from the Play tab; a game
// with a known bag (a save seeded in localStorage, as the Playwright specs do) is resumed, water is
// placed across the star (two taps and a mouse drag) and submitted (score 6); a reload resumes it
// from the save; the static server is then shut down (offline: connections refused), a reload
// comes from the service worker and the game goes on (CO played, scored and saved), and the game
// opens offline by its address.
// Prints `engines: N passed, N failed` and exits 1 on a failure.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebDriver, By, Capabilities } from 'selenium-webdriver';
import { Command } from 'selenium-webdriver/lib/command.js';
import { Executor, HttpClient } from 'selenium-webdriver/http/index.js';
import { staticHost } from '../e2e/serve.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const names = ['webkit', 'firefox', 'chromium'];
const dist = resolve(args.find((a) => !names.includes(a)) ?? join(here, '../../dist'));
const chosen = args.filter((a) => names.includes(a));
const shots = process.env.SHOTS;

const ENGINES = {
  webkit: {
    label: 'WebKit (WebKitGTK MiniBrowser)',
    driver: (port) => ['WebKitWebDriver', [`--port=${port}`]],
    capabilities: {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
        // full screen: no toolbar, whose width (447 px) would be the window's least
        args: ['--automation', '--full-screen'],
      },
    },
  },
  firefox: {
    label: 'Firefox ESR',
    // the chrome context: for `narrow` below
    driver: (port, wsPort) => ['geckodriver', [`--port=${port}`, `--websocket-port=${wsPort}`,
      '--binary', '/usr/bin/firefox-esr', '--allow-system-access']],
    // WebDriver BiDi's log.entryAdded: every console error, from the page's first line on
    // (WebKitWebDriver 2.50 has no BiDi: there the page's own errors are watched from within)
    bidi: true,
    capabilities: {
      browserName: 'firefox',
      webSocketUrl: true,
      'moz:firefoxOptions': {
        binary: '/usr/bin/firefox-esr',
        args: ['-headless'],
        // no first-run pages, updates or telemetry traffic
        prefs: { 'browser.shell.checkDefaultBrowser': false, 'app.update.enabled': false },
      },
    },
    // Firefox's window is at least 500 px wide: a narrower page is made by zooming the site (its
    // full zoom, as Ctrl + does: `width` CSS px drawn on 500 px), kept across its reloads
    narrow: async (driver, width, inner) => {
      const zoom = inner / width;
      const executor = driver.getExecutor();
      executor.defineCommand('mozContext', 'POST', '/session/:sessionId/moz/context');
      await driver.execute(new Command('mozContext').setParameter('context', 'chrome'));
      // FullZoom: the site's zoom, as the browser keeps it across reloads
      await driver.executeScript(`FullZoom.setZoom(${zoom}, gBrowser.selectedBrowser)`);
      await driver.execute(new Command('mozContext').setParameter('context', 'content'));
    },
  },
  chromium: {
    label: 'Chromium (for comparison)',
    driver: (port) => ['chromedriver', [`--port=${port}`]],
    capabilities: {
      browserName: 'chrome',
      'goog:chromeOptions': {
        binary: '/usr/bin/chromium',
        args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run',
          '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      },
    },
  },
};

// ---- small helpers -------------------------------------------------------------------------

class Failure extends Error {}
function check(ok, what) {
  if (!ok) throw new Failure(what);
  console.log(`    ✓ ${what}`);
}
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

/** Polls `probe` until it returns a truthy value (returned) or `ms` pass (then fails with `what`). */
async function until(what, probe, ms = 15_000) {
  const deadline = Date.now() + ms;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) {
        console.log(`    ✓ ${what}`);
        return last;
      }
    } catch (e) {
      last = e.message.split('\n')[0];
    }
    if (Date.now() > deadline) throw new Failure(`${what} (timed out; last: ${JSON.stringify(last)})`);
    await sleep(100);
  }
}

function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.unref();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

async function waitForDriver(url, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const r = await fetch(`${url}/status`);
      if (r.ok) return;
    } catch { /* not listening yet */ }
    await sleep(100);
  }
  throw new Error(`the WebDriver server at ${url} did not start`);
}

const SAVE = 'molscrab.save.solitaire';
// a game record (RULES §8) with an explicit bag, so every draw is known: the rack is H H O C N Na Cl
const RECORD = {
  format: 'molscrab-game/1', kind: 'solitaire', theory: true, players: ['You'], first: 0, seed: 1,
  bag: 'H H O C N Na Cl O O N N K K S S Mg Mg'.split(' '), moves: [],
};

// Records console errors, uncaught errors and rejections of the page, from the moment it runs
// (installed again after every load; what happens before it runs is not seen).
const WATCH = `if (!window.__errors) {
  window.__errors = [];
  const push = (m) => window.__errors.push(String(m));
  addEventListener('error', (e) => push(e.message || e.error));
  addEventListener('unhandledrejection', (e) => push('unhandled rejection: ' + (e.reason && e.reason.message || e.reason)));
  const err = console.error.bind(console);
  console.error = (...a) => { push(a.join(' ')); err(...a); };
}`;

// ---- the journey ---------------------------------------------------------------------------

async function journey(driver, host, site, name, width, logged) {
  const $ = (css) => driver.findElement(By.css(css));
  const $$ = (css) => driver.findElements(By.css(css));
  // a Play tab card's button, by the card's heading id and the button's text
  const cardButton = (card, label) =>
    driver.findElement(By.xpath(`//section[@aria-labelledby="${card}"]//button[normalize-space()="${label}"]`));
  // the turn's Submit formula button, by its row of controls and its text
  const submit = () => driver.findElement(By.xpath('//div[@aria-label="Turn"]//button[normalize-space()="Submit formula"]'));
  const js = (code, ...a) => driver.executeScript(code, ...a);
  const text = async (css) => ((await $$(css))[0] ? (await $(css)).getText() : null);
  const errors = [];
  const watch = async () => {
    errors.push(...((await js('return window.__errors || []')) ?? []));
    await js(`${WATCH}; window.__errors.length = 0;`);
  };
  const appReady = async (what) => {
    await until(what, async () => (await $$('[role="tablist"][aria-label="Sections"]')).length === 1);
    await watch();
  };
  const square = (r, c) => `.board [data-row="${r}"][data-col="${c}"]`;
  const place = async (symbol, r, c) => {
    await $(`.rack button[data-symbol="${symbol}"]`).click();
    await $(square(r, c)).click();
    await until(`${symbol} placed at row ${r + 1}, column ${c + 1}`,
      async () => /placed this turn/.test(await $(square(r, c)).getAttribute('aria-label')));
  };
  // a mouse drag (pointer events) from a rack tile to a square, by way of a point off the tile
  const drag = async (symbol, r, c) => {
    const from = await $(`.rack button[data-symbol="${symbol}"]`);
    const to = await $(square(r, c));
    await js('arguments[0].scrollIntoView({ block: "nearest" }); arguments[1].scrollIntoView({ block: "nearest" })', to, from);
    await driver.actions({ async: true }).move({ origin: from }).press()
      .move({ origin: from, x: 20, y: -30, duration: 100 }).move({ origin: to, duration: 200 })
      .move({ origin: to, x: 1, y: 1, duration: 50 }).release().perform();
    await until(`${symbol} dragged to row ${r + 1}, column ${c + 1}`,
      async () => /placed this turn/.test(await $(square(r, c)).getAttribute('aria-label')));
  };
  // a player's reload (F5, location.reload()): WebDriver's Refresh is a forced reload in Firefox
  // (geckodriver), which bypasses the service worker, so offline it fails where a player's works
  const reload = async (what) => {
    await js('window.__reloading = true; setTimeout(() => location.reload())');
    await until(`${what}: the page reloads`, () => js('return !window.__reloading && document.readyState === "complete"'));
    await appReady(`${what}: the app runs`);
  };
  const rack = () => js('return [...document.querySelectorAll(".rack button[data-symbol]")].map((b) => b.dataset.symbol)');

  console.log('  1. Start solitaire from the Play tab');
  await driver.get(site);
  await appReady('the app runs (the Sections tablist is shown)');
  check(await js('return innerWidth') === width, `the page is ${width} px wide`);
  await cardButton('solo-h', 'Start solitaire').click();
  await until('a board of 225 squares is shown', async () => (await $$('.board button[data-row]')).length === 225);
  check(/^Solitaire · /.test(await text('.game-title')), `the title reads "${await text('.game-title')}"`);
  check((await rack()).length === 7, 'the rack holds 7 tiles');
  const started = JSON.parse(await js(`return localStorage.getItem('${SAVE}')`) ?? 'null');
  check(started?.kind === 'solitaire' && Number.isSafeInteger(started.seed) && started.moves?.length === 0,
    `the new game is saved in ${SAVE}: ${JSON.stringify(started)?.slice(0, 120)}`);

  console.log('  2. A game with a known rack: water across the star (two taps and a drag), submitted');
  await js('localStorage.clear(); localStorage.setItem(arguments[0], arguments[1]);', SAVE, JSON.stringify(RECORD));
  await reload('a reload');
  await cardButton('solo-h', 'Resume game').click();
  await until('the seeded game is resumed', async () => (await $$('.board button[data-row]')).length === 225);
  const hand = await rack();
  check(hand.join(' ') === 'H H O C N Na Cl', `the rack is the bag's first seven: ${hand.join(' ')}`);
  await place('H', 7, 6);
  await place('H', 7, 7);
  await drag('O', 7, 8);
  await submit().click();
  await until('the score shows 6 ((1 + 1 + 1) × 2 on the star)', async () => (await text('[data-testid="score"]')) === '6');
  await until('the notebook says H₂O — water', async () => (await text('.notebook'))?.includes('H₂O — water'));
  check((await rack()).length === 7, 'the rack is refilled to 7 tiles');
  check((await text('[data-testid="bag-count"]')) === 'Bag: 7 tiles', `the bag count reads "${await text('[data-testid="bag-count"]')}"`);
  const saved = JSON.parse(await js(`return localStorage.getItem('${SAVE}')`));
  check(saved.moves.length === 1 && saved.moves[0].play.length === 3, 'the play is saved (one move of three tiles)');

  if (shots) {
    mkdirSync(shots, { recursive: true });
    const file = join(shots, `${name}-${width}.png`);
    writeFileSync(file, await driver.takeScreenshot(), 'base64');
    console.log(`    (screenshot ${file})`);
  }

  console.log('  3. Reload and resume');
  await reload('a reload');
  await cardButton('solo-h', 'Resume game').click();
  await until('the game is resumed with its score of 6', async () => (await text('[data-testid="score"]')) === '6');
  check(/^O \(Oxygen\), row 8, column 9$/.test(await $(square(7, 8)).getAttribute('aria-label')),
    'the played O is on the board (row 8, column 9)');
  check((await rack()).length === 7, 'the rack holds 7 tiles');

  console.log('  4. Offline: the server is shut down, the page reloads from the service worker');
  const worker = await js(`return (async () => {
    const deadline = Date.now() + 20000;
    while (Date.now() < deadline) {
      const r = await navigator.serviceWorker?.getRegistration();
      if (r?.active?.state === 'activated') return r.active.scriptURL;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    return null;
  })()`);
  check(worker === `${site}sw.js`, `the service worker is activated (${worker})`);
  check(await js('return navigator.serviceWorker.controller?.scriptURL') === worker, 'the service worker controls the page');
  await host.close();
  const probe = await js(`return fetch('not-in-the-build.txt').then(() => 'fetched', () => 'failed')`);
  check(probe === 'failed', 'the network is gone: a file the build lacks cannot be fetched');
  await reload('offline, a reload');
  await cardButton('solo-h', 'Resume game').click();
  await until('the game resumes offline with its score of 6', async () => (await text('[data-testid="score"]')) === '6');
  // and is played on: a C above the O makes CO down column 9, the C on a DL: 1 × 2 + 1 = 3
  await place('C', 6, 8);
  await submit().click();
  await until('an offline play is scored: CO, 3, the score 9', async () => (await text('[data-testid="score"]')) === '9');
  await until('the notebook says CO — carbon monoxide', async () => (await text('.notebook'))?.includes('CO — carbon monoxide'));
  const after = JSON.parse(await js(`return localStorage.getItem('${SAVE}')`));
  check(after.moves.length === 2, 'the offline play is saved');
  // and the game opens offline by its address too (a new navigation, not a reload)
  await driver.get(site);
  await appReady('offline, the game opens by its address');
  check(await js('return navigator.serviceWorker.controller?.scriptURL') === worker, 'the page is served by the service worker');
  await watch();
  errors.push(...logged);
  check(errors.length === 0, `no console error or uncaught exception${errors.length ? `: ${errors.join(' | ')}` : ''}`);
}

/** Makes the page `width` CSS px wide: the window resized until it fits, or where the window can't
 *  be that narrow, the engine's `narrow`. */
async function fit(driver, engine, width) {
  let target = width;
  for (let i = 0; i < 4; i++) {
    await driver.manage().window().setRect({ width: target, height: 900 });
    await sleep(300);
    const inner = await driver.executeScript('return window.innerWidth');
    if (inner === width) return;
    if (engine.narrow && inner > width && i > 0) {
      await engine.narrow(driver, width, inner);
      return;
    }
    target += width - inner;
  }
}

async function run(name, width) {
  const engine = ENGINES[name];
  console.log(`engine ${name} at ${width} px: ${engine.label}`);
  const host = staticHost(dist);
  const site = await host.listen(0);
  const port = await freePort();
  const [cmd, cmdArgs] = engine.driver(port, await freePort());
  const driverProcess = spawn(cmd, cmdArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
  let driverErr = '';
  driverProcess.stderr.on('data', (d) => { driverErr += d; });
  const url = `http://127.0.0.1:${port}`;
  let driver;
  try {
    await waitForDriver(url);
    driver = await WebDriver.createSession(new Executor(new HttpClient(url)), new Capabilities(engine.capabilities));
    const caps = await driver.getCapabilities();
    console.log(`  ${caps.getBrowserName()} ${caps.getBrowserVersion()}`);
    await driver.manage().setTimeouts({ implicit: 5_000, pageLoad: 30_000, script: 30_000 });
    const logged = [];
    if (engine.bidi) {
      const bidi = await driver.getBidi();
      bidi.socket.on('message', (data) => {
        const { method, params } = JSON.parse(data);
        // (the offline probe's fetch, failing on purpose, is reported too)
        if (method === 'log.entryAdded' && params.level === 'error' && !params.text.includes('not-in-the-build.txt')) {
          logged.push(`${params.type}: ${params.text}`);
        }
      });
      await bidi.subscribe('log.entryAdded');
    }
    // the site's first page, sized (Firefox's zoom is the site's), then the journey from its start
    await driver.get(site);
    await fit(driver, engine, width);
    await journey(driver, host, site, name, width, logged);
    console.log(`  passed: ${name} at ${width} px`);
    return true;
  } catch (e) {
    console.log(`  FAILED: ${name} at ${width} px: ${e instanceof Failure ? e.message : e.stack}`);
    if (driverErr.trim()) console.log(`  driver said: ${driverErr.trim().split('\n').slice(-5).join('\n    ')}`);
    return false;
  } finally {
    await driver?.quit().catch(() => {});
    driverProcess.kill();
    await host.close().catch(() => {});
  }
}

if (!existsSync(join(dist, 'index.html'))) {
  console.error(`no built game at ${dist} (make dist)`);
  process.exit(2);
}
let passed = 0;
let failed = 0;
for (const name of chosen.length ? chosen : ['webkit', 'firefox']) {
  for (const width of [1280, 375]) {
    if (await run(name, width)) passed++;
    else failed++;
  }
}
console.log(`engines: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
