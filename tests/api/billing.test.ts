import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { premiumStatus } from '../../core/billing/entitlements';
import { rawSql } from '../support/students';
import { makeTestApp, signedInClient, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

const path = (url: string) => new URL(url).pathname;

async function buy(c: TestClient, endpoint: string, body: object) {
  const start = await c.post(endpoint, body);
  expect(start.status).toBe(200);
  const checkout = path(start.json.url);
  const paid = await c.post(`${checkout}/pay`);
  return { start, checkout, paid };
}

const ledger = (t: App) =>
  rawSql(t).prepare('SELECT kind, item, amount_cents FROM payments ORDER BY created_at').all() as {
    kind: string;
    item: string;
    amount_cents: number;
  }[];

describe('the local payment twin (D24)', () => {
  it('sells Gold monthly at $14.99 and turns Gold on until the period ends', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'buyer@ucla.edu');
    const { start, checkout, paid } = await buy(c, '/api/payments/checkout', { priceType: 'monthly' });
    expect(start.json.url).toMatch(/\/api\/payments\/local\/checkout\/[0-9a-f-]+$/);
    const page = await c.get(checkout);
    expect(page.text).toContain('$14.99 / month');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toMatch(/^\/success\?session_id=/);
    const status = (await c.get('/api/premium/status')).json;
    expect(status).toMatchObject({ isPremium: true, subscriptionTier: 'gold_monthly', subscriptionCancelled: false });
    expect(status.subscriptionEnd).toBe('2026-10-01T12:00:00.000Z');
    expect(ledger(t)).toEqual([{ kind: 'subscription', item: 'gold_monthly', amount_cents: 1499 }]);
    // Paying the same checkout twice grants nothing more.
    expect((await c.post(`${checkout}/pay`)).status).toBe(409);
    expect(ledger(t)).toHaveLength(1);
    expect((await c.post('/api/payments/checkout', { priceType: 'yearly' })).status).toBe(409);
  });

  it('charges list prices to free users and member prices to Gold (D23), never a client price', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'packs@ucla.edu');
    expect((await c.post('/api/payments/payment', { productId: '5_super_likes', amountCents: 1 })).status).toBe(400);
    expect((await c.post('/api/payments/payment', { productId: 'free_gold' })).status).toBe(400);
    await buy(c, '/api/payments/payment', { productId: '5_super_likes' });
    expect((await c.get('/api/super-likes/status')).json.purchasedRemaining).toBe(5);
    await buy(c, '/api/payments/checkout', { priceType: 'yearly' });
    const catalog = (await c.get('/api/payments/catalog')).json;
    expect(catalog.isGold).toBe(true);
    expect(catalog.products.find((p: { id: string }) => p.id === '15_super_likes')).toMatchObject({
      listCents: 1199,
      memberCents: 699,
      yourPriceCents: 699,
    });
    await buy(c, '/api/payments/payment', { productId: 'profile_boost' });
    expect(ledger(t).map((l) => l.amount_cents)).toEqual([499, 8999, 199]);
    expect((await c.get('/api/boost/status')).json).toMatchObject({
      monthlyBoostsRemaining: 1,
      purchasedBoostsRemaining: 1,
    });
  });

  it('lets a free user spend a purchased boost, which runs 30 minutes under a fixed clock', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'boost@ucla.edu');
    expect((await c.post('/api/boost')).status).toBe(409);
    await buy(c, '/api/payments/payment', { productId: 'profile_boost' });
    const started = await c.post('/api/boost');
    expect(started.json).toMatchObject({ hasActiveBoost: true, purchasedBoostsRemaining: 0 });
    t.clock.advance(29 * 60_000);
    await c.post('/api/auth/refresh');
    expect((await c.get('/api/boost/status')).json.hasActiveBoost).toBe(true);
    t.clock.advance(2 * 60_000);
    await c.post('/api/auth/refresh');
    expect((await c.get('/api/boost/status')).json).toMatchObject({ hasActiveBoost: false, boostEndTime: null });
  });

  it('cancels at period end from the portal: Gold stays until then, and stops after', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'cancel@ucla.edu');
    expect((await c.post('/api/payments/portal')).status).toBe(409);
    await buy(c, '/api/payments/checkout', { priceType: 'monthly' });
    const portal = await c.post('/api/payments/portal');
    expect(path(portal.json.url)).toBe('/api/payments/local/portal');
    expect((await c.get('/api/payments/local/portal')).text).toContain('Cancel at the end of the period');
    expect((await c.post('/api/payments/local/portal/cancel')).status).toBe(303);
    expect((await c.get('/api/premium/status')).json).toMatchObject({ isPremium: true, subscriptionCancelled: true });
    // Still Gold until the period ends: resume in the portal instead of a second subscription.
    expect((await c.post('/api/payments/checkout', { priceType: 'monthly' })).status).toBe(409);
    // Sessions last 30 days: renew once midway so the session outlives the billing period.
    t.clock.set('2026-09-25T00:00:00.000Z');
    await c.post('/api/auth/refresh');
    t.clock.set('2026-10-02T00:00:00.000Z');
    await c.post('/api/auth/refresh');
    expect((await c.get('/api/premium/status')).json).toMatchObject({ isPremium: false, isExpired: true });
    // With Gold gone, advanced filters are refused again.
    expect((await c.post('/api/discover/deck', { filters: { major: 'Art' } })).status).not.toBe(200);
  });

  it('keeps checkouts private to their buyer', async () => {
    const t = makeTestApp();
    const a = await signedInClient(t, 'a.buyer@ucla.edu');
    const b = await signedInClient(t, 'b.snoop@ucla.edu');
    const { url } = (await a.post('/api/payments/checkout', { priceType: 'monthly' })).json;
    expect((await b.get(path(url))).status).toBe(404);
    expect((await b.post(`${path(url)}/pay`)).status).toBe(404);
    expect((await a.get('/api/premium/status')).json.isPremium).toBe(false);
    expect((await b.get('/api/premium/status')).json.isPremium).toBe(false);
  });
});

