// Registers the service worker (public/sw.js) and, when a new version has been deployed and
// fully downloaded, shows "A new version is ready" with a Reload button. The new version starts
// only when the player presses it: until then every file still comes from the running version.
(() => {
  // The game's code stopped: a panic aborts the wasm (panic = "abort"), which the browser reports
  // as a WebAssembly.RuntimeError. Say so and offer a reload: every move is saved as it is made,
  // so a reload loses at most the tiles placed and not yet submitted.
  const stopped = (error) => {
    if (!(error instanceof WebAssembly.RuntimeError) || document.querySelector('.crash-banner')) return;
    banner('update-banner crash-banner', 'alert',
      'The game stopped on an error. Your moves are saved: reload to go on.',
      button('update-reload', 'Reload', () => location.reload()));
  };
  addEventListener('error', (event) => stopped(event.error));
  addEventListener('unhandledrejection', (event) => stopped(event.reason));

  // Own-device tables (src/ui/tables.rs): a link in the address (the part after #) is taken
  // out of it, so a reload opens nothing again, and kept in window.tableLink for the game, which
  // reads it as it starts, or on its own hashchange listener (added after this one, so it runs
  // after it) when a link is opened in the address of the running page. Copy and Share… (the
  // tables' links, the Daily Bench's share text) need none of the game's state.
  if (navigator.share) document.documentElement.classList.add('can-share');
  const taken = () => {
    if (location.hash.length < 2) return;
    window.tableLink = location.hash.slice(1);
    history.replaceState(null, '', location.href.split('#')[0]);
  };
  taken();
  addEventListener('hashchange', taken);
  document.addEventListener('click', ({ target }) => {
    const button = target.closest('[data-copy],[data-share],[data-share-text]');
    const { copy, copied, share, shareText } = button?.dataset ?? {};
    const said = (text) => {
      const line = button.closest('section').querySelector('[data-said]');
      if (line) line.textContent = text;
    };
    const byHand = () => said('Could not copy: select the text in its box and copy it.');
    if (copy) navigator.clipboard?.writeText(copy).then(() => said(copied ?? 'Link copied.'), byHand) ?? byHand();
    // cancelled: nothing changes
    else if (share || shareText) navigator.share(share ? { url: share } : { text: shareText }).catch(() => {});
  });

  const sw = navigator.serviceWorker;
  if (!sw) return;
  const updating = Boolean(sw.controller); // a worker runs this page: a later change is an update
  let reloading = false;
  const restart = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };
  // the new worker took over (in this tab or another): reload so the page is the new build whole
  sw.addEventListener('controllerchange', () => {
    if (updating) restart();
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
    const reload = button('update-reload', 'Reload', () => {
      reload.disabled = true;
      reload.textContent = 'Reloading…';
      const waiting = registration.waiting;
      // gone: another tab's Reload has already started it, so this page is the old build
      if (!waiting) return restart();
      // the reload follows its takeover, by 'controllerchange' or, should the browser not
      // send that to this page, by the worker's own state
      waiting.addEventListener('statechange', () => {
        if (waiting.state === 'activated') restart();
      });
      waiting.postMessage('skip-waiting');
    });
    const shown = banner('update-banner', 'status', 'A new version is ready.', reload,
      button('update-later', 'Later', () => shown.remove()));
  }

  // A banner at the foot of the page (its look is .update-banner's): its words, then its buttons.
  function banner(className, role, words, ...buttons) {
    const shown = document.createElement('div');
    shown.className = className;
    shown.setAttribute('role', role);
    const text = document.createElement('span');
    text.textContent = words;
    shown.append(text, ...buttons);
    document.body.append(shown);
    return shown;
  }

  function button(className, label, onClick) {
    const made = document.createElement('button');
    made.type = 'button';
    made.className = className;
    made.textContent = label;
    made.addEventListener('click', onClick);
    return made;
  }
})();
