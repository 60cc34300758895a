/**
 * Rate limits under bursts (issue 14, items 3 and 7; D9, N5). Every case fires real concurrent
 * requests through the real app (argon2 included): a limit holds only if its unit is reserved
 * before the work, not counted after it.
 */
import { vi } from 'vitest';
import { SharpImageProcessor } from '../../adapters/images/sharp.image-processor';
import { RATE_LIMITS } from '../../core/accounts/policy';
import { MESSAGES_PER_HOUR } from '../../core/messaging/rules';
import { PHOTO_LIMITS } from '../../core/profiles/rules';
import { WRITE_LIMITS } from '../../core/shared/rate-limit';
import { photoForm, png } from '../support/images';
import { completeStudentProfile, makeGold, quickStudent, signedInStudent } from '../support/students';
import { GOOD_PASSWORD, makeTestApp, signedInClient, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;
/** Sign-in and mail bursts overlap on argon2 at the product's own cost (N233). */
const OWASP = { hasher: 'owasp' } as const;
type Reply = Awaited<ReturnType<TestClient['post']>>;

/** Makes the client's requests come from `ip` (TRUST_PROXY is on in these apps). */
function behind<C extends TestClient>(c: C, ip: string): C {
  const request = c.request.bind(c);
  c.request = (method, path, body, headers = {}) => request(method, path, body, { 'x-forwarded-for': ip, ...headers });
  return c;
}
const from = (t: App, ip: string) => behind(t.client(), ip);

function statuses(replies: Reply[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const r of replies) counts[r.status] = (counts[r.status] ?? 0) + 1;
  return counts;
}

/** Every 429 is the RFC 9457 problem with the N5 message and a Retry-After in seconds. */
function expectLimited(replies: Reply[]) {
  for (const r of replies.filter((x) => x.status === 429)) {
    expect(r.json).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(r.json.detail).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

const burst = <T>(n: number, fn: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => fn(i)));

describe('sign-in under a burst (issue 14 item 3; D9)', () => {
  it('checks at most 10 passwords of 30 concurrent attempts on one address, and then refuses the right one', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' }, OWASP);
    await signedInClient(t, 'target@ucla.edu');
    const verify = vi.spyOn(t.accountDeps.hasher, 'verify');
    const attacker = from(t, '203.0.113.7');
    const replies = await burst(30, (i) =>
      attacker.post('/api/auth/sign-in', { email: 'target@ucla.edu', password: `Wrong-${i}-Pass!` }),
    );
    const limit = RATE_LIMITS.signInFailuresPerEmail.limit;
    expect(verify).toHaveBeenCalledTimes(limit);
    expect(statuses(replies)).toEqual({ 401: limit, 429: 30 - limit });
    expectLimited(replies);
    const right = await from(t, '198.51.100.9').post('/api/auth/sign-in', {
      email: 'target@ucla.edu',
      password: GOOD_PASSWORD,
    });
    expect(right.status).toBe(429);
    expect(right.headers.getSetCookie()).toEqual([]);
    expect(verify).toHaveBeenCalledTimes(limit);
  });

  it('checks at most 50 passwords of 60 concurrent attempts from one address on as many accounts', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' }, OWASP);
    // Unknown addresses run argon2 against a dummy hash (verifyDummy calls verify).
    const verify = vi.spyOn(t.accountDeps.hasher, 'verify');
    const attacker = from(t, '203.0.113.8');
    const replies = await burst(60, (i) =>
      attacker.post('/api/auth/sign-in', { email: `spray${i}@ucla.edu`, password: 'Guess-1234!' }),
    );
    const limit = RATE_LIMITS.signInFailuresPerIp.limit;
    expect(verify).toHaveBeenCalledTimes(limit);
    expect(statuses(replies)).toEqual({ 401: limit, 429: 60 - limit });
    expectLimited(replies);
  });

  it('gives the unit back when the password was right: only failures count (D9)', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' }, OWASP);
    await signedInClient(t, 'owner@ucla.edu');
    const c = from(t, '203.0.113.9');
    const limit = RATE_LIMITS.signInFailuresPerEmail.limit;
    for (let i = 0; i < limit - 1; i++)
      expect(
        (await c.post('/api/auth/sign-in', { email: 'owner@ucla.edu', password: `Wrong-${i}-Pass!` })).status,
      ).toBe(401);
    // Sequential: attempts in flight hold their unit, so concurrent ones at the edge would be refused.
    for (let i = 0; i < 5; i++)
      expect((await c.post('/api/auth/sign-in', { email: 'owner@ucla.edu', password: GOOD_PASSWORD })).status).toBe(
        200,
      );
    // The tenth failure is still a plain 401; the eleventh attempt is refused.
    expect((await c.post('/api/auth/sign-in', { email: 'owner@ucla.edu', password: 'Wrong-x-Pass!' })).status).toBe(
      401,
    );
    expect((await c.post('/api/auth/sign-in', { email: 'owner@ucla.edu', password: GOOD_PASSWORD })).status).toBe(429);
  });
});

