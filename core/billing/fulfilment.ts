/**
 * Fulfilment (D24): every payment provider's events are turned into these, and one set of rules
 * grants what was bought. Each event is applied at most once (by id). A subscription's events may
 * arrive in any order: they merge into its state by the provider's time (subscription-state.ts), and
 * the buyer's Gold is read from the states of their subscriptions (issue 14).
 */
import type { PlanId, ProductId } from './catalog';
import { PRODUCTS } from './catalog';
import {
  isLive,
  lastKnown,
  mergeFacts,
  type SubscriptionFacts,
  type SubscriptionState,
  stampOf,
  stampTime,
} from './subscription-state';

export type PaymentEvent =
  | {
      kind: 'checkout.completed';
      eventId: string;
      userId: string;
      occurredAt: Date;
      amountCents: number;
      customerId: string | null;
      purchase:
        | { type: 'subscription'; plan: PlanId; subscriptionId: string; periodEnd: Date }
        | { type: 'product'; productId: ProductId };
    }
  | {
      kind: 'subscription.updated' | 'subscription.deleted';
      eventId: string;
      occurredAt: Date;
      subscriptionId: string;
      customerId: string | null;
      userId: string | null;
      /** From the subscription's price, when the provider says; a plan change in its portal moves it. */
      plan?: PlanId | null;
      active: boolean;
      periodEnd: Date | null;
      cancelAtPeriodEnd: boolean;
    }
  | InvoiceEvent<'invoice.paid'>
  | InvoiceEvent<'invoice.payment_failed'>;

type InvoiceEvent<K extends string> = {
  kind: K;
  eventId: string;
  occurredAt: Date;
  subscriptionId: string;
  /** From the subscription's metadata copied onto the invoice, when present. */
  userId?: string | null;
  /** The subscription's first invoice: its charge is the checkout's, already in the ledger. */
  firstInvoice?: boolean;
  periodEnd: Date | null;
  amountCents: number;
};

/** A user's Gold as every reader sees it (000 §3 premium status). */
export type StoredSubscription = {
  userId: string;
  isPremium: boolean;
  tier: string | null;
  subscriptionEnd: Date | null;
  cancelled: boolean;
  providerSubscriptionId: string | null;
  customerId: string | null;
  stateAt: Date | null;
};

export type LedgerEntry = {
  /** Null while the subscription's owner is not known yet; set when an event names them. */
  userId: string | null;
  subscriptionId: string | null;
  kind: string;
  item: string;
  amountCents: number;
  eventId: string;
  at: Date;
};

/** What one event changes; the repository applies it inside the transaction that records the event id. */
export type Fulfilment = {
  subscription: SubscriptionState | null;
  balance: { userId: string; superLikes: number; boosts: number } | null;
  ledger: LedgerEntry | null;
};

/** The provider subscription an event concerns, if any. */
export function subscriptionIdOf(event: PaymentEvent): string | null {
  if (event.kind !== 'checkout.completed') return event.subscriptionId;
  return event.purchase.type === 'subscription' ? event.purchase.subscriptionId : null;
}

/** What the event says about its subscription, as facts to merge. */
export function factsOf(event: PaymentEvent): SubscriptionFacts | null {
  const base = { eventId: event.eventId, occurredAt: event.occurredAt };
  switch (event.kind) {
    case 'checkout.completed': {
      const p = event.purchase;
      if (p.type !== 'subscription') return null;
      return {
        ...base,
        subscriptionId: p.subscriptionId,
        rank: 0,
        userId: event.userId,
        customerId: event.customerId,
        plan: p.plan,
        active: true,
        cancelAtPeriodEnd: false,
        // Provisional (one interval from the checkout): any later event of the subscription overrides it.
        periodEnd: p.periodEnd,
      };
    }
    case 'subscription.updated':
      return {
        ...base,
        subscriptionId: event.subscriptionId,
        rank: 1,
        userId: event.userId,
        customerId: event.customerId,
        plan: event.plan ?? null,
        active: event.active,
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
        periodEnd: event.periodEnd,
      };
    case 'invoice.paid':
      return {
        ...base,
        subscriptionId: event.subscriptionId,
        rank: 2,
        userId: event.userId ?? null,
        active: true,
        periodEnd: event.periodEnd,
      };
    case 'invoice.payment_failed':
      // Stripe reports what a failure does to the subscription (past_due, unpaid) in its own update.
      return null;
    case 'subscription.deleted':
      return {
        ...base,
        subscriptionId: event.subscriptionId,
        rank: 3,
        userId: event.userId,
        customerId: event.customerId,
        ended: true,
      };
  }
}

