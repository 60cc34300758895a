import fc from 'fast-check';
import type { PlanId } from './catalog';
import { fulfil, type PaymentEvent, type StoredSubscription, userSubscription } from './fulfilment';
import type { SubscriptionState } from './subscription-state';

const USER = 'user-1';
const SUB = 'sub_1';
const T0 = Date.parse('2026-09-01T12:00:00.000Z');
const RANK: Record<PaymentEvent['kind'], number> = {
  'checkout.completed': 0,
  'subscription.updated': 1,
  'invoice.payment_failed': 2,
  'invoice.paid': 2,
  'subscription.deleted': 3,
};

/**
 * Provider order: Stripe's `created` is in whole seconds, so events often share a second; within one,
 * the life-cycle order (checkout, update, invoice, deletion) and then the event id decide.
 */
const providerOrder = (a: PaymentEvent, b: PaymentEvent) =>
  a.occurredAt.getTime() - b.occurredAt.getTime() ||
  RANK[a.kind] - RANK[b.kind] ||
  (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0);

/** The reference: the events applied one after another in provider order, the obvious way. */
function inOrder(events: PaymentEvent[]): Partial<StoredSubscription> | null {
  let userId: string | null = null;
  let plan: PlanId | null = null;
  let active: { value: boolean; at: Date } | null = null;
  let cancel = false;
  let periodEnd: Date | null = null;
  let ended: Date | null = null;
  for (const e of [...events].sort(providerOrder)) {
    if (e.kind === 'checkout.completed' && e.purchase.type === 'subscription') {
      userId = e.userId;
      plan = e.purchase.plan;
      active = { value: true, at: e.occurredAt };
      cancel = false;
      periodEnd = e.purchase.periodEnd;
    } else if (e.kind === 'subscription.updated') {
      userId = userId ?? e.userId;
      plan = e.plan ?? plan;
      active = { value: e.active, at: e.occurredAt };
      cancel = e.cancelAtPeriodEnd;
      periodEnd = e.periodEnd ?? periodEnd;
    } else if (e.kind === 'invoice.paid') {
      userId = userId ?? e.userId ?? null;
      active = { value: true, at: e.occurredAt };
      periodEnd = e.periodEnd ?? periodEnd;
    } else if (e.kind === 'subscription.deleted') {
      userId = userId ?? e.userId;
      // Deleted is final: Stripe never revives a cancelled subscription.
      ended = ended ?? e.occurredAt;
    }
  }
  if (userId === null) return null;
  const live = ended === null && active?.value === true;
  return {
    isPremium: live,
    tier: plan ? `gold_${plan}` : null,
    subscriptionEnd: ended ?? (live ? periodEnd : (active?.at ?? null)),
    cancelled: live && cancel,
    providerSubscriptionId: SUB,
  };
}

/** Applies the events one at a time in the order given, as the webhook does. */
function delivered(events: PaymentEvent[]) {
  let state: SubscriptionState | null = null;
  for (const e of events) state = fulfil(e, state).subscription ?? state;
  return state;
}

const observed = (state: SubscriptionState | null) => {
  const s = state && userSubscription(USER, [state]);
  if (!s) return null;
  const { isPremium, tier, subscriptionEnd, cancelled, providerSubscriptionId } = s;
  return { isPremium, tier, subscriptionEnd, cancelled, providerSubscriptionId };
};

// Times within ten days, in whole seconds, with many collisions (the hard case for ordering).
const at = fc.integer({ min: 0, max: 40 }).map((n) => new Date(T0 + n * 6 * 3_600_000));
const maybeDate = fc.option(at, { nil: null });
const plan = fc.constantFrom<PlanId>('monthly', 'yearly');

const checkout = fc.record({ occurredAt: at, plan, periodEnd: at }).map(
  (x): PaymentEvent => ({
    kind: 'checkout.completed',
    eventId: 'evt_checkout',
    userId: USER,
    occurredAt: x.occurredAt,
    amountCents: 1499,
    customerId: 'cus_1',
    purchase: { type: 'subscription', plan: x.plan, subscriptionId: SUB, periodEnd: x.periodEnd },
  }),
);
const updated = fc
  .record({
    occurredAt: at,
    active: fc.boolean(),
    cancel: fc.boolean(),
    periodEnd: maybeDate,
    plan: fc.option(plan, { nil: null }),
    named: fc.boolean(),
  })
  .map(
    (x): PaymentEvent => ({
      kind: 'subscription.updated',
      eventId: '',
      occurredAt: x.occurredAt,
      subscriptionId: SUB,
      customerId: 'cus_1',
      userId: x.named ? USER : null,
      plan: x.plan,
      active: x.active,
      periodEnd: x.periodEnd,
      cancelAtPeriodEnd: x.cancel,
    }),
  );