describe('mail limits under a burst (issue 14 item 3; N5)', () => {
  it('sends 5 reset and 5 confirmation mails of 30 concurrent requests each, and leaves the client address its budget', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' }, OWASP);
    await signedInClient(t, 'reset-me@ucla.edu');
    const c = from(t, '203.0.113.10');
    expect((await c.post('/api/auth/sign-up', { email: 'pending@ucla.edu', password: GOOD_PASSWORD })).status).toBe(
      201,
    );
    const mailsTo = async (to: string) => (await t.db.outbox.list(200)).filter((m) => m.to === to).length;
    const before = { reset: await mailsTo('reset-me@ucla.edu'), confirm: await mailsTo('pending@ucla.edu') };

    const resets = await burst(30, () => c.post('/api/auth/password-reset', { email: 'reset-me@ucla.edu' }));
    expect(statuses(resets)).toEqual({
      200: RATE_LIMITS.resetPerEmail.limit,
      429: 30 - RATE_LIMITS.resetPerEmail.limit,
    });
    expectLimited(resets);
    const resends = await burst(30, () => c.post('/api/auth/resend-confirmation', { email: 'pending@ucla.edu' }));
    expect(statuses(resends)).toEqual({
      200: RATE_LIMITS.resendPerEmail.limit,
      429: 30 - RATE_LIMITS.resendPerEmail.limit,
    });
    expectLimited(resends);
    expect(await mailsTo('reset-me@ucla.edu')).toBe(before.reset + RATE_LIMITS.resetPerEmail.limit);
    expect(await mailsTo('pending@ucla.edu')).toBe(before.confirm + RATE_LIMITS.resendPerEmail.limit);

    // Refused requests gave back the address's unit: 10 of the 30 per IP are spent, not 30.
    const others = await burst(20, (i) => c.post('/api/auth/password-reset', { email: `other${i}@ucla.edu` }));
    expect(statuses(others)).toEqual({ 200: 20 });
    const over = await c.post('/api/auth/password-reset', { email: 'one-more@ucla.edu' });
    expect(over.status).toBe(429);
    expectLimited([over]);
  });

  it('creates 10 accounts of 12 concurrent sign-ups from one address', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' }, OWASP);
    const c = from(t, '203.0.113.11');
    const replies = await burst(12, (i) =>
      c.post('/api/auth/sign-up', { email: `new${i}@ucla.edu`, password: GOOD_PASSWORD }),
    );
    expect(statuses(replies)).toEqual({ 201: RATE_LIMITS.signUpPerIp.limit, 429: 12 - RATE_LIMITS.signUpPerIp.limit });
    expectLimited(replies);
    const created = await burst(12, (i) => t.db.users.findByEmail(`new${i}@ucla.edu`));
    expect(created.filter(Boolean)).toHaveLength(RATE_LIMITS.signUpPerIp.limit);
  });
});

