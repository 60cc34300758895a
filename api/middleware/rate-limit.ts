/**
 * Writes that count every request (issue 14 item 7): the handler spends one unit of each bucket
 * before the work, or answers 429 with `Retry-After` (through DomainFailure and api/errors.ts).
 * Limits that count only failures (sign-in, invite codes) are in their use cases, which know what
 * a failure is.
 */
import type { Context } from 'hono';
import type { SecurityEventLog } from '../../core/accounts/ports';
import { type Clock, MINUTE } from '../../core/shared/clock';
import { rateLimited } from '../../core/shared/errors';
import { ipKey, type RateBucket, type RateLimiter, type RateRule, reserveAll } from '../../core/shared/rate-limit';
import type { AppEnv } from '../context';
import { DomainFailure } from '../errors';

export type LimitDeps = { rateLimiter: RateLimiter; clock: Clock; securityLog: SecurityEventLog };

/**
 * A refusal is logged once per action and actor a minute: a refused request writes nothing else,
 * so logging each one would turn a flood of 429s back into a flood of rows.
 */
const REFUSALS_LOGGED: RateRule = { limit: 1, windowMs: MINUTE };

export async function spendOrRefuse(
  deps: LimitDeps,
  c: Pick<Context<AppEnv>, 'get'>,
  buckets: readonly RateBucket[],
): Promise<void> {
  const now = deps.clock.now();
  const r = await reserveAll(deps.rateLimiter, buckets, now);
  if (r.allowed) return;
  // The action is the buckets' common prefix (`report:user:…` → `report`).
  const action = buckets[0]?.[0].split(':')[0] ?? 'write';
  const userId = c.get('user')?.id ?? null;
  const ip = c.get('ip');
  const first = await deps.rateLimiter.reserve(`logged:${action}:${userId ?? ipKey(ip)}`, REFUSALS_LOGGED, now);
  if (first.allowed)
    await deps.securityLog.record(
      { type: 'rate_limited', userId, ip, userAgent: c.get('userAgent'), details: { action } },
      now,
    );
  throw new DomainFailure(rateLimited(r.retryAfterSeconds));
}

/** One unit of the signed-in user's budget and one of their client address's, for `action`. */
export const spendPerActor = (
  deps: LimitDeps,
  c: Pick<Context<AppEnv>, 'get'>,
  action: string,
  perUser: RateRule,
  perIp: RateRule,
) =>
  spendOrRefuse(deps, c, [
    [`${action}:user:${c.get('user')?.id ?? 'anonymous'}`, perUser],
    [`${action}:ip:${ipKey(c.get('ip'))}`, perIp],
  ]);
