/**
 * School from the address (issue 16 §1): the confirmed address's domain gives the school, the
 * profile cannot claim another, and changing the address re-confirms and re-derives it.
 */
import { RATE_LIMITS } from '../../core/accounts/policy';
import { ACCOUNT_MESSAGES } from '../../core/accounts/rules';
import { PROFILE_MESSAGES } from '../../core/profiles/rules';
import { profileBody, uploadPhotos } from '../support/profiles';
import { GOOD_PASSWORD, latestLink, makeTestApp, pathOf, signedInClient, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

const UCLA = 'University of California, Los Angeles';
const BERKELEY = 'University of California, Berkeley';

const me = async (c: TestClient) => (await c.get('/api/me')).json.user;

async function withProfile(t: App, email: string, university = UCLA) {
  const c = await signedInClient(t, email);
  await uploadPhotos(c, 3);
  const body = profileBody();
  const res = await c.post('/api/profile/complete', { ...body, basics: { ...body.basics, university } });
  if (res.status !== 200) throw new Error(`profile failed: ${res.text}`);
  return c;
}

const mailsTo = async (t: App, email: string) => (await t.db.outbox.list(200)).filter((m) => m.to === email);

describe('the school comes from the confirmed address', () => {
  it.each([
    ['the domain itself', 'sam@berkeley.edu', BERKELEY],
    ['a listed subdomain', 'sam@eecs.berkeley.edu', BERKELEY],
    ['an unlisted subdomain', 'sam@math.berkeley.edu', BERKELEY],
    ['upper case', 'Sam@UCLA.EDU', UCLA],
    ['a school of the long list', 'sam@american.edu', 'American University'],
    ['an unknown .edu domain', 'sam@tiny-college.edu', null],
    ['a look-alike ending in the domain', 'sam@notberkeley.edu', null],
    ['a look-alike starting with the domain', 'sam@berkeley.edu.evil.edu', null],
  ])('%s: %s gives %s', async (_label, email, school) => {
    const t = makeTestApp();
    const c = await signedInClient(t, email);
    expect(await me(c)).toMatchObject({
      email: email.toLowerCase(),
      verifiedUniversity: school,
      schoolVerified: false,
    });
  });

  it('derives nothing before the link is opened', async () => {
    const t = makeTestApp();
    await t.client().post('/api/auth/sign-up', { email: 'wait@ucla.edu', password: GOOD_PASSWORD });
    const user = await t.db.users.findByEmail('wait@ucla.edu');
    expect(await t.db.users.verifiedUniversity(user!.id)).toBeNull();
  });

  it('refuses a look-alike that is not .edu at all', async () => {
    const res = await makeTestApp()
      .client()
      .post('/api/auth/sign-up', { email: 'sam@berkeley.edu.evil.com', password: GOOD_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.json.errors[0].message).toBe(ACCOUNT_MESSAGES.emailNotEdu);
  });
});

describe('the profile keeps the derived school', () => {
  it('refuses another school on completion and on edit, and takes a blank one as the derived', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'kim@ucla.edu');
    await uploadPhotos(c, 3);
    const body = profileBody();
    const usc = await c.post('/api/profile/complete', {
      ...body,
      basics: { ...body.basics, university: 'University of Southern California' },
    });
    expect(usc.status).toBe(400);
    expect(usc.json.errors).toEqual([{ path: 'basics.university', message: PROFILE_MESSAGES.universityLocked }]);
    expect((await c.get('/api/profile')).json.profile).toMatchObject({
      isComplete: false,
      verifiedUniversity: UCLA,
      schoolVerified: false,
    });

    const blank = await c.post('/api/profile/complete', { ...body, basics: { ...body.basics, university: '' } });
    expect(blank.status).toBe(200);
    expect(blank.json.profile).toMatchObject({ university: UCLA, verifiedUniversity: UCLA, schoolVerified: true });

    const edit = await c.put('/api/profile', { ...body, basics: { ...body.basics, university: 'Yale University' } });
    expect(edit.status).toBe(400);
    expect(edit.json.errors[0]).toEqual({ path: 'basics.university', message: PROFILE_MESSAGES.universityLocked });
    const sameInOtherCase = await c.put('/api/profile', {
      ...body,
      basics: { ...body.basics, university: UCLA.toUpperCase() },
    });
    expect(sameInOtherCase.status).toBe(200);
    expect((await c.get('/api/profile')).json.profile.university).toBe(UCLA);
    expect(await me(c)).toMatchObject({ verifiedUniversity: UCLA, schoolVerified: true });
  });

  it('lets a student whose domain is unknown place themself from the full list, shown as not verified', async () => {
    const t = makeTestApp();
    const c = await withProfile(t, 'lee@tiny-college.edu', 'Yale University');
    expect((await c.get('/api/profile')).json.profile).toMatchObject({
      university: 'Yale University',
      verifiedUniversity: null,
      schoolVerified: false,
    });
    expect(await me(c)).toMatchObject({ verifiedUniversity: null, schoolVerified: false });
  });
});

