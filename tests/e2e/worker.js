// The game's service worker, seen from a page.
import { expect } from '@playwright/test';

/// Waits until the page's service worker is activated (so it has precached the whole build)
/// and returns its script URL. (Polls inside the page: waitForFunction does not await promises.)
export async function workerReady(page, timeoutMs = 20_000) {
  const scriptURL = await page.evaluate(async (timeout) => {
    const deadline = Date.now() + timeout;
    while (Date.now() < deadline) {
      const registration = await navigator.serviceWorker.getRegistration();
      if (registration?.active?.state === 'activated') return registration.active.scriptURL;
      await new Promise((ok) => setTimeout(ok, 50));
    }
    return null;
  }, timeoutMs);
  expect(scriptURL, 'the service worker is activated').not.toBeNull();
  return scriptURL;
}