describe('Stripe webhooks (D24)', () => {
  const secret = 'whsec_test_secret';
  const stripe = new Stripe('sk_test_dummy');

  function stripeApp() {
    return makeTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: secret });
  }

  async function deliver(c: TestClient, event: object, sign = true) {
    const payload = JSON.stringify(event);
    const header = sign ? stripe.webhooks.generateTestHeaderString({ payload, secret }) : 't=1,v1=bad';
    return c.post('/api/payments/webhook', payload, { 'stripe-signature': header });
  }

  const checkoutEvent = (userId: string, id = 'evt_checkout_1') => ({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.parse('2026-09-01T12:00:00Z') / 1000),
    data: {
      object: {
        id: 'cs_1',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        amount_total: 1499,
        client_reference_id: userId,
        customer: 'cus_1',
        subscription: 'sub_1',
        metadata: { userId, item: 'monthly' },
      },
    },
  });

  const subscriptionEvent = (type: string, id: string, createdIso: string, status: string) => ({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.parse(createdIso) / 1000),
    data: {
      object: {
        id: 'sub_1',
        object: 'subscription',
        customer: 'cus_1',
        status,
        cancel_at_period_end: false,
        metadata: {},
        items: { data: [{ current_period_end: Math.floor(Date.parse('2026-10-01T12:00:00Z') / 1000) }] },
      },
    },
  });

  it('refuses a bad or missing signature and grants nothing', async () => {
    const t = stripeApp();
    const c = await signedInClient(t, 'sig@ucla.edu');
    const me = (await c.get('/api/me')).json.user.id;
    const bad = await deliver(t.client(), checkoutEvent(me), false);
    expect(bad.status).toBe(400);
    expect((await t.client().post('/api/payments/webhook', JSON.stringify(checkoutEvent(me)))).status).toBe(400);
    expect((await c.get('/api/premium/status')).json.isPremium).toBe(false);
  });

  it('grants once for the same event delivered 50 times', async () => {
    const t = stripeApp();
    const c = await signedInClient(t, 'replay@ucla.edu');
    const me = (await c.get('/api/me')).json.user.id;
    const results = await Promise.all(Array.from({ length: 50 }, () => deliver(t.client(), checkoutEvent(me))));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.reduce((n, r) => n + r.json.applied, 0)).toBe(1);
    expect(ledger(t)).toEqual([{ kind: 'subscription', item: 'gold_monthly', amount_cents: 1499 }]);
    expect((await c.get('/api/premium/status')).json.isPremium).toBe(true);
  });

  it('ignores an older subscription event that arrives after a newer one', async () => {
    const t = stripeApp();
    const c = await signedInClient(t, 'order@ucla.edu');
    const me = (await c.get('/api/me')).json.user.id;
    await deliver(t.client(), checkoutEvent(me));
    await deliver(
      t.client(),
      subscriptionEvent('customer.subscription.deleted', 'evt_del', '2026-09-20T00:00:00Z', 'canceled'),
    );
    expect((await c.get('/api/premium/status')).json.isPremium).toBe(false);
    const stale = await deliver(
      t.client(),
      subscriptionEvent('customer.subscription.updated', 'evt_old', '2026-09-10T00:00:00Z', 'active'),
    );
    expect(stale.json).toEqual({ received: 1, applied: 1 });
    expect((await c.get('/api/premium/status')).json.isPremium).toBe(false);
  });
});

