import { api } from '../../../lib/api-client';

let sessionStartLogged = false;

/**
 * Reports the start of a browser session (D28, 001 §7 log_security_event), once per page load.
 * Failures are only logged to the console (001 §8).
 */
export async function logSessionStart(): Promise<void> {
  if (sessionStartLogged) return;
  sessionStartLogged = true;
  try {
    await api('POST /api/security-events', {
      body: {
        event_type: 'session_start',
        event_details: {
          timestamp: new Date().toISOString(),
          user_agent: navigator.userAgent,
          referrer: document.referrer || 'direct',
        },
      },
    });
  } catch (error) {
    console.error('Failed to log security event', error);
  }
}
