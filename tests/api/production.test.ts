/**
 * Production without its third parties (issue 14 items 1 and 2): no free Gold through the offline
 * payment twin, no confirmation or reset link in the log.
 */
import { GOOD_PASSWORD, latestLink, makeTestApp, signedInClient } from '../support/test-app';

const PRODUCTION = { NODE_ENV: 'production' };
const UNAVAILABLE = 'Payments are not available right now.';

describe('production without Stripe keys (D24 addendum)', () => {
  it('answers every purchase with 503 "Payments are not available right now." and grants nothing', async () => {
    const t = makeTestApp(PRODUCTION);
    const client = await signedInClient(t, 'buyer@ucla.edu');

    for (const [path, body] of [
      ['/api/payments/checkout', { priceType: 'yearly' }],
      ['/api/payments/payment', { productId: '15_super_likes' }],
      ['/api/payments/portal', undefined],
    ] as const) {
      const res = await client.post(path, body);
      expect(res.status, path).toBe(503);
      expect(res.headers.get('content-type')).toMatch(/application\/problem\+json/);
      expect(res.json).toMatchObject({ status: 503, code: 'PAYMENTS.UNAVAILABLE', detail: UNAVAILABLE });
    }

    // The offline twin's pages do not exist, so nothing can complete a checkout for free.
    for (const path of [
      '/api/payments/local/checkout/any-id/pay',
      '/api/payments/local/checkout/any-id/cancel',
      '/api/payments/local/portal/cancel',
    ]) {
      expect((await client.post(path)).status, path).toBe(404);
    }
    expect((await client.get('/api/payments/local/portal')).status).toBe(404);
    const catalog = await client.get('/api/payments/catalog');
    expect(catalog.json.isGold).toBe(false);
  });

  it('leaves the offline twin out of the OpenAPI document', async () => {
    const prod = makeTestApp(PRODUCTION);
    const paths = Object.keys((await prod.client().get('/api/openapi.json')).json.paths);
    expect(paths).toContain('/api/payments/checkout');
    expect(paths.filter((p) => p.startsWith('/api/payments/local/'))).toEqual([]);
    // Outside production the twin stays, so the whole flow runs offline (D24).
    const dev = makeTestApp();
    const devPaths = Object.keys((await dev.client().get('/api/openapi.json')).json.paths);
    expect(devPaths).toContain('/api/payments/local/checkout/{sessionId}/pay');
  });

  it('with Stripe keys the twin stays out too and the webhook is served', async () => {
    const t = makeTestApp({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    const paths = Object.keys((await t.client().get('/api/openapi.json')).json.paths);
    expect(paths.filter((p) => p.startsWith('/api/payments/local/'))).toEqual([]);
    expect(paths).toContain('/api/payments/webhook');
  });
});

describe('production without SMTP_URL', () => {
  it('keeps confirmation and reset links out of the log; they are only in the outbox', async () => {
    const t = makeTestApp(PRODUCTION);
    const client = t.client();
    expect((await client.post('/api/auth/sign-up', { email: 'quiet@ucla.edu', password: GOOD_PASSWORD })).status).toBe(
      201,
    );
    const confirm = await latestLink(t, 'quiet@ucla.edu');
    await client.get(new URL(confirm).pathname + new URL(confirm).search);
    expect((await client.post('/api/auth/password-reset', { email: 'quiet@ucla.edu' })).status).toBeLessThan(300);

    const mails = (await t.db.outbox.list(10)).filter((m) => m.to === 'quiet@ucla.edu');
    expect(mails.map((m) => m.subject)).toHaveLength(2);
    const tokens = mails.map((m) => new URL(/https?:\/\/\S+/.exec(m.text)![0]).searchParams.get('token'));
    expect(tokens.every((token) => typeof token === 'string' && token.length > 10)).toBe(true);

    const logged = t.logs.join('\n');
    for (const token of tokens) expect(logged).not.toContain(token);
    expect(logged).not.toMatch(/token=|https?:\/\//);
  });

  it('outside production the log still shows the link, so development needs no mail server', async () => {
    const t = makeTestApp();
    await t.client().post('/api/auth/sign-up', { email: 'dev@ucla.edu', password: GOOD_PASSWORD });
    expect(t.logs.join('\n')).toContain(await latestLink(t, 'dev@ucla.edu'));
  });
});