describe('invite codes under a burst (issue 14 items 3 and 7; D18)', () => {
  async function groupWithCode(t: App) {
    const admin = await signedInClient(t, 'admin@ucla.edu');
    await quickStudent(t, 'unused@ucla.edu');
    const group = (await admin.post('/api/groups', { name: 'Westwood Crew' })).json.group;
    return (await admin.post(`/api/groups/${group.id}/invite-code`)).json.inviteCode as string;
  }
  const wrongCode = (right: string, i: number) => {
    const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
    const code = Array.from({ length: 6 }, (_, k) => alphabet[(i * 7 + k * 3) % alphabet.length]).join('');
    return code === right ? 'ZZZZZZ' : code;
  };

  it('looks up at most 10 of 30 concurrent wrong codes from one student, then refuses even the right one', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const code = await groupWithCode(t);
    const guesser = behind(await signedInClient(t, 'guesser@ucla.edu'), '203.0.113.20');
    const lookups = vi.spyOn(t.db.groups, 'joinByCode');
    const replies = await burst(30, (i) => guesser.post('/api/groups/join', { inviteCode: wrongCode(code, i) }));
    const limit = WRITE_LIMITS.joinFailuresPerUser.limit;
    expect(lookups).toHaveBeenCalledTimes(limit);
    expect(statuses(replies)).toEqual({ 404: limit, 429: 30 - limit });
    expectLimited(replies);
    const right = await guesser.post('/api/groups/join', { inviteCode: code });
    expect(right.status).toBe(429);
    expect((await guesser.get('/api/groups')).json.groups).toEqual([]);
  });

  it('limits wrong codes per client address across students; a right code from elsewhere joins and is not counted', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const code = await groupWithCode(t);
    const ip = '203.0.113.21';
    const students = (await burst(4, (i) => signedInClient(t, `nat${i}@ucla.edu`))).map((s) => behind(s, ip));
    const replies = await burst(32, (i) =>
      (students[i % 4] as TestClient).post('/api/groups/join', { inviteCode: wrongCode(code, i) }),
    );
    const limit = WRITE_LIMITS.joinFailuresPerIp.limit;
    expect(statuses(replies)).toEqual({ 404: limit, 429: 32 - limit });
    expectLimited(replies);

    const elsewhere = await signedInClient(t, 'joiner@ucla.edu');
    const joined = await burst(3, () => elsewhere.post('/api/groups/join', { inviteCode: code }));
    expect(joined.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });
});

describe('writes anyone can repeat (issue 14 item 7)', () => {
  const consent = {
    consentType: 'cookies',
    consentGiven: true,
    consentMethod: 'banner_interaction',
    consentVersion: '1.0',
    legalBasis: 'consent',
  };
  const csp = JSON.stringify({
    'csp-report': { 'blocked-uri': 'https://evil.example/x.js', 'violated-directive': 'script-src' },
  });
  const sessionStart = {
    event_type: 'session_start',
    event_details: { timestamp: '2026-09-01T12:00:00Z', user_agent: 'Mozilla', referrer: 'direct' },
  };
  const limit = WRITE_LIMITS.anonymousPerIp.limit;

  it('stores 30 of 31 concurrent anonymous writes from one address on each endpoint, and takes others', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const bot = from(t, '203.0.113.30');
    const cases = [
      { send: () => bot.post('/api/log-consent', consent), ok: 201 },
      { send: () => bot.post('/api/csp-report', csp, { 'content-type': 'application/csp-report' }), ok: 204 },
      { send: () => bot.post('/api/security-events', sessionStart), ok: 202 },
    ];
    for (const { send, ok } of cases) {
      const replies = await burst(limit + 1, send);
      expect(statuses(replies)).toEqual({ [ok]: limit, 429: 1 });
      expectLimited(replies);
    }
    const events = await t.db.securityLog.list(500);
    expect(events.filter((e) => e.eventType === 'csp_violation')).toHaveLength(limit);
    expect(events.filter((e) => e.eventType === 'session_start')).toHaveLength(limit);
    expect(await t.db.consentLog.list(500)).toHaveLength(limit);

    const someoneElse = from(t, '198.51.100.30');
    expect((await someoneElse.post('/api/log-consent', consent)).status).toBe(201);
    expect((await someoneElse.post('/api/security-events', sessionStart)).status).toBe(202);
  });

  it('files 10 of 12 concurrent reports a day by one student, one open report per person, and no more', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const reporter = await signedInClient(t, 'reporter@ucla.edu');
    const targets = await burst(12, (i) => quickStudent(t, `target${i}@ucla.edu`));
    const report = (id: string) =>
      reporter.post('/api/reports', { reportedUserId: id, category: 'scam', severity: 'critical' });

    const dupes = await burst(5, () => report(targets[0] as string));
    expect(statuses(dupes)).toEqual({ 201: 1, 409: 4 });
    for (const d of dupes.filter((r) => r.status === 409)) expect(d.json.code).toBe('SAFETY.ALREADY_REPORTED');

    const replies = await burst(11, (i) => report(targets[i + 1] as string));
    const perDay = WRITE_LIMITS.reportsPerUser.limit;
    // The five duplicates spent units too: a flood of them is still a flood.
    expect(statuses(replies)).toEqual({ 201: perDay - 5, 429: 11 - (perDay - 5) });
    expectLimited(replies);
    expect(await t.db.admins.recentReports(100)).toHaveLength(1 + perDay - 5);
    t.clock.advance(24 * 3_600_000 + 1000);
    await reporter.post('/api/auth/refresh');
    expect((await report(targets[11] as string)).status).toBe(201);
  });

  it('takes 10 feature requests and 30 votes an hour of concurrent bursts by one student', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const c = await signedInClient(t, 'ideas@ucla.edu');
    const perDay = WRITE_LIMITS.featureRequestsPerUser.limit;
    const submitted = await burst(perDay + 1, (i) =>
      c.post('/api/feature-requests', { title: `Idea ${i}`, description: 'Please' }),
    );
    expect(statuses(submitted)).toEqual({ 201: perDay, 429: 1 });
    expectLimited(submitted);

    const votesPerHour = WRITE_LIMITS.votesPerUser.limit;
    const author = await quickStudent(t, 'author@ucla.edu');
    const ids = Array.from({ length: votesPerHour + 1 }, (_, i) => `req-${i}`);
    for (const id of ids)
      await t.db.feedback.add({
        id,
        userId: author,
        title: id,
        description: 'x',
        category: 'other',
        priority: 'medium',
        at: t.clock.now(),
      });
    const votes = await burst(ids.length, (i) => c.post(`/api/feature-requests/${ids[i]}/vote`));
    expect(statuses(votes)).toEqual({ 200: votesPerHour, 429: 1 });
    expectLimited(votes);
    const counted = (await t.db.feedback.popular(100, { userId: 'nobody', day: '2000-01-01' })).reduce(
      (sum, r) => sum + r.voteCount,
      0,
    );
    expect(counted).toBe(votesPerHour);
  });
});

