/**
 * Rate limits (D9, issue 14): the port every limited write uses, and the limits of writes outside
 * accounts (those are in core/accounts/policy.ts). A unit is reserved atomically BEFORE the work,
 * so a burst of concurrent requests cannot all pass a check that only counts finished ones; the
 * caller keeps the unit, or releases it when the attempt should not count (a sign-in that
 * succeeded, an invite code that was right).
 */
import { DAY, HOUR } from './clock';

export type RateRule = { limit: number; windowMs: number };

export type RateReservation =
  | { allowed: true; release(): Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Takes one unit of the key's budget, atomically per key (and across processes, D4), or says when one frees up. */
  reserve(key: string, rule: RateRule, now: Date): Promise<RateReservation>;
}

export type RateBucket = readonly [key: string, rule: RateRule];

/**
 * Reserves a unit in every bucket, or in none: when one bucket is full the units already taken
 * are given back, so one address at its limit does not use up its client's per-IP budget.
 */
export async function reserveAll(
  limiter: RateLimiter,
  buckets: readonly RateBucket[],
  now: Date,
): Promise<RateReservation> {
  const taken: (() => Promise<void>)[] = [];
  const release = async () => {
    for (const r of taken.splice(0)) await r();
  };
  for (const [key, rule] of buckets) {
    const r = await limiter.reserve(key, rule, now);
    if (!r.allowed) {
      await release();
      return r;
    }
    taken.push(r.release);
  }
  return { allowed: true, release };
}

/** The bucket key of a client address; requests without one (no socket, no trusted proxy) share one. */
export const ipKey = (ip: string | null) => ip ?? 'unknown';

/**
 * Writes anyone can repeat (issue 14 item 7), per actor and per client address. Generous for a
 * person, small for a script: a student joins a handful of groups, files a few reports a day.
 */
export const WRITE_LIMITS = {
  /** Wrong or expired invite codes (D18: 6 characters, so guessing must stay slow); right ones are not counted. */
  joinFailuresPerUser: { limit: 10, windowMs: HOUR },
  joinFailuresPerIp: { limit: 30, windowMs: HOUR },
  reportsPerUser: { limit: 10, windowMs: DAY },
  reportsPerIp: { limit: 30, windowMs: DAY },
  featureRequestsPerUser: { limit: 10, windowMs: DAY },
  featureRequestsPerIp: { limit: 20, windowMs: DAY },
  votesPerUser: { limit: 30, windowMs: HOUR },
  votesPerIp: { limit: 100, windowMs: HOUR },
  /** The anonymous writes: CSP reports, consent records, client security events. */
  anonymousPerIp: { limit: 30, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;
