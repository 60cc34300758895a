import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'nestmate-scroll-positions';

function readPositions(): Record<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return stored && typeof stored === 'object' ? (stored as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * What React Router's `<ScrollRestoration>` did under the data router (N172): back and forward
 * return to where the page was left, a new page starts at the top (or at its `#hash`), and the
 * positions survive a reload through sessionStorage.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);
  const current = useRef({ key: location.key, y: 0 });

  useEffect(() => {
    const previous = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    // The last scroll position seen, read when the page is left: by then the next page's DOM
    // may already be shorter and have clamped window.scrollY.
    const onScroll = () => {
      current.current.y = window.scrollY;
    };
    const save = () => {
      positions.current ??= readPositions();
      positions.current[current.current.key] = current.current.y;
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or blocked: positions are only lost across a reload.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const saved = positions.current;
    if (current.current.key !== location.key) saved[current.current.key] = current.current.y;
    const restored = navigationType === 'POP' ? saved[location.key] : undefined;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (typeof restored === 'number') window.scrollTo(0, restored);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    current.current = { key: location.key, y: window.scrollY };
  }, [location, navigationType]);

  return null;
}
