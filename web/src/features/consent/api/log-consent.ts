import { api } from '../../../lib/api-client';
import { CONSENT_VERSION } from './cookie-preferences';

/** Records the banner interaction (001 §7). Non-critical: a failure is only logged (001 §8). */
export async function logCookieConsent(): Promise<void> {
  try {
    await api('POST /api/log-consent', {
      body: {
        consentType: 'cookies',
        consentGiven: true,
        consentMethod: 'banner_interaction',
        consentVersion: CONSENT_VERSION,
        legalBasis: 'consent',
      },
    });
  } catch (error) {
    console.error('Failed to log cookie consent', error);
  }
}