describe('signed-in writes without a product cap (issue 14 item 7)', () => {
  /** limit + 1 concurrent requests: exactly `limit` are served, one is refused with Retry-After. */
  async function overBy1(send: (i: number) => Promise<Reply>, rule: { limit: number }, ok: number) {
    const replies = await burst(rule.limit + 1, send);
    expect(statuses(replies)).toEqual({ [ok]: rule.limit, 429: 1 });
    expectLimited(replies);
    return replies;
  }
  const contact = (i: number) => ({
    name: `Contact ${i}`,
    phone: `310-555-${String(1000 + i)}`,
    relationship: 'Friend',
  });

  it('creates 10 groups a day and 20 invite codes an hour per student', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const c = behind(await signedInClient(t, 'founder@ucla.edu'), '203.0.113.40');
    await overBy1((i) => c.post('/api/groups', { name: `Crew ${i}` }), WRITE_LIMITS.groupsCreatedPerUser, 201);
    expect((await c.get('/api/groups')).json.groups).toHaveLength(WRITE_LIMITS.groupsCreatedPerUser.limit);

    const groupId = (await c.get('/api/groups')).json.groups[0].id as string;
    const codes = await overBy1(
      () => c.post(`/api/groups/${groupId}/invite-code`),
      WRITE_LIMITS.inviteCodesPerUser,
      201,
    );
    const issued = codes.filter((r) => r.status === 201).map((r) => r.json.inviteCode);
    expect(new Set(issued).size).toBe(WRITE_LIMITS.inviteCodesPerUser.limit);
  });

  it('limits group creation per client address across students', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const perIp = WRITE_LIMITS.groupsCreatedPerIp.limit;
    const perUser = WRITE_LIMITS.groupsCreatedPerUser.limit;
    const n = Math.ceil((perIp + 1) / perUser);
    const students = (await burst(n, (i) => signedInClient(t, `house${i}@ucla.edu`))).map((s) =>
      behind(s, '203.0.113.41'),
    );
    const replies = await burst(perIp + 1, (i) =>
      (students[i % n] as TestClient).post('/api/groups', { name: `Crew ${i}` }),
    );
    expect(statuses(replies)).toEqual({ 201: perIp, 429: 1 });
    expectLimited(replies);
    const elsewhere = await signedInClient(t, 'elsewhere@ucla.edu');
    expect((await behind(elsewhere, '198.51.100.41').post('/api/groups', { name: 'Other' })).status).toBe(201);
  });

  it('takes 30 block changes an hour: blocks and unblocks spend from one budget', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const c = behind(await signedInClient(t, 'blocker@ucla.edu'), '203.0.113.42');
    const target = await quickStudent(t, 'blocked@ucla.edu');
    const limit = WRITE_LIMITS.blockChangesPerUser.limit;
    const blocks = await burst(limit - 1, () => c.post('/api/blocks', { blockedUserId: target }));
    expect(statuses(blocks)).toEqual({ 201: limit - 1 });
    const blockId = (await c.get('/api/blocks')).json.blocked[0].id as string;
    const unblocks = await burst(2, () => c.delete(`/api/blocks/${blockId}`));
    expect(statuses(unblocks)).toEqual({ 200: 1, 429: 1 });
    expectLimited(unblocks);
    expect((await c.post('/api/blocks', { blockedUserId: target })).status).toBe(429);
    expect((await c.get('/api/blocks')).json.blocked).toEqual([]);
  });

  it('adds 20 emergency contacts a day; edits, removals and primary changes rewrite and are not counted', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const c = behind(await signedInClient(t, 'careful@ucla.edu'), '203.0.113.43');
    const limit = WRITE_LIMITS.contactsAddedPerUser.limit;
    const added = await overBy1(
      (i) => c.post('/api/emergency-contacts', contact(i)),
      WRITE_LIMITS.contactsAddedPerUser,
      201,
    );
    const ids = added.filter((r) => r.status === 201).map((r) => r.json.contact.id as string);
    const edits = await burst(limit, (i) => c.put(`/api/emergency-contacts/${ids[i]}`, contact(50 + i)));
    expect(statuses(edits)).toEqual({ 200: limit });
    expect((await c.post(`/api/emergency-contacts/${ids[1]}/primary`)).status).toBe(200);
    expect((await c.delete(`/api/emergency-contacts/${ids[0]}`)).status).toBe(200);
    expect((await c.post('/api/emergency-contacts', contact(100))).status).toBe(429);
    expect((await c.get('/api/emergency-contacts')).json.contacts).toHaveLength(limit - 1);
    t.clock.advance(24 * 3_600_000 + 1000);
    await c.post('/api/auth/refresh');
    expect((await c.post('/api/emergency-contacts', contact(101))).status).toBe(201);
  });

  it('re-encodes at most 20 uploads an hour, so upload-and-delete loops stop at the limit', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const c = behind(await signedInClient(t, 'selfie@ucla.edu'), '203.0.113.44');
    const reencode = vi.spyOn(SharpImageProcessor.prototype, 'reencode');
    const bytes = await png(64, 64);
    const limit = WRITE_LIMITS.photoUploadsPerUser.limit;
    const replies = await burst(limit + 1, (i) =>
      c.post('/api/profile/photos', photoForm(bytes, `p${i}.png`, 'image/png')),
    );
    const counts = statuses(replies);
    expect(counts).toEqual({ 201: PHOTO_LIMITS.max, 400: limit - PHOTO_LIMITS.max, 429: 1 });
    expectLimited(replies);
    expect(reencode.mock.calls.length).toBeLessThanOrEqual(limit);
    // Making room does not buy more uploads this hour.
    const photos = (await c.get('/api/profile')).json.profile.photos as { id: string }[];
    for (const p of photos) expect((await c.delete(`/api/profile/photos/${p.id}`)).status).toBe(200);
    const calls = reencode.mock.calls.length;
    const again = await c.post('/api/profile/photos', photoForm(bytes, 'again.png', 'image/png'));
    expect(again.status).toBe(429);
    expectLimited([again]);
    expect(reencode.mock.calls.length).toBe(calls);
    reencode.mockRestore();
  });

  it('takes 3 data requests a day and 10 agreement records a day per student', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const c = behind(await signedInClient(t, 'exporter@ucla.edu'), '203.0.113.45');
    await overBy1(() => c.post('/api/data-requests', { requestType: 'export' }), WRITE_LIMITS.dataRequestsPerUser, 201);
    expect((await c.get('/api/data-requests')).json.requests).toHaveLength(WRITE_LIMITS.dataRequestsPerUser.limit);

    const saved = vi.spyOn(t.db.agreements, 'save');
    const agreement = {
      tos_accepted: true,
      privacy_accepted: true,
      marketing_accepted: false,
      accepted_at: '2026-09-01T11:00:00.000Z',
      user_agent: null,
    };
    await overBy1(() => c.post('/api/agreements', agreement), WRITE_LIMITS.agreementsPerUser, 201);
    expect(saved).toHaveBeenCalledTimes(WRITE_LIMITS.agreementsPerUser.limit);
  });

  it('logs one rate_limited event per action and actor a minute, not one per refusal', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const c = behind(await signedInClient(t, 'flood@ucla.edu'), '203.0.113.46');
    const me = (await c.get('/api/me')).json.user.id as string;
    const limit = WRITE_LIMITS.contactsAddedPerUser.limit;
    const replies = await burst(limit + 10, (i) => c.post('/api/emergency-contacts', contact(i)));
    expect(statuses(replies)).toEqual({ 201: limit, 429: 10 });
    const limited = async () =>
      (await t.db.securityLog.list(500)).filter((e) => e.eventType === 'rate_limited' && e.userId === me);
    expect(await limited()).toMatchObject([{ ipAddress: '203.0.113.46', details: { action: 'contact' } }]);
    t.clock.advance(61_000);
    expect((await c.post('/api/emergency-contacts', contact(0))).status).toBe(429);
    expect(await limited()).toHaveLength(2);
  });
});

