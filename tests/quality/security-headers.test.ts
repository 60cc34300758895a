/**
 * Security headers and cookies (issue 11 §3, D28, D6): every GET operation of the document,
 * an HTML page, static script and media, in development and production; and the attributes
 * of the session cookies set by sign-in, refresh and sign-out in both modes.
 */
import { contentSecurityPolicy } from '../../api/middleware/security';
import { ACCESS_TOKEN_TTL_MS, REFRESH_TOKEN_TTL_MS } from '../../core/accounts/policy';
import { fetchDocument, operationsOf } from './support/openapi';
import { makeQualityApp, TEST_ORIGIN } from './support/quality-app';

const MODES = ['test', 'production'] as const;

const EXPECTED: Record<string, string> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
  'permissions-policy': 'camera=(self), microphone=(self), geolocation=()',
};

function hardeningProblems(headers: Headers, options: { csp: 'app' | 'any' }): string[] {
  const problems: string[] = [];
  for (const [name, value] of Object.entries(EXPECTED)) {
    if (headers.get(name) !== value) problems.push(`${name}: ${headers.get(name)}`);
  }
  const csp = headers.get('content-security-policy') ?? '';
  if (options.csp === 'app' && csp !== contentSecurityPolicy({ stripe: false }))
    problems.push(`content-security-policy: ${csp}`);
  for (const directive of ["object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"])
    if (!csp.includes(directive)) problems.push(`CSP lacks ${directive}`);
  if (/unsafe-eval/.test(csp) || /script-src[^;]*unsafe-inline/.test(csp))
    problems.push(`CSP allows unsafe scripts: ${csp}`);
  if (headers.has('x-powered-by') || /hono|node|express/i.test(headers.get('server') ?? ''))
    problems.push('the server names its technology');
  return problems;
}

describe.each(MODES)('in %s mode', (mode) => {
  const t = makeQualityApp({ NODE_ENV: mode });
  afterAll(() => t.close());

  const get = async (path: string, cookies: Record<string, string> = {}) => {
    const headers = new Headers();
    const jar = Object.entries(cookies).map(([k, v]) => `${k}=${v}`);
    if (jar.length) headers.set('cookie', jar.join('; '));
    const res = await t.app.fetch(new Request(`${TEST_ORIGIN}${path}`, { headers, redirect: 'manual' }));
    await res.arrayBuffer();
    return res;
  };

  it('hardens every documented GET, anonymous and signed in, with no-store caching', async () => {
    const doc = await fetchDocument(t.app.fetch, TEST_ORIGIN);
    const gets = operationsOf(doc).filter((op) => op.method === 'GET');
    expect(gets.length).toBeGreaterThanOrEqual(mode === 'production' ? 3 : 4);
    const user = await t.createUser(`headers.${mode}@ucla.edu`);
    const cookies = await t.mintSession(user.id);
    for (const op of gets) {
      const path = op.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const [who, jar] of [
        ['anonymous', {}],
        ['signed in', cookies],
      ] as const) {
        const res = await get(path, jar);
        expect(hardeningProblems(res.headers, { csp: 'app' }), `${who} ${op.id} (${res.status})`).toEqual([]);
        expect(res.headers.get('cache-control'), `${who} ${op.id}`).toBe('no-store');
        const type = res.headers.get('content-type');
        if (res.status !== 302) expect(type, `${who} ${op.id}`).toMatch(/^application\/(problem\+)?json/);
      }
    }
  });

  it('hardens the HTML pages and the API 404', async () => {
    for (const path of ['/', '/discover', '/messages?x=1', '/api/docs', '/api/nope']) {
      const res = await get(path);
      expect(hardeningProblems(res.headers, { csp: path === '/api/docs' ? 'any' : 'app' }), path).toEqual([]);
    }
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
  });

  it('hardens scripts, styles and media, with long-lived caching only for hashed assets', async () => {
    const cases = [
      ['/assets/index-abc123.js', /javascript/],
      ['/assets/index-abc123.css', /^text\/css/],
      ['/assets/pixel-abc123.png', /^image\/png/],
      ['/favicon.svg', /^image\/svg\+xml/],
    ] as const;
    for (const [path, type] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(type);
      expect(hardeningProblems(res.headers, { csp: 'app' }), path).toEqual([]);
      if (path.startsWith('/assets/'))
        expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
    }
    // Path tricks never leave the web root.
    for (const path of ['/assets/..%2f..%2fpackage.json', '/..%2fpackage.json', '/assets/%2e%2e/%2e%2e/package.json']) {
      const res = await get(path);
      const body = await (await t.app.fetch(new Request(`${TEST_ORIGIN}${path}`))).text();
      expect(body, path).not.toContain('"devDependencies"');
      expect(hardeningProblems(res.headers, { csp: 'app' }), path).toEqual([]);
    }
  });
});

