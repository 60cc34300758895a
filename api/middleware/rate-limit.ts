/**
 * Writes that count every request (issue 14 item 7): the handler spends one unit of each bucket
 * before the work, or answers 429 with `Retry-After` (through DomainFailure and api/errors.ts).
 * Limits that count only failures (sign-in, invite codes) are in their use cases, which know what
 * a failure is.
 */
import type { Clock } from '../../core/shared/clock';
import { rateLimited } from '../../core/shared/errors';
import { type RateBucket, type RateLimiter, reserveAll } from '../../core/shared/rate-limit';
import { DomainFailure } from '../errors';

export type LimitDeps = { rateLimiter: RateLimiter; clock: Clock };

export async function spendOrRefuse(deps: LimitDeps, buckets: readonly RateBucket[]): Promise<void> {
  const r = await reserveAll(deps.rateLimiter, buckets, deps.clock.now());
  if (!r.allowed) throw new DomainFailure(rateLimited(r.retryAfterSeconds));
}
