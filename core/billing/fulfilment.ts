/**
 * Fulfilment (D24): every payment provider's events are turned into these, and one set of rules
 * grants what was bought. Each event is applied at most once (by id), and an older subscription
 * event never overwrites newer state (by the time the provider stamped on it).
 */
import type { PlanId, ProductId } from './catalog';
import { PRODUCTS } from './catalog';

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
  periodEnd: Date | null;
  amountCents: number;
};

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

/** What one event changes; the repository applies it inside the transaction that records the event id. */
export type FulfilmentEffect =
  | { type: 'subscription'; next: StoredSubscription }
  | { type: 'balance'; userId: string; superLikes: number; boosts: number }
  | { type: 'none'; reason: string };

export type LedgerEntry = {
  userId: string;
  kind: string;
  item: string;
  amountCents: number;
  eventId: string;
  at: Date;
};

export function fulfil(
  event: PaymentEvent,
  current: StoredSubscription | null,
): { effect: FulfilmentEffect; ledger: LedgerEntry | null } {
  if (event.kind === 'checkout.completed') {
    const ledger = (item: string): LedgerEntry => ({
      userId: event.userId,
      kind: event.purchase.type,
      item,
      amountCents: event.amountCents,
      eventId: event.eventId,
      at: event.occurredAt,
    });
    if (event.purchase.type === 'product') {
      const g = PRODUCTS[event.purchase.productId].grants;
      return {
        effect: { type: 'balance', userId: event.userId, superLikes: g.superLikes, boosts: g.boosts },
        ledger: ledger(event.purchase.productId),
      };
    }
    const p = event.purchase;
    if (current?.stateAt && current.stateAt.getTime() > event.occurredAt.getTime()) {
      return { effect: { type: 'none', reason: 'newer state already applied' }, ledger: ledger(`gold_${p.plan}`) };
    }
    return {
      effect: {
        type: 'subscription',
        next: {
          userId: event.userId,
          isPremium: true,
          tier: `gold_${p.plan}`,
          subscriptionEnd: p.periodEnd,
          cancelled: false,
          providerSubscriptionId: p.subscriptionId,
          customerId: event.customerId,
          stateAt: event.occurredAt,
        },
      },
      ledger: ledger(`gold_${p.plan}`),
    };
  }
  if (!current) return { effect: { type: 'none', reason: 'unknown subscription' }, ledger: null };
  if (current.stateAt && current.stateAt.getTime() > event.occurredAt.getTime()) {
    return { effect: { type: 'none', reason: 'older than the state we have' }, ledger: null };
  }
  if (event.kind === 'invoice.payment_failed')
    return { effect: { type: 'none', reason: 'payment failed' }, ledger: null };
  if (event.kind === 'invoice.paid') {
    return {
      effect: {
        type: 'subscription',
        next: {
          ...current,
          isPremium: true,
          subscriptionEnd: event.periodEnd ?? current.subscriptionEnd,
          stateAt: event.occurredAt,
        },
      },
      ledger: {
        userId: current.userId,
        kind: 'renewal',
        item: current.tier ?? 'gold',
        amountCents: event.amountCents,
        eventId: event.eventId,
        at: event.occurredAt,
      },
    };
  }
  const deleted = event.kind === 'subscription.deleted' || !event.active;
  return {
    effect: {
      type: 'subscription',
      next: {
        ...current,
        // A subscription that ended stops Gold now; one cancelled at period end keeps it until then.
        isPremium: !deleted,
        subscriptionEnd: deleted ? event.occurredAt : (event.periodEnd ?? current.subscriptionEnd),
        cancelled: deleted ? false : event.cancelAtPeriodEnd,
        stateAt: event.occurredAt,
      },
    },
    ledger: null,
  };
}
