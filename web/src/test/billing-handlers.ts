/**
 * The payments API of api/routes/billing (catalogue, checkout, one-time payment, portal) and a
 * premium status with subscription details, backed by the in-memory db. Prices and messages come
 * from core, like the server's.
 */
import { HttpResponse, http } from 'msw';
import { PLANS, PRODUCTS, type ProductId, productPrice } from '../../../core/billing/catalog';
import { ENTITLEMENTS } from '../../../core/billing/entitlements';
import { PAYMENT_MESSAGES } from '../../../core/billing/payments';
import { db } from './db';
import { makeGold, problemOf } from './discovery-handlers';

const currentUserId = () => db.session.getAll()[0]?.userId ?? null;
const unauthenticated = () => problemOf(401, 'AUTH.UNAUTHENTICATED', 'Unauthorized', 'User not authenticated');
const isGold = (userId: string) => !!db.plan.findFirst({ where: { userId: { equals: userId } } })?.gold;
const subscriptionOf = (userId: string) => db.subscription.findFirst({ where: { userId: { equals: userId } } });

type SubscriptionSeed = Partial<{ tier: string; subscriptionEnd: string; cancelled: boolean; hasProvider: boolean }>;

/** Gold through a paid subscription (portal available unless `hasProvider: false`, like a CLI grant). */
export function seedSubscription(userId: string, seed: SubscriptionSeed = {}) {
  makeGold(userId);
  return db.subscription.create({
    userId,
    tier: 'gold_monthly',
    subscriptionEnd: '2026-12-22T10:00:00.000Z',
    cancelled: false,
    hasProvider: true,
    ...seed,
  });
}

export type PaymentCall = { endpoint: string; body: unknown };

/** The payment calls the screens made, in order. */
export const paymentCalls = (): PaymentCall[] =>
  db.paymentCall.getAll().map((c) => ({ endpoint: c.endpoint, body: c.body ? JSON.parse(c.body) : null }));

let sessions = 0;
const checkoutUrl = () => `/api/payments/local/checkout/sess-${++sessions}`;

async function record(endpoint: string, request: Request) {
  const text = await request.text();
  db.paymentCall.create({ endpoint, body: text });
  return text ? (JSON.parse(text) as Record<string, string>) : {};
}

export const billingHandlers = [
  // Answers only for users with a seeded subscription; everyone else falls through to the
  // discovery handlers' premium status.
  http.get('/api/premium/status', () => {
    const userId = currentUserId();
    const sub = userId ? subscriptionOf(userId) : null;
    if (!userId || !sub) return undefined;
    return HttpResponse.json({
      isPremium: true,
      subscriptionTier: sub.tier,
      subscriptionEnd: sub.subscriptionEnd,
      isExpired: false,
      daysUntilExpiry: 30,
      subscriptionCancelled: sub.cancelled,
      entitlements: { ...ENTITLEMENTS.gold },
    });
  }),

  http.get('/api/payments/catalog', () => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    const gold = isGold(userId);
    return HttpResponse.json({
      isGold: gold,
      plans: Object.entries(PLANS).map(([id, p]) => ({ id, name: p.name, priceCents: p.priceCents, note: p.note })),
      products: Object.entries(PRODUCTS).map(([id, p]) => ({
        id,
        name: p.name,
        listCents: p.listCents,
        memberCents: p.memberCents,
        yourPriceCents: productPrice(id as ProductId, gold),
        note: p.note,
      })),
    });
  }),

  http.post('/api/payments/checkout', async ({ request }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    await record('checkout', request);
    const sub = subscriptionOf(userId);
    if (isGold(userId) && !sub?.cancelled) {
      return problemOf(409, 'PAYMENTS.ALREADY_GOLD', 'Conflict', PAYMENT_MESSAGES.alreadyGold);
    }
    return HttpResponse.json({ url: checkoutUrl() });
  }),

  http.post('/api/payments/payment', async ({ request }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    await record('payment', request);
    return HttpResponse.json({ url: checkoutUrl() });
  }),

  http.post('/api/payments/portal', async ({ request }) => {
    const userId = currentUserId();
    if (!userId) return unauthenticated();
    await record('portal', request);
    if (!subscriptionOf(userId)?.hasProvider) {
      return problemOf(409, 'PAYMENTS.NO_SUBSCRIPTION', 'Conflict', PAYMENT_MESSAGES.noSubscription);
    }
    return HttpResponse.json({ url: '/api/payments/local/portal' });
  }),
];