describe('likes under a burst (D14; issue 18: the like path reads and writes less, the limits hold)', () => {
  it('takes 50 of 60 concurrent likes by a free student, 5 super likes of 8 by a Gold member, and refuses the rest', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const liker = await signedInStudent(t, 'liker@ucla.edu');
    const targets = await burst(60, (i) => quickStudent(t, `target${i}@ucla.edu`));
    const likes = await burst(60, (i) => liker.c.post('/api/swipes', { targetUserId: targets[i], action: 'like' }));
    expect(statuses(likes)).toEqual({ 200: 50, 429: 10 });
    for (const r of likes.filter((x) => x.status === 429)) expect(r.json.code).toBe('LIKES.DAILY_LIMIT');
    const stored = await Promise.all(targets.map((target) => t.db.swipes.get(liker.id, target)));
    expect(stored.filter((r) => r?.status === 'liked')).toHaveLength(50);

    const gold = await signedInStudent(t, 'gold@ucla.edu');
    await makeGold(t, gold.id);
    const supers = await burst(8, (i) =>
      gold.c.post('/api/swipes', { targetUserId: targets[i], action: 'super_like' }),
    );
    expect(statuses(supers)).toEqual({ 200: 5, 429: 3 });
    expect((await gold.c.get('/api/super-likes/status')).json).toMatchObject({
      dailyUsedCount: 5,
      canUseSuperLike: false,
    });
  });

  it('turns two students liking each other at the same moment into one match on both sides', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const b = await signedInStudent(t, 'ben@ucla.edu');
    const [ra, rb] = await Promise.all([
      a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' }),
      b.c.post('/api/swipes', { targetUserId: a.id, action: 'like' }),
    ]);
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect([ra.json.isMatch, rb.json.isMatch].filter(Boolean)).toHaveLength(1);
    expect((await a.c.get('/api/matches')).json.matches.map((m: { userId: string }) => m.userId)).toEqual([b.id]);
    expect((await b.c.get('/api/matches')).json.matches.map((m: { userId: string }) => m.userId)).toEqual([a.id]);
  });
});

