// Playwright drives Debian's Chromium (never a downloaded browser) against dist/ served locally.
import { defineConfig } from '@playwright/test';
import { chromiumLaunch, rootPort, rootSite, subPath, subPathPort, subPathSite } from './sites.js';

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: rootSite,
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } },
  ],
  // dist/ at a host's root, and under a sub-path; update.spec.js starts its own switchable host
  webServer: [
    {
      command: `node serve.mjs ../../dist ${rootPort}`,
      url: rootSite,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `node serve.mjs ../../dist ${subPathPort} ${subPath}`,
      url: subPathSite,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
