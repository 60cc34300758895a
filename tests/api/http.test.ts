import { validate } from '@readme/openapi-parser';
import { GOOD_PASSWORD, makeTestApp, signedInClient } from '../support/test-app';

describe('bad input never reaches a 500', () => {
  it('answers malformed JSON with a 400 problem', async () => {
    const c = makeTestApp().client();
    const res = await c.post('/api/auth/sign-in', '{"email": "a@ucla.edu", "password":');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.json.code).toBe('VALIDATION');
    expect(res.text).not.toMatch(/at \w+ \(|node_modules|\.ts:/);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const c = makeTestApp().client();
    const res = await c.post('/api/auth/sign-in', 'email=a@ucla.edu&password=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(res.json.code).toBe('HTTP.UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an oversized body with 413', async () => {
    const t = makeTestApp();
    const res = await t.client().post('/api/auth/sign-up', { email: 'big@ucla.edu', password: 'x'.repeat(70_000) });
    expect(res.status).toBe(413);
    expect(await t.db.users.findByEmail('big@ucla.edu')).toBeNull();
  });

  it('refuses unknown fields (mass assignment) and wrong types', async () => {
    const t = makeTestApp();
    const c = t.client();
    const extra = await c.post('/api/auth/sign-up', { email: 'mass@ucla.edu', password: GOOD_PASSWORD, isAdmin: true });
    expect(extra.status).toBe(400);
    expect(await t.db.users.findByEmail('mass@ucla.edu')).toBeNull();
    const wrongType = await c.post('/api/auth/sign-up', { email: ['mass@ucla.edu'], password: 12345678 });
    expect(wrongType.status).toBe(400);
    const nul = await c.post('/api/auth/sign-in', null);
    expect(nul.status).toBe(400);
  });

  it('answers unknown API routes with a 404 problem, not the web app', async () => {
    const res = await makeTestApp().client().get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('HTTP.NOT_FOUND');
  });

  it('hides internals of an unexpected fault behind a bare 500', async () => {
    const t = makeTestApp();
    vi.spyOn(t.db.users, 'findByEmail').mockRejectedValueOnce(new Error('disk on fire at /secret/path.ts:12'));
    const res = await t.client().post('/api/auth/sign-in', { email: 'x@ucla.edu', password: GOOD_PASSWORD });
    expect(res.status).toBe(500);
    expect(res.json.detail).toBe('An unexpected error occurred. Please try again.');
    expect(res.text).not.toContain('disk on fire');
    expect(t.logs.some((l) => l.includes('disk on fire'))).toBe(true);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from another origin and changes nothing', async () => {
    const t = makeTestApp();
    const res = await t
      .client()
      .post(
        '/api/auth/sign-up',
        { email: 'csrf@ucla.edu', password: GOOD_PASSWORD },
        { origin: 'https://evil.example' },
      );
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('AUTH.BAD_ORIGIN');
    expect(await t.db.users.findByEmail('csrf@ucla.edu')).toBeNull();
  });

  it('accepts the app origin', async () => {
    const t = makeTestApp();
    const res = await t
      .client()
      .post('/api/auth/sign-up', { email: 'same@ucla.edu', password: GOOD_PASSWORD }, { origin: t.env.APP_URL });
    expect(res.status).toBe(201);
  });
});

describe('security headers', () => {
  const expectHardened = (headers: Headers) => {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
  };

  it('are on API responses, errors included, and on HTML pages', async () => {
    const c = makeTestApp().client();
    expectHardened((await c.get('/api/config')).headers);
    expectHardened((await c.get('/api/nope')).headers);
    expectHardened((await c.get('/some/page')).headers);
    expectHardened((await c.get('/api/docs')).headers);
  });
});

describe('client logging endpoints', () => {
  it('records CSP violation reports sent as application/csp-report', async () => {
    const t = makeTestApp();
    const report = {
      'csp-report': {
        'blocked-uri': 'https://evil.example/x.js',
        'violated-directive': 'script-src',
        'original-policy': "default-src 'self'",
      },
    };
    const res = await t
      .client()
      .post('/api/csp-report', JSON.stringify(report), { 'content-type': 'application/csp-report' });
    expect(res.status).toBe(204);
    const [event] = await t.db.securityLog.list();
    expect(event?.eventType).toBe('csp_violation');
    expect(event?.details).toMatchObject({
      blocked_uri: 'https://evil.example/x.js',
      violated_directive: 'script-src',
    });
    const junk = await t.client().post('/api/csp-report', 'not json', { 'content-type': 'application/csp-report' });
    expect(junk.status).toBe(400);
  });

  it('records session_start events and cookie consent, with the user when signed in', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'consent@ucla.edu');
    const consent = {
      consentType: 'cookies',
      consentGiven: true,
      consentMethod: 'banner_interaction',
      consentVersion: '1.0',
      legalBasis: 'consent',
    };
    expect((await c.post('/api/log-consent', consent)).status).toBe(201);
    expect((await t.client().post('/api/log-consent', consent)).status).toBe(201);
    const logs = await t.db.consentLog.list();
    expect(logs).toHaveLength(2);
    expect(logs.filter((l) => l.userId !== null)).toHaveLength(1);
    const ev = await c.post('/api/security-events', {
      event_type: 'session_start',
      event_details: { timestamp: '2026-09-01T12:00:00Z', user_agent: 'Mozilla', referrer: 'direct' },
    });
    expect(ev.status).toBe(202);
    expect((await t.db.securityLog.list()).some((e) => e.eventType === 'session_start')).toBe(true);
    const forged = await c.post('/api/security-events', { event_type: 'sign_in_success', event_details: {} });
    expect(forged.status).toBe(400);
  });
});

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 and describes every accounts route with its problem responses', async () => {
    const doc = (await makeTestApp().client().get('/api/openapi.json')).json;
    await expect(validate(structuredClone(doc))).resolves.toMatchObject({ valid: true });
    expect(doc.openapi).toBe('3.1.0');
    const signIn = doc.paths['/api/auth/sign-in'].post;
    expect(Object.keys(signIn.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '429',
      '500',
      '503',
    ]);
    expect(signIn.responses['401'].content['application/problem+json']).toBeDefined();
  });

  it('is browsable at /api/docs with assets served locally', async () => {
    const c = makeTestApp().client();
    const page = await c.get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect((await c.get('/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
    expect((await c.get('/api/docs/assets/init.js')).text).toContain('/api/openapi.json');
  });
});

describe('development mailbox', () => {
  it('lists sent mail with its link outside production, and does not exist in production', async () => {
    const t = makeTestApp();
    await t.client().post('/api/auth/sign-up', { email: 'box@ucla.edu', password: GOOD_PASSWORD });
    const box = await t.client().get('/api/dev/mailbox');
    expect(box.json.messages[0]).toMatchObject({ to: 'box@ucla.edu', subject: 'Confirm your Nestmate account' });
    expect(box.json.messages[0].link).toMatch(/\/api\/auth\/confirm\?token=/);
    expect((await t.client().get('/dev/mailbox')).text).toContain('box@ucla.edu');
    const prod = makeTestApp({ NODE_ENV: 'production' });
    expect((await prod.client().get('/api/dev/mailbox')).status).toBe(404);
  });
});