describe('Stripe events in any order (issue 14 item 6)', () => {
  const secret = 'whsec_test_secret';
  const stripe = new Stripe('sk_test_dummy');
  const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

  async function deliver(c: TestClient, event: object) {
    const payload = JSON.stringify(event);
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const r = await c.post('/api/payments/webhook', payload, { 'stripe-signature': header });
    expect(r.status).toBe(200);
  }

  /** One subscription's life as Stripe reports it: bought, set to cancel, renewed, then ended. */
  function life(userId: string, n: number) {
    const sub = `sub_order_${n}`;
    const subscription = (type: string, id: string, created: string, status: string, cancel: boolean) => ({
      id: `${id}_${n}`,
      object: 'event',
      type,
      created: at(created),
      data: {
        object: {
          id: sub,
          object: 'subscription',
          customer: `cus_${n}`,
          status,
          cancel_at_period_end: cancel,
          metadata: { userId },
          items: {
            data: [{ current_period_end: at('2026-10-01T12:00:00Z'), price: { recurring: { interval: 'month' } } }],
          },
        },
      },
    });
    return {
      checkout: {
        id: `evt_co_${n}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: at('2026-09-01T12:00:00Z'),
        data: {
          object: {
            id: `cs_${n}`,
            object: 'checkout.session',
            mode: 'subscription',
            payment_status: 'paid',
            amount_total: 1499,
            client_reference_id: userId,
            customer: `cus_${n}`,
            subscription: sub,
            metadata: { userId, item: 'monthly' },
          },
        },
      },
      cancelling: subscription('customer.subscription.updated', 'evt_upd', '2026-09-05T00:00:00Z', 'active', true),
      renewed: {
        id: `evt_inv_${n}`,
        object: 'event',
        type: 'invoice.paid',
        created: at('2026-10-01T12:00:00Z'),
        data: {
          object: {
            id: `in_${n}`,
            object: 'invoice',
            amount_paid: 1499,
            billing_reason: 'subscription_cycle',
            parent: { subscription_details: { subscription: sub, metadata: { userId } } },
            lines: { data: [{ period: { end: at('2026-11-01T12:00:00Z') } }] },
          },
        },
      },
      deleted: subscription('customer.subscription.deleted', 'evt_del', '2026-10-15T00:00:00Z', 'canceled', false),
    };
  }

  /** Accounts made through the repository: 30 sign-ups from one address would meet the sign-up limit (N5). */
  async function student(t: App, n: number) {
    const id = randomUUID();
    const now = t.clock.now();
    await t.db.users.create({
      id,
      email: `order${n}@ucla.edu`,
      passwordHash: 'x',
      emailConfirmedAt: now,
      status: 'active',
      createdAt: now,
    });
    return id;
  }

  const status = async (t: App, userId: string) =>
    JSON.parse(JSON.stringify(premiumStatus(await t.db.subscriptions.get(userId), t.clock.now())));

  function permutations<T>(items: T[]): T[][] {
    if (items.length <= 1) return [items];
    return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((p) => [x, ...p]));
  }

  it('tells the owner once when Gold renews and when a renewal payment fails (issue 19)', async () => {
    const t = makeTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: secret });
    t.clock.set('2026-10-02T00:00:00.000Z');
    const userId = await student(t, 900);
    const events = life(userId, 900);
    await deliver(t.client(), events.checkout);
    // Stripe retries: the same renewal twice is one notification.
    await deliver(t.client(), events.renewed);
    await deliver(t.client(), events.renewed);
    await deliver(t.client(), {
      ...events.renewed,
      id: 'evt_fail_900',
      type: 'invoice.payment_failed',
      data: { object: { ...events.renewed.data.object, id: 'in_fail_900', amount_paid: 0 } },
    });
    const kinds = (await t.db.notifications.list(userId, { limit: 10 })).map((n) => n.kind);
    expect(kinds.sort()).toEqual(['subscription.payment_failed', 'subscription.renewed']);
  });

  it('ends every delivery order of a deleted subscription without Gold', async () => {
    const t = makeTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: secret });
    t.clock.set('2026-10-16T00:00:00.000Z');
    const orders = permutations(['checkout', 'cancelling', 'renewed', 'deleted'] as const);
    expect(orders).toHaveLength(24);
    for (const [n, order] of orders.entries()) {
      const userId = await student(t, n);
      const events = life(userId, n);
      for (const name of order) await deliver(t.client(), events[name]);
      expect({ order, status: await status(t, userId) }).toMatchObject({
        order,
        status: {
          isPremium: false,
          subscriptionTier: 'gold_monthly',
          subscriptionEnd: '2026-10-15T00:00:00.000Z',
          subscriptionCancelled: false,
        },
      });
    }
    // The first charge and the renewal are each in the ledger once, whatever the order.
    const rows = rawSql(t).prepare('SELECT kind, COUNT(*) AS n FROM payments GROUP BY kind ORDER BY kind').all();
    expect(rows).toEqual([
      { kind: 'renewal', n: 24 },
      { kind: 'subscription', n: 24 },
    ]);
  });

  it('ends every delivery order of a live subscription in the in-order state', async () => {
    const t = makeTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: secret });
    t.clock.set('2026-10-02T00:00:00.000Z');
    for (const [n, order] of permutations(['checkout', 'cancelling', 'renewed'] as const).entries()) {
      const userId = await student(t, 100 + n);
      const events = life(userId, 100 + n);
      for (const name of order) await deliver(t.client(), events[name]);
      expect({ order, status: await status(t, userId) }).toMatchObject({
        order,
        status: {
          isPremium: true,
          subscriptionTier: 'gold_monthly',
          subscriptionEnd: '2026-11-01T12:00:00.000Z',
          subscriptionCancelled: true,
        },
      });
    }
    // And what the buyer sees is that state.
    const c = await signedInClient(t, 'live.buyer@ucla.edu');
    const me = (await c.get('/api/me')).json.user.id;
    const events = life(me, 200);
    for (const name of ['renewed', 'cancelling', 'checkout'] as const) await deliver(t.client(), events[name]);
    expect((await c.get('/api/premium/status')).json).toMatchObject({
      isPremium: true,
      subscriptionEnd: '2026-11-01T12:00:00.000Z',
      subscriptionCancelled: true,
    });
  });
});
