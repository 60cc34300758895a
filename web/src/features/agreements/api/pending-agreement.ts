import { useSyncExternalStore } from 'react';
import type { PendingAgreement } from '../../../../../core/accounts/rules';

/** The agreement accepted before sign-in is kept here until the first signed-in moment (000 §3, §4). */
export const PENDING_AGREEMENT_KEY = 'pending-agreement';

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function buildAgreement(choices: { tos: boolean; privacy: boolean; marketing: boolean }): PendingAgreement {
  return {
    tos_accepted: choices.tos,
    privacy_accepted: choices.privacy,
    marketing_accepted: choices.marketing,
    accepted_at: new Date().toISOString(),
    user_agent: typeof navigator === 'undefined' ? null : navigator.userAgent,
  };
}

export function storePendingAgreement(agreement: PendingAgreement): void {
  localStorage.setItem(PENDING_AGREEMENT_KEY, JSON.stringify(agreement));
  notify();
}

export function removePendingAgreement(): void {
  localStorage.removeItem(PENDING_AGREEMENT_KEY);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** True while an agreement waits in this browser; re-renders when it is stored or removed. */
export const useHasPendingAgreement = () =>
  useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(PENDING_AGREEMENT_KEY) !== null,
    // A server-rendered first screen (N221) knows nothing of this browser's storage: none waits.
    () => false,
  );
