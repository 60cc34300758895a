/** The rate-limit arithmetic both engines share (D4, D9): one row in `rate_limit_hits` per unit taken. */
import type { RateRule } from '../../../core/shared/rate-limit';

/** Hits at or before this instant have left the rule's sliding window. */
export const windowStart = (rule: RateRule, now: Date) => new Date(now.getTime() - rule.windowMs);

/** Seconds until the oldest unit in the window expires (at least 1: `Retry-After` of 0 invites a hot loop). */
export function retryAfterSeconds(oldestMs: number | null, rule: RateRule, now: Date): number {
  const oldest = oldestMs ?? now.getTime();
  return Math.max(1, Math.ceil((oldest + rule.windowMs - now.getTime()) / 1000));
}
