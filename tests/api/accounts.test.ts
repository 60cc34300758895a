import { ACCOUNT_MESSAGES } from '../../core/accounts/rules';
import { HOUR } from '../../core/shared/clock';
import { rawSql } from '../support/students';
import { GOOD_PASSWORD, latestLink, makeTestApp, pathOf, signedInClient } from '../support/test-app';

describe('sign-up', () => {
  it('refuses a non-.edu address and a weak password with the spec messages, storing nothing', async () => {
    const t = makeTestApp();
    const c = t.client();
    const notEdu = await c.post('/api/auth/sign-up', { email: 'sam@gmail.com', password: GOOD_PASSWORD });
    expect(notEdu.status).toBe(400);
    expect(notEdu.headers.get('content-type')).toContain('application/problem+json');
    expect(notEdu.json.detail).toBe(ACCOUNT_MESSAGES.emailNotEdu);
    const weak = await c.post('/api/auth/sign-up', { email: 'sam@ucla.edu', password: 'password1!' });
    expect(weak.status).toBe(400);
    expect(weak.json.errors.map((e: { message: string }) => e.message)).toEqual([
      ACCOUNT_MESSAGES.passwordUpper,
      ACCOUNT_MESSAGES.passwordWeak,
    ]);
    expect(await t.db.users.findByEmail('sam@ucla.edu')).toBeNull();
    expect(await t.db.outbox.list()).toHaveLength(0);
  });

  it('creates the account lower-cased, mails a confirmation link, and refuses a duplicate in any case', async () => {
    const t = makeTestApp();
    const c = t.client();
    const res = await c.post('/api/auth/sign-up', { email: 'Sam.Lee@UCLA.edu', password: GOOD_PASSWORD });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ email: 'sam.lee@ucla.edu' });
    expect(await latestLink(t, 'sam.lee@ucla.edu')).toMatch(/\/api\/auth\/confirm\?token=/);
    expect(t.logs.some((l) => l.includes('[mail] to=sam.lee@ucla.edu'))).toBe(true);
    const dup = await c.post('/api/auth/sign-up', { email: 'SAM.LEE@ucla.edu', password: GOOD_PASSWORD });
    expect(dup.status).toBe(409);
    expect(dup.json.detail).toBe('This email is already registered. Try signing in instead.');
  });

  it('stores the password hashed with argon2id at OWASP cost, never as given', async () => {
    const t = makeTestApp({}, { hasher: 'owasp' });
    await t.client().post('/api/auth/sign-up', { email: 'hash@ucla.edu', password: GOOD_PASSWORD });
    const user = await t.db.users.findByEmail('hash@ucla.edu');
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(user?.passwordHash).not.toContain(GOOD_PASSWORD);
  });
});

