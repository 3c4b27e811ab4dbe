// Where the suite serves the built game: dist/ at a host's root, and the same dist/ under a
// sub-path, as on a shared static host (both started by playwright.config.js).
// E2E_PORT moves both (default 4173 and 4174), e.g. when another checkout's suite is running.
export const rootPort = Number(process.env.E2E_PORT ?? 4173);
export const subPathPort = rootPort + 1;
export const subPath = '/games/molscrab/';
export const rootSite = `http://127.0.0.1:${rootPort}/`;
export const subPathSite = `http://127.0.0.1:${subPathPort}${subPath}`;

// Debian's Chromium as every test and measuring script launches it: never a downloaded
// browser; --no-sandbox as we run as root; no background traffic to disturb timings.
export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
  ],
};
