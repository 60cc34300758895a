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
 * Seconds until the oldest unit in a sliding window leaves it, for `Retry-After` (at least 1: a
 * `Retry-After` of 0 invites a hot loop). With no oldest known, one whole window.
 */
export function secondsUntilFree(oldest: Date | null, windowMs: number, now: Date): number {
  const from = oldest?.getTime() ?? now.getTime();
  return Math.max(1, Math.ceil((from + windowMs - now.getTime()) / 1000));
}

/**
 * Writes anyone can repeat (issue 14 item 7), per actor and per client address. Generous for a
 * person, small for a script: a student joins a handful of groups, files a few reports a day.
 */
export const WRITE_LIMITS = {
  /** Wrong or expired invite codes (D18: 6 characters, so guessing must stay slow); right ones are not counted. */
  joinFailuresPerUser: { limit: 10, windowMs: HOUR },
  joinFailuresPerIp: { limit: 30, windowMs: HOUR },
  reportsPerUser: { limit: 10, windowMs: DAY },
  /** Push subscriptions and notification settings (issue 19): a browser subscribes once, settings change now and then. */
  notificationWritesPerUser: { limit: 30, windowMs: HOUR },
  notificationWritesPerIp: { limit: 150, windowMs: HOUR },
  /** Issue 16's "Ask to verify": once a week in one conversation, a few a day in all. */
  verifyAsksPerConversation: { limit: 1, windowMs: 7 * DAY },
  verifyAsksPerUser: { limit: 10, windowMs: DAY },
  reportsPerIp: { limit: 30, windowMs: DAY },
  featureRequestsPerUser: { limit: 10, windowMs: DAY },
  featureRequestsPerIp: { limit: 20, windowMs: DAY },
  votesPerUser: { limit: 30, windowMs: HOUR },
  votesPerIp: { limit: 100, windowMs: HOUR },
  /** The anonymous writes: CSP reports, consent records, client security events. */
  anonymousPerIp: { limit: 30, windowMs: HOUR },
  // Signed-in writes with no product cap (issue 14 item 7). The per-IP rule is a multiple of the
  // per-user one, so a dorm or campus behind one address is not stopped by its neighbours while a
  // script driving many accounts from one host still is (sign-ups are limited per address too).
  /** A student is in a handful of groups; each may hold a live invite code, so a flood would also crowd the code space guessers search (D18). */
  groupsCreatedPerUser: { limit: 10, windowMs: DAY },
  groupsCreatedPerIp: { limit: 50, windowMs: DAY },
  /** A code lives 24 hours (D18); an admin regenerates one when it leaked, not twenty times an hour. */
  inviteCodesPerUser: { limit: 20, windowMs: HOUR },
  inviteCodesPerIp: { limit: 100, windowMs: HOUR },
  /** Blocks and unblocks together: each one hides or shows a person and their conversation both ways, so toggling is a way to harass. */
  blockChangesPerUser: { limit: 30, windowMs: HOUR },
  blockChangesPerIp: { limit: 150, windowMs: HOUR },
  /**
   * Emergency contacts have no count cap (001 §5), so adding one is limited; a student keeps one to
   * three. Edits, removals and primary changes rewrite what is there and are not counted.
   */
  contactsAddedPerUser: { limit: 20, windowMs: DAY },
  contactsAddedPerIp: { limit: 100, windowMs: DAY },
  /** Six photos at most, but upload-delete loops are unbounded, and each upload is re-encoded (D26), the costliest work a request can ask for. */
  photoUploadsPerUser: { limit: 20, windowMs: HOUR },
  photoUploadsPerIp: { limit: 200, windowMs: HOUR },
  /** An export copies everything the account holds into an archive kept 7 days (D25); one a day is plenty. */
  dataRequestsPerUser: { limit: 3, windowMs: DAY },
  dataRequestsPerIp: { limit: 20, windowMs: DAY },
  /** Every acceptance is kept as a row (000 §3); a student accepts once per version of the terms. */
  agreementsPerUser: { limit: 10, windowMs: DAY },
  agreementsPerIp: { limit: 50, windowMs: DAY },
  /**
   * Checkout, one-time payment and portal share one budget: each stores a checkout or calls Stripe,
   * whose API rate limit on our key every buyer shares. A buyer needs a few; the webhook is not
   * limited (Stripe signs it, D24).
   */
  purchasesPerUser: { limit: 20, windowMs: HOUR },
  purchasesPerIp: { limit: 60, windowMs: HOUR },
  /** Each save rewrites the whole list (up to 100 rows, issue 15); a student edits it a few times, not hundreds. */
  hiddenWordsPerUser: { limit: 30, windowMs: HOUR },
  hiddenWordsPerIp: { limit: 150, windowMs: HOUR },
  /**
   * Roommate agreements (issue 21): starting, proposing, accepting, expenses and settlements share one
   * budget. A household writes a few versions and a few expenses a week; each version copies the
   * whole terms, so a loop would grow the table fast (N145).
   */
  roommateAgreementWritesPerUser: { limit: 60, windowMs: HOUR },
  roommateAgreementWritesPerIp: { limit: 300, windowMs: HOUR },
  /** A new group call rings everyone in the chat (issue 20, N127): start-leave loops would be a way to harass. */
  groupCallStartsPerUser: { limit: 20, windowMs: HOUR },
} as const satisfies Record<string, RateRule>;
