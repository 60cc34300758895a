/*
 * Starts the web app once a server-rendered first screen has painted (issue 18, N246). api/web-app.ts
 * puts this classic deferred script in place of the entry's module script and its modulepreloads on a
 * server-rendered page (Discover and Messages, N253): `data-entry` names the entry, `data-modulepreload`
 * the chunks to preload (space-separated). Requested after the first paint, the JavaScript no longer
 * competes with the screen's first paint and largest image. Until the app has hydrated, a tap on one of
 * the screen's buttons is held and then replayed (N253); links work without JavaScript (N247).
 * A plain file (no inline script: the CSP's `script-src 'self'`).
 */
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  // A tap on a server-rendered button before hydration would do nothing (React's listeners are not
  // there yet): the last one is held and replayed on the same button once the app has hydrated, which
  // web/src/lib/hydrated.ts announces with `nestmate:hydrated` (N253). Links need nothing (they
  // navigate without JavaScript); a button that says it is not ready (aria-disabled, N234) is left alone.
  const root = document.getElementById('root');
  let held = null;
  const hold = (event) => {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (!target || !root?.contains(target) || target.disabled || target.getAttribute('aria-disabled') === 'true')
      return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  document.addEventListener('click', hold, true);
  document.addEventListener(
    'nestmate:hydrated',
    () => {
      document.removeEventListener('click', hold, true);
      if (held?.isConnected) held.click();
      held = null;
    },
    { once: true },
  );
  const chunks = (script.dataset.modulepreload ?? '').split(' ').filter(Boolean);
  let started = false;
  // Each request a link starts costs the main thread 1–2.5 ms in Lighthouse's instrumented browser: the
  // 43 of the app screen in one task took 28–113 ms there (N257). The entry goes first, then the chunks a
  // few per task, so the page can answer a tap between them.
  const PER_TASK = 6;
  const preload = (from) => {
    for (const href of chunks.slice(from, from + PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    if (from + PER_TASK < chunks.length) setTimeout(() => preload(from + PER_TASK), 0);
  };
  const start = () => {
    if (started) return;
    started = true;
    const module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.append(module);
    preload(0);
  };
  // A hidden tab paints nothing until shown: start at once.
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  // The first contentful paint's entry arrives once that frame is on screen. A task queued from the
  // next animation frame ran too soon: on a loaded machine the frame reached the screen 100+ ms after it,
  // with the entry already requested (Lighthouse then counts it before the paint again). An image the
  // screen marks with `elementtiming` (Discover's card photo, its largest paint) is waited for too: it
  // may paint a few frames after the text.
  const types = globalThis.PerformanceObserver?.supportedEntryTypes ?? [];
  if (types.includes('paint')) {
    let painted = false;
    const images = types.includes('element') ? [...document.querySelectorAll('#root img[elementtiming]')] : [];
    // A broken image never paints.
    const pending = new Set(images.filter((img) => !(img.complete && img.naturalWidth === 0)));
    const check = () => {
      if (painted && pending.size === 0) setTimeout(start, 0);
    };
    for (const img of pending) {
      img.addEventListener('error', () => {
        pending.delete(img);
        check();
      });
    }
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (entry.name === 'first-contentful-paint') painted = true;
        if (entry.entryType === 'element') pending.delete(entry.element);
      }
      check();
    });
    observer.observe({ type: 'paint', buffered: true });
    if (pending.size > 0) observer.observe({ type: 'element', buffered: true });
  } else {
    requestAnimationFrame(() => setTimeout(start, 0));
  }
  // Should no paint be reported (a tab hidden in between, nothing contentful), the app still starts.
  setTimeout(start, 3000);
})();
