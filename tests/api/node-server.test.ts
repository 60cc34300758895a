/**
 * The same headers over the real node server as through `app.request` (issue 18, N182): behind
 * @hono/node-server the security headers go into the plain header object it writes from, and request
 * headers are read from node's own parse, so these cases run both ways and compare.
 */
import { listen } from '../../api/http-server';
import { contentSecurityPolicy } from '../../api/middleware/security';
import { GOOD_PASSWORD, makeTestApp, signedInClient, TEST_ORIGIN, TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

/** Hop-by-hop and per-write headers differ between the two ways by nature. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const comparable = (h: Headers) =>
  Object.fromEntries([...h.entries()].filter(([name]) => !TRANSPORT.has(name)).sort(([a], [b]) => a.localeCompare(b)));

async function overNode(t: App) {
  const http = await listen(
    t as unknown as Parameters<typeof listen>[0],
    { HOST: '127.0.0.1', PORT: 0, APP_URL: t.env.APP_URL, CALL_RING_TIMEOUT_SECONDS: 1 },
    () => {},
  );
  const base = `http://127.0.0.1:${http.address.port}`;
  const client = new TestClient(async (req) =>
    fetch(req.url.replace(TEST_ORIGIN, base), {
      method: req.method,
      headers: req.headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer(),
      redirect: 'manual',
    }),
  );
  return { http, client };
}

const HARDENED = {
  'content-security-policy': contentSecurityPolicy({ stripe: false }),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=()',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

describe('responses over the node server (N182)', () => {
  let t: App;
  let node: Awaited<ReturnType<typeof overNode>>;
  beforeAll(async () => {
    t = makeTestApp();
    node = await overNode(t);
  });
  afterAll(async () => {
    await node.http.close();
    await t.db.close();
  });

  it('carry every security header once, and no-store on the API, as through app.request', async () => {
    const cases: [string, string, unknown, Record<string, string>][] = [
      ['GET', '/api/me', undefined, {}],
      ['GET', '/api/health', undefined, {}],
      ['GET', '/api/config', undefined, {}],
      ['GET', '/api/nope', undefined, {}],
      ['GET', '/some/page', undefined, {}],
      ['GET', '/api/docs', undefined, {}],
      ['OPTIONS', '/api/me', undefined, { origin: 'https://evil.example' }],
      ['HEAD', '/api/me', undefined, {}],
      ['POST', '/api/auth/sign-in', { email: 'x@ucla.edu' }, { origin: 'https://evil.example' }],
      ['POST', '/api/auth/sign-in', 'email=x', { 'content-type': 'text/plain' }],
      ['POST', '/api/auth/sign-in', { email: 'x'.repeat(200_000) }, {}],
      ['POST', '/api/auth/sign-in', { email: 'nobody@ucla.edu', password: GOOD_PASSWORD }, {}],
      ['GET', '/api/openapi.json', undefined, { 'accept-encoding': 'gzip' }],
      ['GET', '/api/openapi.json', undefined, {}],
      ['GET', '/api/health', undefined, { 'accept-encoding': 'br, gzip' }],
    ];
    const direct = t.client();
    for (const [method, path, body, own] of cases) {
      // fetch asks for gzip unless told otherwise; app.request sends what it is given.
      const headers = { 'accept-encoding': 'identity', ...own };
      const viaNode = await node.client.request(method, path, body, headers);
      const viaApp = await direct.request(method, path, body, headers);
      expect({ path, status: viaNode.status }).toEqual({ path, status: viaApp.status });
      expect(comparable(viaNode.headers)).toEqual(comparable(viaApp.headers));
      expect(comparable(viaNode.headers)).toMatchObject(HARDENED);
      expect(viaNode.headers.get('cache-control')).toBe(path.startsWith('/api/') ? 'no-store' : null);
    }
  });

  it('keeps the Origin check, the JSON-only rule, the body limit and compression', async () => {
    const c = node.client;
    const crossSite = await c.post(
      '/api/auth/sign-up',
      { email: 'csrf@ucla.edu', password: GOOD_PASSWORD },
      {
        origin: 'https://evil.example',
      },
    );
    expect(crossSite.status).toBe(403);
    expect(crossSite.json.code).toBe('AUTH.BAD_ORIGIN');
    expect(await t.db.users.findByEmail('csrf@ucla.edu')).toBeNull();
    const text = await c.post('/api/auth/sign-in', 'a=b', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const big = await c.post('/api/auth/sign-in', { email: 'x'.repeat(200_000), password: GOOD_PASSWORD });
    expect(big.status).toBe(413);
    const doc = await c.get('/api/openapi.json', { 'accept-encoding': 'gzip' });
    // fetch decodes the body; the header shows it was compressed, and caches key on the encoding.
    expect(doc.headers.get('content-encoding')).toBe('gzip');
    expect(doc.headers.get('vary')).toContain('Accept-Encoding');
    expect(doc.json.openapi).toBe('3.1.0');
    const small = await c.get('/api/health', { 'accept-encoding': 'gzip' });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('signs in and reads /api/me with the session cookie parsed from the node request', async () => {
    const client = await signedInClient(t, 'node-me@ucla.edu');
    const cookies = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const me = await node.client.get('/api/me', { cookie: `other=1; ${cookies}` });
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe('node-me@ucla.edu');
    expect(me.headers.get('x-frame-options')).toBe('DENY');
    // A tampered token is refused even after the real one was verified (N183).
    const access = [...client.cookies].find(([name]) => name.endsWith('nm_at'));
    expect(access).toBeDefined();
    const [name, token] = access as [string, string];
    const tampered = `${name}=${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await node.client.get('/api/me', { cookie: tampered });
    expect(refused.status).toBe(200);
    expect(refused.json.user).toBeNull();
  });
});