const invoice = fc
  .record({ occurredAt: at, periodEnd: maybeDate, paid: fc.boolean(), named: fc.boolean() })
  .map((x): PaymentEvent => {
    const common = { eventId: '', occurredAt: x.occurredAt, subscriptionId: SUB, periodEnd: x.periodEnd };
    const more = { userId: x.named ? USER : null, amountCents: 1499 };
    return x.paid
      ? { kind: 'invoice.paid', ...common, ...more }
      : { kind: 'invoice.payment_failed', ...common, ...more };
  });
const deleted = at.map(
  (occurredAt): PaymentEvent => ({
    kind: 'subscription.deleted',
    eventId: 'evt_deleted',
    occurredAt,
    subscriptionId: SUB,
    customerId: 'cus_1',
    userId: null,
    active: false,
    periodEnd: null,
    cancelAtPeriodEnd: false,
  }),
);

/** One subscription's events: its checkout, any updates and invoices, and perhaps its deletion. */
const life = fc
  .tuple(checkout, fc.array(fc.oneof(updated, invoice), { maxLength: 5 }), fc.option(deleted, { nil: null }))
  .map(([c, rest, d]) => [
    c,
    ...rest.map((e, i) => ({ ...e, eventId: `evt_${i}` }) as PaymentEvent),
    ...(d ? [d] : []),
  ]);

describe('a subscription in any delivery order (issue 14)', () => {
  it('ends every permutation of its events in the state of the in-order sequence', () => {
    fc.assert(
      fc.property(
        life.chain((events) =>
          fc.tuple(fc.constant(events), fc.shuffledSubarray(events, { minLength: events.length })),
        ),
        ([events, shuffled]) => {
          expect(observed(delivered(shuffled))).toEqual(inOrder(events));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('reaches the same stored state from every order, so later events merge the same way too', () => {
    fc.assert(
      fc.property(
        life.chain((events) =>
          fc.tuple(
            fc.shuffledSubarray(events, { minLength: events.length }),
            fc.shuffledSubarray(events, { minLength: events.length }),
          ),
        ),
        ([a, b]) => {
          expect(delivered(a)).toEqual(delivered(b));
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('ignores a replayed event', () => {
    fc.assert(
      fc.property(life, (events) => {
        expect(delivered([...events, ...events])).toEqual(delivered(events));
      }),
    );
  });

  it('lets a deletion that arrives before its older checkout end the subscription (the reported case)', () => {
    const [c, d] = fc.sample(fc.tuple(checkout, deleted), { seed: 14, numRuns: 1 })[0]!;
    const checkoutFirst = { ...c, occurredAt: new Date(T0) } as PaymentEvent;
    const deletedLater = { ...d, occurredAt: new Date(T0 + 86_400_000) } as PaymentEvent;
    expect(observed(delivered([deletedLater, checkoutFirst]))).toMatchObject({
      isPremium: false,
      subscriptionEnd: new Date(T0 + 86_400_000),
    });
  });

  it('records every completed checkout and renewal in the ledger once, and not the first invoice twice', () => {
    const [c] = fc.sample(checkout, { seed: 1, numRuns: 1 });
    const renewal: PaymentEvent = {
      kind: 'invoice.paid',
      eventId: 'evt_renewal',
      occurredAt: new Date(T0 + 30 * 86_400_000),
      subscriptionId: SUB,
      periodEnd: null,
      amountCents: 1499,
    };
    const first: PaymentEvent = { ...renewal, eventId: 'evt_first', occurredAt: new Date(T0), firstInvoice: true };
    expect(fulfil(c!, null).ledger).toMatchObject({ userId: USER, kind: 'subscription', amountCents: 1499 });
    expect(fulfil(first, null).ledger).toBeNull();
    // Before the checkout names the owner the renewal is recorded without one, to be attributed later.
    expect(fulfil(renewal, null).ledger).toMatchObject({ userId: null, subscriptionId: SUB, kind: 'renewal' });
  });
});

describe("a user's Gold over several subscriptions", () => {
  it('follows the live one that runs longest, whichever order the states are read in', () => {
    const state = (id: string, end: number, ended: boolean): SubscriptionState => ({
      subscriptionId: id,
      userId: USER,
      customerId: null,
      plan: { value: 'monthly', at: '0' },
      active: { value: true, at: '0' },
      cancelAtPeriodEnd: null,
      periodEnd: { value: new Date(T0 + end), at: '0' },
      endedAt: ended ? new Date(T0) : null,
    });
    const states = [state('sub_a', 10, true), state('sub_b', 5, false), state('sub_c', 7, false)];
    expect(userSubscription(USER, states)?.providerSubscriptionId).toBe('sub_c');
    expect(userSubscription(USER, [...states].reverse())?.providerSubscriptionId).toBe('sub_c');
    expect(userSubscription(USER, [states[0]!])).toMatchObject({ isPremium: false, subscriptionEnd: new Date(T0) });
  });
});