type CookieLine = { name: string; value: string; attributes: Map<string, string> };

function parseSetCookie(lines: string[]): Map<string, CookieLine> {
  const out = new Map<string, CookieLine>();
  for (const line of lines) {
    const [pair, ...attrs] = line.split(';').map((s) => s.trim());
    const [name, ...value] = (pair ?? '').split('=');
    const attributes = new Map(
      attrs.map((a) => {
        const [k, ...v] = a.split('=');
        return [k!.toLowerCase(), v.join('=')] as [string, string];
      }),
    );
    out.set(name!, { name: name!, value: value.join('='), attributes });
  }
  return out;
}

describe.each([
  ['test', { access: 'nm_at', refresh: 'nm_rt', secure: false }],
  ['production', { access: '__Host-nm_at', refresh: '__Host-nm_rt', secure: true }],
] as const)('session cookies in %s mode', (mode, names) => {
  const t = makeQualityApp({ NODE_ENV: mode });
  afterAll(() => t.close());

  const expectSessionCookies = (lines: string[], what: string) => {
    const cookies = parseSetCookie(lines);
    expect([...cookies.keys()].sort(), what).toEqual([names.access, names.refresh].sort());
    const now = t.clock.now().getTime();
    for (const [name, ttl] of [
      [names.access, ACCESS_TOKEN_TTL_MS],
      [names.refresh, REFRESH_TOKEN_TTL_MS],
    ] as const) {
      const c = cookies.get(name)!;
      expect(c.value.length, `${what} ${name} value`).toBeGreaterThan(20);
      expect(c.attributes.has('httponly'), `${what} ${name} HttpOnly`).toBe(true);
      expect(c.attributes.get('samesite')?.toLowerCase(), `${what} ${name} SameSite`).toBe('lax');
      expect(c.attributes.get('path'), `${what} ${name} Path`).toBe('/');
      expect(c.attributes.has('secure'), `${what} ${name} Secure`).toBe(names.secure);
      // __Host- cookies must not name a domain; none of ours do.
      expect(c.attributes.has('domain'), `${what} ${name} Domain`).toBe(false);
      const expires = Date.parse(c.attributes.get('expires') ?? '');
      expect(Math.abs(expires - (now + ttl)), `${what} ${name} Expires`).toBeLessThanOrEqual(1000);
    }
  };

  it('sign-in, refresh and sign-out set and clear them with the right attributes', async () => {
    const user = await t.createUser(`cookies.${mode}@ucla.edu`);
    const signIn = await user.client.post('/api/auth/sign-in', { email: user.email, password: 'Sunny-Dorm-42' });
    expect(signIn.status).toBe(200);
    expectSessionCookies(signIn.headers.getSetCookie(), 'sign-in');

    const refresh = await user.client.post('/api/auth/refresh');
    expect(refresh.status).toBe(200);
    expectSessionCookies(refresh.headers.getSetCookie(), 'refresh');

    const signOut = await user.client.post('/api/auth/sign-out');
    expect(signOut.status).toBe(204);
    const cleared = parseSetCookie(signOut.headers.getSetCookie());
    expect([...cleared.keys()].sort()).toEqual([names.access, names.refresh].sort());
    for (const c of cleared.values()) {
      expect(c.value, `${c.name} cleared`).toBe('');
      expect(c.attributes.get('max-age'), `${c.name} expires now`).toBe('0');
      expect(c.attributes.get('path')).toBe('/');
      expect(c.attributes.has('secure'), `${c.name} Secure when cleared`).toBe(names.secure);
    }
    // Signed out: no session, answered as such (issue 17).
    expect((await user.client.get('/api/me')).json).toEqual({ user: null });
  });

  it('no other response sets a cookie', async () => {
    for (const path of ['/', '/api/config', '/api/health', '/api/me', '/assets/index-abc123.js']) {
      const res = await t.app.fetch(new Request(`${TEST_ORIGIN}${path}`));
      expect(res.headers.getSetCookie(), path).toEqual([]);
    }
  });
});
