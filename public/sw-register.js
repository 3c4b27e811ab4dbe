// Registers the service worker (public/sw.js) and, when a new version has been deployed and
// fully downloaded, shows "A new version is ready" with a Reload button. The new version starts
// only when the player presses it: until then every file still comes from the running version.
(() => {
  // The game's code stopped: a panic aborts the wasm (panic = "abort"), which the browser reports
  // as a WebAssembly.RuntimeError. Say so and offer a reload: every move is saved as it is made,
  // so a reload loses at most the tiles placed and not yet submitted.
  const stopped = (error) => {
    if (!(error instanceof WebAssembly.RuntimeError) || document.querySelector('.crash-banner')) return;
    const banner = document.createElement('div');
    banner.className = 'update-banner crash-banner';
    banner.setAttribute('role', 'alert');
    const text = document.createElement('span');
    text.textContent = 'The game stopped on an error. Your moves are saved: reload to go on.';
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.className = 'update-reload';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => location.reload());
    banner.append(text, reload);
    document.body.append(banner);
  };
  addEventListener('error', (event) => stopped(event.error));
  addEventListener('unhandledrejection', (event) => stopped(event.reason));

  // Own-device tables (src/ui/tables.rs): Copy and Share… of a table's links, and Remove's
  // question, need none of the game's state; a link opened in the address of the running page
  // (hashchange) brings the Play tab forward and taps the tables' hidden "open-address" button.
  if (navigator.share) document.documentElement.classList.add('can-share');
  addEventListener('hashchange', () => {
    if (location.hash.length < 2) return;
    document.querySelector('[role=tab]')?.click(); // the Play tab
    document.querySelector('[data-act=open-address]')?.click();
  });
  document.addEventListener('click', (event) => {
    const button = event.target.closest?.('[data-copy],[data-share],[data-remove],[data-keep]');
    if (!button) return;
    const { copy, share, remove, keep } = button.dataset;
    const said = (text) => {
      const line = button.closest('section')?.querySelector('[data-said]');
      if (line) line.textContent = text;
    };
    const byHand = () => said('This browser did not let the game copy: select the link in its box and copy it.');
    if (copy) {
      if (navigator.clipboard) navigator.clipboard.writeText(copy).then(() => said('Link copied.'), byHand);
      else byHand();
    } else if (share) {
      navigator.share({ url: share }).catch(() => {}); // a cancelled share changes nothing
    } else {
      // Remove asks first (focus to "Keep it"); Keep it puts the question away (focus back)
      const id = remove || keep;
      const question = document.querySelector(`[data-confirm="${id}"]`);
      if (!question) return;
      question.hidden = Boolean(keep);
      (keep ? document.querySelector(`[data-remove="${id}"]`) : question.querySelector('[data-keep]'))?.focus();
    }
  });

  const sw = navigator.serviceWorker;
  if (!sw) return;
  const updating = Boolean(sw.controller); // a worker runs this page: a later change is an update
  let reloading = false;
  // the new worker took over (in this tab or another): reload so the page is the new build whole
  sw.addEventListener('controllerchange', () => {
    if (!updating || reloading) return;
    reloading = true;
    location.reload();
  });

  sw.register('sw.js').then((registration) => {
    const offer = () => {
      if (registration.waiting && sw.controller) showBanner(registration);
    };
    offer();
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        if (worker.state === 'installed') offer();
      });
    });
    // look for a new deploy when the player comes back to the tab, and every hour
    const check = () => registration.update().catch(() => {}); // offline: try again later
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') check();
    });
    setInterval(check, 60 * 60 * 1000);
  }).catch((error) => console.warn('offline play is unavailable:', error));

  function showBanner(registration) {
    if (document.querySelector('.update-banner')) return;
    const banner = document.createElement('div');
    banner.className = 'update-banner';
    banner.setAttribute('role', 'status');
    const text = document.createElement('span');
    text.textContent = 'A new version is ready.';
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.className = 'update-reload';
    reload.textContent = 'Reload';
    reload.addEventListener('click', () => {
      reload.disabled = true;
      reload.textContent = 'Reloading…';
      registration.waiting?.postMessage('skip-waiting');
    });
    const later = document.createElement('button');
    later.type = 'button';
    later.className = 'update-later';
    later.textContent = 'Later';
    later.addEventListener('click', () => banner.remove());
    banner.append(text, reload, later);
    document.body.append(banner);
  }
})();
