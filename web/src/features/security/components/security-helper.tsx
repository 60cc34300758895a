import { useEffect } from 'react';
import { logSessionStart } from '../api/log-security-event';

/** The "security helper" present on every route (001 §2); renders nothing. */
export function SecurityHelper() {
  useEffect(() => {
    void logSessionStart();
  }, []);
  return null;
}
