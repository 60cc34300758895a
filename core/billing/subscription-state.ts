/**
 * One provider subscription's state, kept by the provider's event time so that every delivery order
 * of its events ends in the same state (issue 14: Stripe does not promise order, N20).
 *
 * Each field is a last-writer-wins register stamped with (event time, kind rank, event id). Merging an
 * event keeps, per field, the value with the greater stamp; ending is terminal (Stripe never revives a
 * cancelled subscription) and keeps the earliest end. Each of these is a join (commutative, associative,
 * idempotent), so the state is a function of the set of events applied, not of their order, and equals
 * the state of applying them in provider order. A subscription whose first event to arrive is not its
 * checkout is kept all the same, so the checkout that arrives later finds its end.
 */
import type { PlanId } from './catalog';

/** A sortable key: zero-padded milliseconds, the kind's rank, the event id (unique, so no two stamps tie). */
export type Stamp = string;
export type Register<T> = { value: T; at: Stamp } | null;

export type SubscriptionState = {
  subscriptionId: string;
  /** Our user, from our checkout or the metadata we put on the subscription (equal by construction). */
  userId: string | null;
  customerId: string | null;
  plan: Register<PlanId>;
  active: Register<boolean>;
  cancelAtPeriodEnd: Register<boolean>;
  periodEnd: Register<Date>;
  /** When the subscription was deleted; nothing after it turns it on again. */
  endedAt: Date | null;
};

/** What one provider event says about its subscription; absent fields leave the register as it is. */
export type SubscriptionFacts = {
  subscriptionId: string;
  eventId: string;
  occurredAt: Date;
  /**
   * Orders events stamped in the same second (Stripe's `created` is in seconds): a checkout comes
   * before the subscription's own update, an update before the invoice it leads to, and deletion last.
   */
  rank: 0 | 1 | 2 | 3;
  userId?: string | null;
  customerId?: string | null;
  plan?: PlanId | null;
  active?: boolean;
  cancelAtPeriodEnd?: boolean;
  periodEnd?: Date | null;
  ended?: boolean;
};

export const stampOf = (at: Date, rank: number, eventId: string): Stamp =>
  `${String(at.getTime()).padStart(15, '0')}:${rank}:${eventId}`;

export const stampTime = (stamp: Stamp): Date => new Date(Number(stamp.slice(0, 15)));

const later = <T>(a: Register<T>, b: Register<T>): Register<T> => {
  if (!a) return b;
  if (!b) return a;
  return b.at > a.at ? b : a;
};

/** Equal values by construction; if two ever differ the smaller is kept, so order still does not matter. */
const either = (a: string | null, b: string | null | undefined): string | null => {
  if (!a) return b ?? null;
  if (!b) return a;
  return b < a ? b : a;
};

const register = <T>(value: T | null | undefined, at: Stamp): Register<T> =>
  value === undefined || value === null ? null : { value, at };

export const emptyState = (subscriptionId: string): SubscriptionState => ({
  subscriptionId,
  userId: null,
  customerId: null,
  plan: null,
  active: null,
  cancelAtPeriodEnd: null,
  periodEnd: null,
  endedAt: null,
});

export function mergeFacts(current: SubscriptionState | null, facts: SubscriptionFacts): SubscriptionState {
  const s = current ?? emptyState(facts.subscriptionId);
  const at = stampOf(facts.occurredAt, facts.rank, facts.eventId);
  const ended = facts.ended ? facts.occurredAt : null;
  return {
    subscriptionId: s.subscriptionId,
    userId: either(s.userId, facts.userId),
    customerId: either(s.customerId, facts.customerId),
    plan: later(s.plan, register(facts.plan, at)),
    active: later(s.active, register(facts.active, at)),
    cancelAtPeriodEnd: later(s.cancelAtPeriodEnd, register(facts.cancelAtPeriodEnd, at)),
    periodEnd: later(s.periodEnd, register(facts.periodEnd, at)),
    endedAt: s.endedAt && ended ? (s.endedAt <= ended ? s.endedAt : ended) : (s.endedAt ?? ended),
  };
}

/** The newest moment this state knows of. */
export function lastKnown(s: SubscriptionState): Date | null {
  const stamps = [s.plan, s.active, s.cancelAtPeriodEnd, s.periodEnd].flatMap((r) => (r ? [r.at] : []));
  const newest = stamps.length ? stampTime(stamps.reduce((a, b) => (b > a ? b : a))) : null;
  if (s.endedAt && (!newest || s.endedAt > newest)) return s.endedAt;
  return newest;
}

export const isLive = (s: SubscriptionState) => s.endedAt === null && s.active?.value === true;
