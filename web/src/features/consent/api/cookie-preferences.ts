import { useSyncExternalStore } from 'react';

/** localStorage keys of the cookie banner (001 §7 Other). */
export const COOKIE_KEYS = {
  preferences: 'cookie-preferences',
  given: 'cookie-consent-given',
  date: 'cookie-consent-date',
} as const;

export const CONSENT_VERSION = '1.0'; // 001 §9

export type CookiePreferences = { essential: true; analytics: boolean; functional: boolean; marketing: boolean };

export const ALL_COOKIES: CookiePreferences = { essential: true, analytics: true, functional: true, marketing: true };
export const ESSENTIAL_ONLY: CookiePreferences = {
  essential: true,
  analytics: false,
  functional: false,
  marketing: false,
};

export function hasStoredConsent(): boolean {
  return localStorage.getItem(COOKIE_KEYS.given) === 'true';
}

/** The stored choice, or essential-only when none (or an unreadable one) is stored. */
export function readCookiePreferences(): CookiePreferences {
  try {
    const value = JSON.parse(localStorage.getItem(COOKIE_KEYS.preferences) ?? 'null') as Partial<CookiePreferences>;
    if (value && typeof value === 'object') {
      return {
        essential: true,
        analytics: value.analytics === true,
        functional: value.functional === true,
        marketing: value.marketing === true,
      };
    }
  } catch (error) {
    console.warn('Unreadable cookie preferences', error);
  }
  return ESSENTIAL_ONLY;
}

export function storeCookiePreferences(preferences: CookiePreferences, now = new Date()): void {
  localStorage.setItem(COOKIE_KEYS.preferences, JSON.stringify({ ...preferences, essential: true }));
  localStorage.setItem(COOKIE_KEYS.given, 'true');
  localStorage.setItem(COOKIE_KEYS.date, now.toISOString());
}

// The banner can be reopened from Settings ("Cookie Preferences", 001 §2) through this tiny store.
let reopened = false;
const listeners = new Set<() => void>();
const setReopened = (value: boolean) => {
  reopened = value;
  for (const listener of listeners) listener();
};

/** Opens the cookie preferences (customise view) even when consent was already given. */
export const openCookiePreferences = () => setReopened(true);
export const closeCookiePreferences = () => setReopened(false);

export const useCookiePreferencesReopened = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reopened,
    () => false,
  );