export function fulfil(event: PaymentEvent, current: SubscriptionState | null): Fulfilment {
  const facts = factsOf(event);
  const subscription = facts ? mergeFacts(current, facts) : null;
  if (event.kind === 'checkout.completed') {
    const p = event.purchase;
    const item = p.type === 'product' ? p.productId : `gold_${p.plan}`;
    const grants = p.type === 'product' ? PRODUCTS[p.productId].grants : null;
    return {
      subscription,
      balance: grants ? { userId: event.userId, ...grants } : null,
      // The money moved whatever the order: the ledger records every completed checkout once.
      ledger: {
        userId: event.userId,
        subscriptionId: p.type === 'subscription' ? p.subscriptionId : null,
        kind: p.type,
        item,
        amountCents: event.amountCents,
        eventId: event.eventId,
        at: event.occurredAt,
      },
    };
  }
  if (event.kind === 'invoice.paid' && !event.firstInvoice) {
    return {
      subscription,
      balance: null,
      ledger: {
        userId: subscription?.userId ?? null,
        subscriptionId: event.subscriptionId,
        kind: 'renewal',
        item: subscription?.plan ? `gold_${subscription.plan.value}` : 'gold',
        amountCents: event.amountCents,
        eventId: event.eventId,
        at: event.occurredAt,
      },
    };
  }
  return { subscription, balance: null, ledger: null };
}

/**
 * A user's Gold from the states of their subscriptions: the live one that runs longest, or else the
 * one that changed last. A function of the set, so it does not depend on the order either.
 */
export function userSubscription(userId: string, states: SubscriptionState[]): StoredSubscription | null {
  const mine = states.filter((s) => s.userId === userId);
  const time = (d: Date | null | undefined) => d?.getTime() ?? Number.NEGATIVE_INFINITY;
  const better = (a: SubscriptionState, b: SubscriptionState) => {
    if (isLive(a) !== isLive(b)) return isLive(b) ? b : a;
    const [ka, kb] = isLive(a)
      ? [time(a.periodEnd?.value), time(b.periodEnd?.value)]
      : [time(lastKnown(a)), time(lastKnown(b))];
    if (ka !== kb) return kb > ka ? b : a;
    return b.subscriptionId < a.subscriptionId ? b : a;
  };
  const s = mine.reduce<SubscriptionState | null>((best, x) => (best ? better(best, x) : x), null);
  if (!s) return null;
  const live = isLive(s);
  // An ended or inactive subscription shows when it stopped; a live one how long it is paid for.
  const end = s.endedAt ?? (live ? (s.periodEnd?.value ?? null) : s.active ? stampTime(s.active.at) : null);
  return {
    userId,
    isPremium: live,
    tier: s.plan ? `gold_${s.plan.value}` : null,
    subscriptionEnd: end,
    cancelled: live && s.cancelAtPeriodEnd?.value === true,
    providerSubscriptionId: s.subscriptionId,
    customerId: s.customerId,
    stateAt: lastKnown(s),
  };
}

/**
 * A subscription recorded before states were kept per subscription: its user row becomes the state,
 * stamped at the time it held, so newer events still win over it.
 */
export function stateFromStored(sub: StoredSubscription): SubscriptionState | null {
  if (!sub.providerSubscriptionId) return null;
  const at = stampOf(sub.stateAt ?? new Date(0), 0, 'stored');
  const plan = sub.tier === 'gold_monthly' ? 'monthly' : sub.tier === 'gold_yearly' ? 'yearly' : null;
  const ended = !sub.isPremium;
  return {
    subscriptionId: sub.providerSubscriptionId,
    userId: sub.userId,
    customerId: sub.customerId,
    plan: plan ? { value: plan, at } : null,
    active: { value: !ended, at },
    cancelAtPeriodEnd: { value: sub.cancelled, at },
    periodEnd: sub.subscriptionEnd && !ended ? { value: sub.subscriptionEnd, at } : null,
    endedAt: null,
  };
}