describe('changing the address', () => {
  it('needs the right password and a .edu address other than the current one', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'pat@ucla.edu');
    const wrong = await c.post('/api/me/email', { newEmail: 'pat@berkeley.edu', password: 'Wrong-Pass-99' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual([{ path: 'password', message: ACCOUNT_MESSAGES.wrongPassword }]);
    const gmail = await c.post('/api/me/email', { newEmail: 'pat@gmail.com', password: GOOD_PASSWORD });
    expect(gmail.status).toBe(400);
    expect(gmail.json.errors[0]).toEqual({ path: 'newEmail', message: ACCOUNT_MESSAGES.emailNotEdu });
    const same = await c.post('/api/me/email', { newEmail: 'PAT@ucla.edu', password: GOOD_PASSWORD });
    expect(same.status).toBe(400);
    expect(same.json.errors[0]).toEqual({ path: 'newEmail', message: ACCOUNT_MESSAGES.sameEmail });
    expect(await mailsTo(t, 'pat@berkeley.edu')).toHaveLength(0);
    expect(await me(c)).toMatchObject({ email: 'pat@ucla.edu', pendingEmail: null });
    expect((await t.client().post('/api/me/email', { newEmail: 'x@ucla.edu', password: GOOD_PASSWORD })).status).toBe(
      401,
    );
  });

  it('answers a taken address exactly like a free one, and sends it no link', async () => {
    const t = makeTestApp();
    await signedInClient(t, 'owner@berkeley.edu');
    const c = await signedInClient(t, 'asker@ucla.edu');
    const taken = await c.post('/api/me/email', { newEmail: 'owner@berkeley.edu', password: GOOD_PASSWORD });
    const free = await c.post('/api/me/email', { newEmail: 'free@berkeley.edu', password: GOOD_PASSWORD });
    expect(taken.status).toBe(202);
    expect(free.status).toBe(202);
    expect(Object.keys(taken.json).sort()).toEqual(Object.keys(free.json).sort());
    expect(taken.json).toEqual({ ...free.json, pendingEmail: 'owner@berkeley.edu' });
    // The owner got only their own confirmation mail; the notices went to the asker's address.
    expect(await mailsTo(t, 'owner@berkeley.edu')).toHaveLength(1);
    expect(await mailsTo(t, 'free@berkeley.edu')).toHaveLength(1);
    expect((await mailsTo(t, 'asker@ucla.edu')).filter((m) => /about to change/.test(m.subject))).toHaveLength(2);
  });

  it('keeps the old address until the link is opened, then swaps it and moves the profile to the new school', async () => {
    const t = makeTestApp();
    const c = await withProfile(t, 'rae@ucla.edu');
    expect(await me(c)).toMatchObject({ verifiedUniversity: UCLA, schoolVerified: true });

    const res = await c.post('/api/me/email', { newEmail: 'Rae@EECS.Berkeley.edu', password: GOOD_PASSWORD });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ sent: true, pendingEmail: 'rae@eecs.berkeley.edu' });
    const notice = (await mailsTo(t, 'rae@ucla.edu')).find((m) => /about to change/.test(m.subject));
    expect(notice?.text).toContain('rae@eecs.berkeley.edu');
    expect(await me(c)).toMatchObject({ email: 'rae@ucla.edu', pendingEmail: 'rae@eecs.berkeley.edu' });

    // Until then the old address signs in and the new one does not.
    const signIn = (email: string) => t.client().post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
    expect((await signIn('rae@ucla.edu')).status).toBe(200);
    expect((await signIn('rae@eecs.berkeley.edu')).status).toBe(401);

    const link = pathOf(await latestLink(t, 'rae@eecs.berkeley.edu'));
    expect(link).toMatch(/^\/api\/auth\/confirm-email-change\?token=/);
    const opened = await t.client().get(link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/settings?email_changed=1');

    expect(await me(c)).toMatchObject({
      email: 'rae@eecs.berkeley.edu',
      pendingEmail: null,
      verifiedUniversity: BERKELEY,
      schoolVerified: true,
    });
    expect((await c.get('/api/profile')).json.profile).toMatchObject({ university: BERKELEY, schoolVerified: true });
    expect((await signIn('rae@ucla.edu')).status).toBe(401);
    expect((await signIn('rae@eecs.berkeley.edu')).status).toBe(200);

    const again = await t.client().get(link);
    expect(again.headers.get('location')).toBe('/settings?email_change_error=1');
  });

  it('leaves the profile where it is, unverified, when the new domain is unknown', async () => {
    const t = makeTestApp();
    const c = await withProfile(t, 'jo@ucla.edu');
    await c.post('/api/me/email', { newEmail: 'jo@tiny-college.edu', password: GOOD_PASSWORD });
    await t.client().get(pathOf(await latestLink(t, 'jo@tiny-college.edu')));
    expect(await me(c)).toMatchObject({
      email: 'jo@tiny-college.edu',
      verifiedUniversity: null,
      schoolVerified: false,
    });
    expect((await c.get('/api/profile')).json.profile.university).toBe(UCLA);
    // Now the student may place themself.
    const body = profileBody();
    expect(
      (await c.put('/api/profile', { ...body, basics: { ...body.basics, university: 'Yale University' } })).status,
    ).toBe(200);
  });

  it('does not take an address someone signed up with in the meantime', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'slow@ucla.edu');
    await c.post('/api/me/email', { newEmail: 'race@berkeley.edu', password: GOOD_PASSWORD });
    const link = pathOf(await latestLink(t, 'race@berkeley.edu'));
    expect(
      (await t.client().post('/api/auth/sign-up', { email: 'race@berkeley.edu', password: GOOD_PASSWORD })).status,
    ).toBe(201);
    expect((await t.client().get(link)).headers.get('location')).toBe('/settings?email_change_error=1');
    expect(await me(c)).toMatchObject({ email: 'slow@ucla.edu', pendingEmail: null, verifiedUniversity: UCLA });
  });

  it('drops a pending change when the password is reset from the old address', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'victim@ucla.edu');
    await c.post('/api/me/email', { newEmail: 'thief@berkeley.edu', password: GOOD_PASSWORD });
    const changeLink = pathOf(await latestLink(t, 'thief@berkeley.edu'));
    await t.client().post('/api/auth/password-reset', { email: 'victim@ucla.edu' });
    const token = new URL(await latestLink(t, 'victim@ucla.edu')).searchParams.get('token');
    expect(
      (await t.client().post('/api/auth/password-reset/confirm', { token, password: 'Another-Dorm-77' })).status,
    ).toBe(200);
    expect((await t.client().get(changeLink)).headers.get('location')).toBe('/settings?email_change_error=1');
    const user = await t.db.users.findByEmail('victim@ucla.edu');
    expect(user?.pendingEmail).toBeNull();
  });

  it('spends the limit before the work: of 10 concurrent requests exactly the limit go through', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'burst@ucla.edu');
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.post('/api/me/email', { newEmail: `burst${i}@berkeley.edu`, password: GOOD_PASSWORD }),
      ),
    );
    const ok = replies.filter((r) => r.status === 202);
    const limited = replies.filter((r) => r.status === 429);
    expect(ok).toHaveLength(RATE_LIMITS.emailChangePerUser.limit);
    expect(limited).toHaveLength(10 - RATE_LIMITS.emailChangePerUser.limit);
    for (const r of limited) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    // Wrong passwords spend the budget too, so guessing through this endpoint stays slow.
    const wrong = await c.post('/api/me/email', { newEmail: 'late@berkeley.edu', password: 'Wrong-Pass-99' });
    expect(wrong.status).toBe(429);
  });
});