describe('e-mail confirmation', () => {
  it('confirms once, redirects to the site root, and refuses the reused link', async () => {
    const t = makeTestApp();
    const c = t.client();
    await c.post('/api/auth/sign-up', { email: 'conf@ucla.edu', password: GOOD_PASSWORD });
    const link = pathOf(await latestLink(t, 'conf@ucla.edu'));
    const first = await c.get(link);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/?confirmed=1');
    const again = await c.get(link);
    expect(again.headers.get('location')).toBe('/?confirm_error=1');
  });

  it('signs in only the browser that signed up; the link alone never does (issue 17, N67)', async () => {
    const t = makeTestApp();
    const browser = t.client();
    await browser.post('/api/auth/sign-up', { email: 'same@ucla.edu', password: GOOD_PASSWORD });
    const pending = browser.cookies.get('nm_ps');
    expect(pending).toMatch(/.{20,}/);
    const set = (
      await t.client().post('/api/auth/sign-up', { email: 'look@ucla.edu', password: GOOD_PASSWORD })
    ).headers
      .getSetCookie()
      .find((h) => h.startsWith('nm_ps='));
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Lax/i);
    expect(set).toMatch(/Path=\//);
    expect(set).toMatch(/Expires=/);

    // Opened elsewhere (another device, or someone holding the link): confirmed, not signed in.
    const elsewhere = t.client();
    const link = pathOf(await latestLink(t, 'same@ucla.edu'));
    await browser.post('/api/auth/resend-confirmation', { email: 'same@ucla.edu' });
    const fresh = pathOf(await latestLink(t, 'same@ucla.edu'));
    expect(link).not.toBe(fresh);
    expect((await elsewhere.get(fresh)).headers.get('location')).toBe('/?confirmed=1');
    expect(elsewhere.cookies.has('nm_at')).toBe(false);
    expect((await elsewhere.get('/api/me')).json).toEqual({ user: null });

    // Another account's pending cookie does not sign in with this link.
    const other = t.client();
    await other.post('/api/auth/sign-up', { email: 'other@ucla.edu', password: GOOD_PASSWORD });
    const thief = t.client();
    thief.cookies.set('nm_ps', other.cookies.get('nm_ps')!);
    await browser.post('/api/auth/resend-confirmation', { email: 'look@ucla.edu' });
    expect((await thief.get(pathOf(await latestLink(t, 'look@ucla.edu')))).headers.get('location')).toBe(
      '/?confirmed=1',
    );
    expect(thief.cookies.has('nm_at')).toBe(false);

    // The browser that signed up: its own link signs it in, once.
    const third = t.client();
    await third.post('/api/auth/sign-up', { email: 'home@ucla.edu', password: GOOD_PASSWORD });
    const res = await third.get(pathOf(await latestLink(t, 'home@ucla.edu')));
    expect(res.headers.get('location')).toBe('/?confirmed=1');
    expect(third.cookies.has('nm_ps')).toBe(false);
    expect((await third.get('/api/me')).json.user.email).toBe('home@ucla.edu');
    expect(pending).not.toBe(third.cookies.get('nm_ps'));
  });

  it('does not sign in with a pending cookie older than an hour', async () => {
    const t = makeTestApp();
    const c = t.client();
    await c.post('/api/auth/sign-up', { email: 'slow@ucla.edu', password: GOOD_PASSWORD });
    t.clock.advance(61 * 60_000);
    expect((await c.get(pathOf(await latestLink(t, 'slow@ucla.edu')))).headers.get('location')).toBe('/?confirmed=1');
    expect(c.cookies.has('nm_at')).toBe(false);
  });

  it('refuses a link older than 24 hours and a made-up token', async () => {
    const t = makeTestApp();
    const c = t.client();
    await c.post('/api/auth/sign-up', { email: 'late@ucla.edu', password: GOOD_PASSWORD });
    const link = pathOf(await latestLink(t, 'late@ucla.edu'));
    t.clock.advance(24 * HOUR + 1000);
    expect((await c.get(link)).headers.get('location')).toBe('/?confirm_error=1');
    expect((await c.get('/api/auth/confirm?token=nope')).headers.get('location')).toBe('/?confirm_error=1');
    const signIn = await c.post('/api/auth/sign-in', { email: 'late@ucla.edu', password: GOOD_PASSWORD });
    expect(signIn.json.detail).toBe(ACCOUNT_MESSAGES.emailNotConfirmed);
  });

  it('resend answers the same for unknown addresses and only the newest link works', async () => {
    const t = makeTestApp();
    const c = t.client();
    await c.post('/api/auth/sign-up', { email: 'again@ucla.edu', password: GOOD_PASSWORD });
    const oldLink = pathOf(await latestLink(t, 'again@ucla.edu'));
    const known = await c.post('/api/auth/resend-confirmation', { email: 'again@ucla.edu' });
    const unknown = await c.post('/api/auth/resend-confirmation', { email: 'nobody@ucla.edu' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.json).toEqual(known.json);
    const newLink = pathOf(await latestLink(t, 'again@ucla.edu'));
    expect(newLink).not.toBe(oldLink);
    expect((await c.get(oldLink)).headers.get('location')).toBe('/?confirm_error=1');
    expect((await c.get(newLink)).headers.get('location')).toBe('/?confirmed=1');
  });
});

describe('sign-in and sessions', () => {
  it('gives one message for a wrong password and an unknown address, and spends argon2 time on both', async () => {
    const t = makeTestApp();
    await signedInClient(t, 'known@ucla.edu');
    const dummy = vi.spyOn(t.accountDeps.hasher, 'verifyDummy');
    const c = t.client();
    const wrong = await c.post('/api/auth/sign-in', { email: 'known@ucla.edu', password: 'Wrong-Pass-99' });
    const unknown = await c.post('/api/auth/sign-in', { email: 'ghost@ucla.edu', password: 'Wrong-Pass-99' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json.detail).toBe('Invalid email or password. Please check your credentials.');
    expect(unknown.json).toEqual(wrong.json);
    expect(dummy).toHaveBeenCalledTimes(1);
    expect(c.cookies.size).toBe(0);
  });

  it('sets httpOnly SameSite=Lax cookies and answers /api/me', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'me@ucla.edu');
    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.json.user).toMatchObject({
      email: 'me@ucla.edu',
      hasAgreement: false,
      hasProfile: false,
      isAdmin: false,
      verifiedUniversity: 'University of California, Los Angeles',
      schoolVerified: false,
      pendingEmail: null,
    });
    expect(Object.keys(me.json.user).sort()).toEqual([
      'email',
      'hasAgreement',
      'hasProfile',
      'id',
      'isAdmin',
      'pendingEmail',
      'schoolVerified',
      'verifiedUniversity',
    ]);
    const c2 = t.client();
    const res = await c2.post('/api/auth/sign-in', { email: 'me@ucla.edu', password: GOOD_PASSWORD });
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
    }
  });

  it('in production uses Secure __Host- cookies', async () => {
    const t = makeTestApp({ NODE_ENV: 'production' });
    await t.client().post('/api/auth/sign-up', { email: 'prod@ucla.edu', password: GOOD_PASSWORD });
    await t.client().get(pathOf(await latestLink(t, 'prod@ucla.edu')));
    const res = await t.client().post('/api/auth/sign-in', { email: 'prod@ucla.edu', password: GOOD_PASSWORD });
    const cookies = res.headers.getSetCookie();
    expect(cookies.map((c) => c.split('=')[0]).sort()).toEqual(['__Host-nm_at', '__Host-nm_rt']);
    for (const cookie of cookies) expect(cookie).toMatch(/Secure/);
  });

  it('answers a signed-out visitor with user null, not a 401 (issue 17)', async () => {
    const t = makeTestApp();
    const anonymous = await t.client().get('/api/me');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual({ user: null });
    // A forged or lapsed access token without a refresh cookie is no session either.
    const forged = t.client();
    forged.cookies.set('nm_at', 'not-a-token');
    expect((await forged.get('/api/me')).json).toEqual({ user: null });
    // With a refresh cookie the client must renew, so a lapsed token still answers 401.
    const c = await signedInClient(t, 'lapsed@ucla.edu');
    t.clock.advance(16 * 60_000);
    expect((await c.get('/api/me')).status).toBe(401);
  });

  it('expires the access token after 15 minutes and renews it with the refresh token', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'renew@ucla.edu');
    t.clock.advance(16 * 60_000);
    expect((await c.get('/api/me')).status).toBe(401);
    const refreshed = await c.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    expect((await c.get('/api/me')).status).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is replayed', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'replay@ucla.edu');
    const stolen = c.cookies.get('nm_rt')!;
    expect((await c.post('/api/auth/refresh')).status).toBe(200);
    const attacker = t.client();
    attacker.cookies.set('nm_rt', stolen);
    const replay = await attacker.post('/api/auth/refresh');
    expect(replay.status).toBe(401);
    // The legitimate session is gone too: both its access token and its new refresh token.
    expect((await c.get('/api/me')).status).toBe(401);
    expect((await c.post('/api/auth/refresh')).status).toBe(401);
    const events = await t.db.securityLog.list();
    expect(events.some((e) => e.eventType === 'refresh_token_reuse')).toBe(true);
  });

  it('sign-out ends the session at once, even for a copied access token', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'bye@ucla.edu');
    const copy = t.client();
    for (const [k, v] of c.cookies) copy.cookies.set(k, v);
    const out = await c.post('/api/auth/sign-out');
    expect(out.status).toBe(204);
    expect(c.cookies.size).toBe(0);
    expect((await copy.get('/api/me')).status).toBe(401);
    expect((await copy.post('/api/auth/refresh')).status).toBe(401);
  });

  it('locks sign-in for an address after 10 failures, even with the right password', async () => {
    const t = makeTestApp();
    await signedInClient(t, 'brute@ucla.edu');
    const c = t.client();
    for (let i = 0; i < 10; i++) {
      expect(
        (await c.post('/api/auth/sign-in', { email: 'brute@ucla.edu', password: `Wrong-${i}-Pass!` })).status,
      ).toBe(401);
    }
    const locked = await c.post('/api/auth/sign-in', { email: 'brute@ucla.edu', password: GOOD_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await c.post('/api/auth/sign-in', { email: 'brute@ucla.edu', password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('records sign-in success and failure without the password', async () => {
    const t = makeTestApp();
    await signedInClient(t, 'audit@ucla.edu');
    await t.client().post('/api/auth/sign-in', { email: 'audit@ucla.edu', password: 'Wrong-Pass-77' });
    const events = await t.db.securityLog.list();
    const types = events.map((e) => e.eventType);
    expect(types).toContain('sign_in_success');
    expect(types).toContain('sign_in_failure');
    expect(JSON.stringify(events)).not.toContain('Wrong-Pass-77');
    expect(JSON.stringify(events)).not.toContain(GOOD_PASSWORD);
  });
});

describe('password reset', () => {
  it('always answers sent, resets with the mailed token once, and ends old sessions', async () => {
    const t = makeTestApp();
    const old = await signedInClient(t, 'forgot@ucla.edu');
    const c = t.client();
    const unknown = await c.post('/api/auth/password-reset', { email: 'nobody@ucla.edu' });
    const known = await c.post('/api/auth/password-reset', { email: 'forgot@ucla.edu' });
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    const link = new URL(await latestLink(t, 'forgot@ucla.edu'));
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    const weak = await c.post('/api/auth/password-reset/confirm', { token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.json.detail).toBe(ACCOUNT_MESSAGES.passwordTooShort);
    const ok = await c.post('/api/auth/password-reset/confirm', { token, password: 'Brand-New-Pass-7' });
    expect(ok.status).toBe(200);
    const reused = await c.post('/api/auth/password-reset/confirm', { token, password: 'Other-New-Pass-8' });
    expect(reused.status).toBe(400);
    expect(reused.json.code).toBe('ACCOUNTS.INVALID_TOKEN');
    expect((await old.get('/api/me')).status).toBe(401);
    expect((await c.post('/api/auth/sign-in', { email: 'forgot@ucla.edu', password: GOOD_PASSWORD })).status).toBe(401);
    expect((await c.post('/api/auth/sign-in', { email: 'forgot@ucla.edu', password: 'Brand-New-Pass-7' })).status).toBe(
      200,
    );
  });

  it('requires the address and refuses a link older than an hour', async () => {
    const t = makeTestApp();
    await signedInClient(t, 'slow@ucla.edu');
    const c = t.client();
    const empty = await c.post('/api/auth/password-reset', { email: '' });
    expect(empty.json.detail).toBe('Please enter your email address');
    await c.post('/api/auth/password-reset', { email: 'slow@ucla.edu' });
    const token = new URL(await latestLink(t, 'slow@ucla.edu')).searchParams.get('token')!;
    t.clock.advance(HOUR + 1000);
    const late = await c.post('/api/auth/password-reset/confirm', { token, password: 'Brand-New-Pass-7' });
    expect(late.json.detail).toBe(ACCOUNT_MESSAGES.invalidToken);
  });
});

describe('agreements', () => {
  const agreement = {
    tos_accepted: true,
    privacy_accepted: true,
    marketing_accepted: false,
    accepted_at: '2026-09-01T11:00:00.000Z',
    user_agent: 'Mozilla/5.0',
  };

  it('needs a session, both acceptances, and then marks the user as agreed', async () => {
    const t = makeTestApp();
    expect((await t.client().post('/api/agreements', agreement)).status).toBe(401);
    const c = await signedInClient(t, 'agree@ucla.edu');
    const missing = await c.post('/api/agreements', { ...agreement, privacy_accepted: false });
    expect(missing.status).toBe(400);
    expect(missing.json.detail).toBe('You must accept the Terms of Service and Privacy Policy to continue');
    expect((await c.get('/api/me')).json.user.hasAgreement).toBe(false);
    expect((await c.post('/api/agreements', agreement)).status).toBe(201);
    expect((await c.get('/api/me')).json.user.hasAgreement).toBe(true);
  });

  it('refuses a structurally invalid agreement (000 §5)', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'shape@ucla.edu');
    expect((await c.post('/api/agreements', { ...agreement, tos_accepted: 'yes' })).status).toBe(400);
    expect((await c.post('/api/agreements', { ...agreement, user_agent: 5 })).status).toBe(400);
    expect((await c.get('/api/me')).json.user.hasAgreement).toBe(false);
  });
});

describe('sign-up addresses (issue 14)', () => {
  it('refuses an address whose .edu is not the end of its domain, with the spec message, storing nothing', async () => {
    const t = makeTestApp();
    for (const email of ['x@evil.com?x=.edu', 'x@evil.com#.edu', 'x@evil.com/.edu']) {
      const res = await t.client().post('/api/auth/sign-up', { email, password: GOOD_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(ACCOUNT_MESSAGES.emailNotEdu);
      expect(await t.db.users.findByEmail(email)).toBeNull();
    }
    expect(await t.db.outbox.list()).toHaveLength(0);
  });
});

describe('marketing e-mail in Settings (issue 17)', () => {
  const AGREED = {
    tos_accepted: true,
    privacy_accepted: true,
    marketing_accepted: false,
    accepted_at: null,
    user_agent: null,
  };
  const rows = (t: ReturnType<typeof makeTestApp>, userId: string) =>
    rawSql(t)
      .prepare(
        'SELECT tos_accepted, tos_accepted_at, marketing_accepted, marketing_accepted_at, ip_address, user_agent, created_at FROM user_agreements WHERE user_id = ? ORDER BY created_at',
      )
      .all(userId) as {
      tos_accepted: number;
      tos_accepted_at: number;
      marketing_accepted: number;
      marketing_accepted_at: number | null;
      user_agent: string | null;
      created_at: number;
    }[];

  it('reads and changes the choice, each change recorded like the agreement', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'mail@ucla.edu');
    const id = (await c.get('/api/me')).json.user.id as string;
    expect((await c.get('/api/me/marketing-emails')).json).toEqual({ enabled: false });
    // Before any agreement there is nothing to change.
    expect((await c.put('/api/me/marketing-emails', { enabled: true })).status).toBe(400);
    expect((await c.post('/api/agreements', AGREED)).status).toBe(201);

    t.clock.advance(60_000);
    const on = await c.request('PUT', '/api/me/marketing-emails', { enabled: true }, { 'user-agent': 'Settings test' });
    expect([on.status, on.json]).toEqual([200, { enabled: true }]);
    expect((await c.get('/api/me/marketing-emails')).json).toEqual({ enabled: true });
    const [first, second] = rows(t, id);
    expect(second).toMatchObject({
      tos_accepted: 1,
      tos_accepted_at: first!.tos_accepted_at,
      marketing_accepted: 1,
      marketing_accepted_at: second!.created_at,
      user_agent: 'Settings test',
    });
    // The same choice again writes nothing; turning it off appends another row.
    await c.put('/api/me/marketing-emails', { enabled: true });
    expect(rows(t, id)).toHaveLength(2);
    expect((await c.put('/api/me/marketing-emails', { enabled: false })).json).toEqual({ enabled: false });
    const all = rows(t, id);
    expect(all.map((r) => r.marketing_accepted)).toEqual([0, 1, 0]);
    expect(all[2]!.marketing_accepted_at).toBeNull();
    expect((await c.get('/api/me/marketing-emails')).json).toEqual({ enabled: false });
    expect((await c.put('/api/me/marketing-emails', { enabled: 'yes' })).status).toBe(400);
  });
});