describe('the hourly message cap (D19; issue 14 item 7)', () => {
  it('says when the oldest message in the hour leaves it, in Retry-After, with the spec text', async () => {
    const t = makeTestApp();
    const a = await signedInClient(t, 'ana@ucla.edu');
    const b = await signedInClient(t, 'ben@ucla.edu');
    const ids = await burst(2, async (i) => {
      const c = [a, b][i] as TestClient;
      const id = (await c.get('/api/me')).json.user.id as string;
      await completeStudentProfile(t, id, i === 0 ? 'ana@ucla.edu' : 'ben@ucla.edu');
      return id;
    });
    await a.post('/api/swipes', { targetUserId: ids[1], action: 'like' });
    const conversationId = (await b.post('/api/swipes', { targetUserId: ids[0], action: 'like' })).json
      .conversationId as string;
    const send = () => a.post(`/api/conversations/${conversationId}/messages`, { content: 'hi' });

    expect((await send()).status).toBe(201);
    t.clock.advance(10 * 60_000);
    await a.post('/api/auth/refresh');
    // The other 199 of the hour, straight through the repository (the API would take a while).
    for (let i = 0; i < MESSAGES_PER_HOUR - 1; i++)
      await t.db.conversations.send(
        { id: `m-${i}`, conversationId, senderId: ids[0] as string, content: `m${i}`, createdAt: t.clock.now() },
        new Date(0),
        () => true,
      );
    const over = await burst(3, send);
    for (const r of over) {
      expect(r.status).toBe(429);
      expect(r.json).toMatchObject({
        code: 'MESSAGES.RATE_LIMITED',
        title: 'Rate limit exceeded',
        detail: "You've reached your hourly message limit. Please try again later.",
      });
      // The first message leaves the hour 50 minutes from now.
      expect(r.headers.get('retry-after')).toBe(String(50 * 60));
    }
    t.clock.advance(50 * 60_000 + 1);
    await a.post('/api/auth/refresh');
    expect((await send()).status).toBe(201);
  });
});

