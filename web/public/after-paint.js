/*
 * Starts the web app once a server-rendered first screen has painted (issue 18, N246). api/web-app.ts
 * puts this classic deferred script in place of the entry's module script and its modulepreloads on
 * a server-rendered Discover page (not Messages, N249): `data-entry` names the entry, `data-modulepreload` the chunks to
 * preload (space-separated). Requested after the first paint, the JavaScript no longer competes with
 * the screen's first paint and largest image; the screen is usable only after hydration (N234, N247).
 * A plain file (no inline script: the CSP's `script-src 'self'`).
 */
(() => {
  const script = document.currentScript;
  const entry = script?.dataset.entry;
  if (!entry) return;
  const chunks = (script.dataset.modulepreload ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of chunks) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.append(module);
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
