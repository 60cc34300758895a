/**
 * "Gold ends in 3 days" (issue 19): a Gold subscription that will not renew (cancelled, still paid
 * up) tells its owner once, three days before it ends. Run by the server's notification job; the
 * notice is claimed through the shared rate limiter (one unit per subscription end, atomic on both
 * engines and across processes), so several processes never send it twice (N125).
 */
import { DAY } from '../shared/clock';
import type { RateLimiter } from '../shared/rate-limit';
import type { NewNotification } from './notifications';

export const ENDING_NOTICE_MS = 3 * DAY;

export type EndingSubscription = { userId: string; endsAt: Date };

export interface EndingSubscriptions {
  /** Gold subscriptions that will not renew and end after `from`, up to `until`. */
  ending(from: Date, until: Date): Promise<EndingSubscription[]>;
}

export async function runEndingNotices(deps: {
  clock: { now(): Date };
  subscriptions: EndingSubscriptions;
  rateLimiter: RateLimiter;
  notify: (input: NewNotification) => Promise<void>;
}): Promise<{ sent: number }> {
  const now = deps.clock.now();
  let sent = 0;
  for (const s of await deps.subscriptions.ending(now, new Date(now.getTime() + ENDING_NOTICE_MS))) {
    // One notice per subscription end: the key names it, the window outlives the three days.
    const claim = await deps.rateLimiter.reserve(
      `notice:subscription-ending:${s.userId}:${s.endsAt.getTime()}`,
      { limit: 1, windowMs: ENDING_NOTICE_MS + DAY },
      now,
    );
    if (!claim.allowed) continue;
    await deps.notify({ userId: s.userId, kind: 'subscription.ending' });
    sent++;
  }
  return { sent };
}