describe('sessions and sign-ins that succeed (issue 14 item 7; D6, D9)', () => {
  /** Another device of the same account: its own session family. */
  async function anotherSession(t: App, email: string, ip: string) {
    const c = from(t, ip);
    expect((await c.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD })).status).toBe(200);
    return c;
  }

  it('rotates 60 refresh tokens an hour per student; a refused refresh revokes nothing and works after the wait', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' }, OWASP);
    const laptop = behind(await signedInClient(t, 'looper@ucla.edu'), '203.0.113.50');
    const phone = await anotherSession(t, 'looper@ucla.edu', '198.51.100.50');
    const stored = vi.spyOn(t.accountDeps.refreshTokens, 'create');
    const revoked = vi.spyOn(t.accountDeps.refreshTokens, 'revokeFamily');
    const limit = RATE_LIMITS.refreshesPerUser.limit;
    for (let i = 0; i < limit - 1; i++) expect((await laptop.post('/api/auth/refresh')).status).toBe(200);
    // The last unit, raced by both devices of the account.
    const raced = await Promise.all([laptop.post('/api/auth/refresh'), phone.post('/api/auth/refresh')]);
    expect(statuses(raced)).toEqual({ 200: 1, 429: 1 });
    expectLimited(raced);
    expect(stored).toHaveBeenCalledTimes(limit);
    // Refused, not signed out: no cookie is cleared and no token or family is revoked.
    const refused = raced.find((r) => r.status === 429) as Reply;
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(revoked).not.toHaveBeenCalled();

    t.clock.advance(Number(refused.headers.get('retry-after')) * 1000);
    expect((await laptop.post('/api/auth/refresh')).status).toBe(200);
    expect((await phone.post('/api/auth/refresh')).status).toBe(200);
  });

  it('limits rotations per client address across students, and still refuses a replayed token first (D6)', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' }, OWASP);
    const ip = '203.0.113.51';
    const c = behind(await signedInClient(t, 'dorm@ucla.edu'), ip);
    const thief = from(t, ip);
    for (const [k, v] of c.cookies) thief.cookies.set(k, v);
    // The address has spent its hour (arranged through the limiter: 1,000 refreshes by 17 students would take a while).
    const rule = RATE_LIMITS.refreshesPerIp;
    for (let i = 0; i < rule.limit; i++) await t.db.rateLimiter.reserve(`refresh:ip:${ip}`, rule, t.clock.now());
    const refused = await c.post('/api/auth/refresh');
    expect(refused.status).toBe(429);
    expectLimited([refused]);
    // The same session from another address rotates.
    const travelling = from(t, '198.51.100.51');
    for (const [k, v] of c.cookies) travelling.cookies.set(k, v);
    expect((await travelling.post('/api/auth/refresh')).status).toBe(200);
    // The thief's copy is now a rotated token: replaying it revokes the family, limit or not.
    expect((await thief.post('/api/auth/refresh')).status).toBe(401);
    expect((await travelling.post('/api/auth/refresh')).status).toBe(401);
  });

  it('runs at most 100 sign-ins per client address in 15 minutes, right passwords included', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' }, OWASP);
    await signedInClient(t, 'owner@ucla.edu');
    // argon2 says "right" at once, so the test measures the limit and not the hasher.
    const verify = vi.spyOn(t.accountDeps.hasher, 'verify').mockResolvedValue(true);
    const c = from(t, '203.0.113.52');
    const signIn = () => c.post('/api/auth/sign-in', { email: 'owner@ucla.edu', password: GOOD_PASSWORD });
    const limit = RATE_LIMITS.signInAttemptsPerIp.limit;
    for (let i = 0; i < limit - 1; i++) expect((await signIn()).status).toBe(200);
    const raced = await burst(2, signIn);
    expect(statuses(raced)).toEqual({ 200: 1, 429: 1 });
    expectLimited(raced);
    expect(verify).toHaveBeenCalledTimes(limit);
    // Another address is not affected, and the failure budgets were given back on each success (D9).
    expect(
      (await from(t, '198.51.100.52').post('/api/auth/sign-in', { email: 'owner@ucla.edu', password: GOOD_PASSWORD }))
        .status,
    ).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await signIn()).status).toBe(200);
  });
});

