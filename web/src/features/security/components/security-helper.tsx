import { useEffect } from 'react';
import { whenIdle } from '../../../lib/idle';
import { logSessionStart } from '../api/log-security-event';

/**
 * The "security helper" present on every route (001 §2); renders nothing. The session start is logged
 * once the page is idle: its request cost 10 ms of a 4× slowed CPU inside the hydrating task (N256).
 */
export function SecurityHelper() {
  useEffect(() => whenIdle(() => void logSessionStart()), []);
  return null;
}
