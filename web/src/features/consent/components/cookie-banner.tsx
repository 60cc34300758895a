import { lazy, Suspense, useDeferredValue, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { setBottomInset } from '../../../lib/bottom-inset';
import { useHydrated } from '../../../lib/hydrated';
import {
  ALL_COOKIES,
  type CookiePreferences,
  closeCookiePreferences,
  ESSENTIAL_ONLY,
  hasStoredConsent,
  readCookiePreferences,
  storeCookiePreferences,
  useCookiePreferencesReopened,
} from '../api/cookie-preferences';
import { logCookieConsent } from '../api/log-consent';

// The choices (Radix checkboxes) only when customizing, not in every first load (N174).
const CookieChoices = lazy(() => import('./cookie-choices').then((m) => ({ default: m.CookieChoices })));

/**
 * Cookie consent on every route (001 §2, §4): shown until a choice was stored, or when reopened. The
 * choice is in this browser's storage, so a server-rendered first screen has no banner and it shows
 * once the page is hydrated (N221).
 */
export function CookieBanner() {
  // Deferred: the re-render that follows hydration is synchronous, and the banner's first render (its
  // links, cold code) was most of it; deferred, React renders the banner in a pass it can interrupt (N257).
  return useDeferredValue(useHydrated()) && <Banner />;
}

function Banner() {
  const reopened = useCookiePreferencesReopened();
  const [decided, setDecided] = useState(hasStoredConsent);
  const [customizing, setCustomizing] = useState(false);
  const [choices, setChoices] = useState<CookiePreferences>(readCookiePreferences);
  const titleId = useId();
  const shown = !decided || reopened;
  const ref = useRef<HTMLElement>(null);

  // The banner never covers content (issue 17): its height is kept free at the foot of the page and
  // fixed bars sit above it (lib/bottom-inset.ts). Read from the ResizeObserver's entries, which arrive
  // after the browser's own layout and before its paint: reading offsetHeight in this effect forced a
  // layout of the whole page in the hydrating task (≈50 ms of a 4× slowed CPU, N257).
  useLayoutEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const reserve = (height: number) => setBottomInset(Math.round(height));
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(([entry]) => {
            if (entry) reserve(entry.borderBoxSize?.[0]?.blockSize ?? el.offsetHeight);
          });
    if (observer) observer.observe(el);
    else reserve(el.offsetHeight);
    return () => {
      observer?.disconnect();
      setBottomInset(0);
    };
  }, [shown]);

  if (!shown) return null;
  const showCustomize = customizing || reopened;

  const choose = (preferences: CookiePreferences) => {
    storeCookiePreferences(preferences);
    setDecided(true);
    setCustomizing(false);
    closeCookiePreferences();
    void logCookieConsent();
  };

  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-raised animate-slide-up"
    >
      <div className="mx-auto max-h-[70dvh] max-w-5xl overflow-y-auto px-4 py-3 sm:px-6 sm:py-4">
        {showCustomize ? (
          <>
            <h2 id={titleId} className="font-display text-lg font-bold text-ink-900">
              Cookie preferences
            </h2>
            <Suspense fallback={<Spinner className="mt-3" />}>
              <CookieChoices
                choices={choices}
                onChange={setChoices}
                onSave={() => choose(choices)}
                onCancel={reopened ? closeCookiePreferences : undefined}
              />
            </Suspense>
          </>
        ) : (
          // Compact: a few lines of text and one row of buttons (about a sixth of a phone's screen).
          <div className="flex flex-col gap-3 md:flex-row md:items-center md:gap-6">
            <div className="min-w-0 flex-1 text-sm text-ink-700">
              <h2 id={titleId} className="inline font-display font-bold text-ink-900">
                We value your privacy 🍪
              </h2>{' '}
              <p className="inline">
                We use essential cookies to run Nestmate and, with your permission, optional cookies to improve it. Read
                our{' '}
                <Link to="/privacy-policy" className="font-semibold text-brand-700 underline">
                  Privacy Policy
                </Link>
                .
              </p>
            </div>
            <div className="grid shrink-0 grid-cols-3 gap-2 md:flex">
              <Button variant="secondary" size="sm" className="px-3" onClick={() => choose(ESSENTIAL_ONLY)}>
                Reject All
              </Button>
              <Button variant="secondary" size="sm" className="px-3" onClick={() => setCustomizing(true)}>
                Customize
              </Button>
              <Button size="sm" className="px-3" onClick={() => choose(ALL_COOKIES)}>
                Accept All
              </Button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