describe('purchases (issue 14 item 7)', () => {
  const buy = (c: TestClient, i: number) =>
    i % 2 === 0
      ? c.post('/api/payments/checkout', { priceType: 'monthly' })
      : c.post('/api/payments/payment', { productId: '5_super_likes' });

  it('starts 20 purchases an hour per student across checkout, payment and portal; the signed webhook is not limited', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const c = behind(await signedInClient(t, 'shopper@ucla.edu'), '203.0.113.53');
    const created = vi.spyOn(t.db.billing, 'createCheckout');
    const limit = WRITE_LIMITS.purchasesPerUser.limit;
    const replies = await burst(limit + 1, (i) => buy(c, i));
    expect(statuses(replies)).toEqual({ 200: limit, 429: 1 });
    expectLimited(replies);
    expect(created).toHaveBeenCalledTimes(limit);
    const portal = await c.post('/api/payments/portal');
    expect(portal.status).toBe(429);
    expectLimited([portal]);
    // Stripe's deliveries share no budget with the buyer's address: the signature is the control (D24).
    const hooks = await burst(limit + 1, () => c.post('/api/payments/webhook', '{}'));
    expect(statuses(hooks)).toEqual({ 400: limit + 1 });
  });

  it('limits purchases per client address across students', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true' });
    const perIp = WRITE_LIMITS.purchasesPerIp.limit;
    const n = Math.ceil((perIp + 1) / (WRITE_LIMITS.purchasesPerUser.limit - 1));
    const students = (await burst(n, (i) => signedInClient(t, `buyer${i}@ucla.edu`))).map((s) =>
      behind(s, '203.0.113.54'),
    );
    const replies = await burst(perIp + 1, (i) => buy(students[i % n] as TestClient, i));
    expect(statuses(replies)).toEqual({ 200: perIp, 429: 1 });
    expectLimited(replies);
  });

  it('in production without Stripe answers 503 first and spends nothing (D24 addendum)', async () => {
    const t = makeTestApp({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    const c = behind(await signedInClient(t, 'early@ucla.edu'), '203.0.113.55');
    const replies = await burst(WRITE_LIMITS.purchasesPerUser.limit + 5, (i) => buy(c, i));
    expect(statuses(replies)).toEqual({ 503: WRITE_LIMITS.purchasesPerUser.limit + 5 });
  });
});

describe('security incidents (issue 14 item 7)', () => {
  const incident = {
    incident_type: 'account_compromise',
    severity_level: 'critical',
    subject: 'Someone is signing in as me',
    description: 'I got password reset mails I did not ask for.',
    contact_email: 'student@gmail.com',
    affected_users_count: 1,
    time_discovered: '2026-09-01T10:00:00.000Z',
    steps_taken: null,
  };

  it('stores 30 of 31 reports an hour from one address, some concurrent, and mails the team for each stored one only', async () => {
    const t = makeTestApp({ TRUST_PROXY: 'true', SECURITY_ALERT_EMAIL: 'security@nestmate.app' });
    const stored = vi.spyOn(t.db.safety, 'addIncident');
    const bot = from(t, '203.0.113.56');
    const limit = RATE_LIMITS.mailPerIp.limit;
    const first = [];
    for (let i = 0; i < limit / 2; i++) first.push(await bot.post('/api/security-incidents', incident));
    const rest = await burst(limit / 2 + 1, () => bot.post('/api/security-incidents', incident));
    const replies = [...first, ...rest];
    expect(statuses(replies)).toEqual({ 201: limit, 429: 1 });
    expectLimited(replies);
    expect(stored).toHaveBeenCalledTimes(limit);
    const alerts = (await t.db.outbox.list(500)).filter((m) => m.to === 'security@nestmate.app');
    expect(alerts).toHaveLength(limit);
    expect((await from(t, '198.51.100.56').post('/api/security-incidents', incident)).status).toBe(201);
  });
});
