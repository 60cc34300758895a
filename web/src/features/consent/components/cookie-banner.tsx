import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
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

const categories = [
  { key: 'analytics', label: 'Analytics', description: 'Helps us understand which features students use.' },
  { key: 'functional', label: 'Functional', description: 'Remembers choices like your filters and display settings.' },
  { key: 'marketing', label: 'Marketing', description: 'Lets us measure our campus campaigns.' },
] as const;

/** Cookie consent on every route (001 §2, §4): shown until a choice was stored, or when reopened. */
export function CookieBanner() {
  const reopened = useCookiePreferencesReopened();
  const [decided, setDecided] = useState(hasStoredConsent);
  const [customizing, setCustomizing] = useState(false);
  const [choices, setChoices] = useState<CookiePreferences>(readCookiePreferences);
  const titleId = useId();

  if (decided && !reopened) return null;
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
      aria-labelledby={titleId}
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-xl rounded-card border border-ink-200 bg-white p-5 shadow-raised animate-slide-up sm:bottom-5"
    >
      <h2 id={titleId} className="font-display text-lg font-bold text-ink-900">
        {showCustomize ? 'Cookie preferences' : 'We value your privacy 🍪'}
      </h2>
      {showCustomize ? (
        <div className="mt-3 flex flex-col gap-4">
          <CheckboxField
            checked
            disabled
            label="Essential (always on)"
            description="Keeps you signed in and the app secure."
          />
          {categories.map(({ key, label, description }) => (
            <CheckboxField
              key={key}
              checked={choices[key]}
              onCheckedChange={(v) => setChoices((c) => ({ ...c, [key]: v === true }))}
              label={label}
              description={description}
            />
          ))}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {reopened && (
              <Button variant="ghost" onClick={closeCookiePreferences}>
                Cancel
              </Button>
            )}
            <Button onClick={() => choose(choices)}>Save Preferences</Button>
          </div>
        </div>
      ) : (
        <>
          <p className="mt-2 text-sm text-ink-700">
            We use essential cookies to run Nestmate and, with your permission, optional cookies to improve it. Read our{' '}
            <Link to="/privacy-policy" className="font-semibold text-brand-700 underline">
              Privacy Policy
            </Link>
            .
          </p>
          <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
            <Button variant="secondary" size="sm" onClick={() => choose(ESSENTIAL_ONLY)}>
              Reject All
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setCustomizing(true)}>
              Customize
            </Button>
            <Button size="sm" className="col-span-2" onClick={() => choose(ALL_COOKIES)}>
              Accept All
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
