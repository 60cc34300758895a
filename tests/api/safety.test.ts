import { processDataRequests } from '../../core/privacy/data-requests';
import { completeStudentProfile, rawSql } from '../support/students';
import { GOOD_PASSWORD, makeTestApp, signedInClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

async function student(t: App, email: string) {
  const c = await signedInClient(t, email);
  const id = (await c.get('/api/me')).json.user.id as string;
  await completeStudentProfile(t, id, email);
  return { c, id };
}

describe('blocking and reporting (D19, D20)', () => {
  it('hides the blocked person from matches and ends the chat, both ways; only the blocker can unblock', async () => {
    const t = makeTestApp();
    const a = await student(t, 'a@ucla.edu');
    const b = await student(t, 'b@ucla.edu');
    await a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' });
    const { conversationId } = (await b.c.post('/api/swipes', { targetUserId: a.id, action: 'like' })).json;
    expect((await a.c.post('/api/blocks', { blockedUserId: b.id, reason: 'rude' })).status).toBe(201);
    expect((await b.c.post(`/api/conversations/${conversationId}/messages`, { content: 'hey' })).status).toBe(403);
    expect((await b.c.get('/api/matches')).json.matches).toEqual([]);
    const list = (await a.c.get('/api/blocks')).json.blocked;
    expect(list).toEqual([expect.objectContaining({ blockedUserId: b.id, name: 'b' })]);
    expect((await b.c.request('DELETE', `/api/blocks/${list[0].id}`)).status).toBe(404);
    expect((await a.c.post('/api/blocks', { blockedUserId: a.id })).status).toBe(400);
    expect((await a.c.request('DELETE', `/api/blocks/${list[0].id}`)).status).toBe(200);
    expect((await a.c.get('/api/blocks')).json.blocked).toEqual([]);
  });

  it('files a report that admins will see', async () => {
    const t = makeTestApp();
    const a = await student(t, 'rep@ucla.edu');
    const b = await student(t, 'bad@ucla.edu');
    const res = await a.c.post('/api/reports', {
      reportedUserId: b.id,
      category: 'scam',
      severity: 'high',
      details: 'asked for a deposit',
    });
    expect(res.status).toBe(201);
    expect(rawSql(t).prepare('SELECT report_category, severity_level, status FROM user_reports').all()).toEqual([
      { report_category: 'scam', severity_level: 'high', status: 'pending' },
    ]);
    expect(
      (await a.c.post('/api/reports', { reportedUserId: 'nobody', category: 'scam', severity: 'high' })).status,
    ).toBe(404);
  });
});

describe('emergency contacts (001 §5)', () => {
  it('validates, makes the first primary, switches primary atomically, and keeps them private', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'contacts@ucla.edu');
    const bad = await c.post('/api/emergency-contacts', { name: '', phone: '12', relationship: 'Parent' });
    expect(bad.json.errors.map((e: { message: string }) => e.message)).toEqual(['Contact name is required']);
    const badPhone = await c.post('/api/emergency-contacts', { name: 'Mom', phone: '0123', relationship: 'Parent' });
    expect(badPhone.json.detail).toBe('Please enter a valid phone number');
    const mom = (
      await c.post('/api/emergency-contacts', { name: 'Mom', phone: '+1 (310) 555-0100', relationship: 'Parent' })
    ).json.contact;
    expect(mom).toMatchObject({ isPrimary: true, phone: '+13105550100' });
    const sis = (
      await c.post('/api/emergency-contacts', { name: 'Sis', phone: '310-555-0101', relationship: 'Sibling' })
    ).json.contact;
    expect(sis.isPrimary).toBe(false);
    await c.post(`/api/emergency-contacts/${sis.id}/primary`);
    const list = (await c.get('/api/emergency-contacts')).json.contacts;
    expect(list.map((x: { name: string; isPrimary: boolean }) => [x.name, x.isPrimary])).toEqual([
      ['Sis', true],
      ['Mom', false],
    ]);
    const other = await signedInClient(t, 'other@ucla.edu');
    expect((await other.request('DELETE', `/api/emergency-contacts/${mom.id}`)).status).toBe(404);
    expect(
      (await other.put(`/api/emergency-contacts/${mom.id}`, { name: 'X', phone: '3105550100', relationship: 'Friend' }))
        .status,
    ).toBe(404);
    expect((await other.get('/api/emergency-contacts')).json.contacts).toEqual([]);
    // Deleting the primary hands it to the oldest remaining contact.
    await c.request('DELETE', `/api/emergency-contacts/${sis.id}`);
    expect((await c.get('/api/emergency-contacts')).json.contacts[0]).toMatchObject({ name: 'Mom', isPrimary: true });
  });
});

describe('feature requests', () => {
  it('checks the limits, lists the top 5 by votes, and allows one vote per request per day', async () => {
    const t = makeTestApp();
    const c = await signedInClient(t, 'ideas@ucla.edu');
    expect((await c.post('/api/feature-requests', { title: '', description: 'x' })).json.detail).toBe(
      'Please fill in both the title and description.',
    );
    expect((await c.post('/api/feature-requests', { title: 'x'.repeat(101), description: 'ok' })).status).toBe(400);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++)
      ids.push((await c.post('/api/feature-requests', { title: `Idea ${i}`, description: 'Please' })).json.id);
    expect((await c.post(`/api/feature-requests/${ids[4]}/vote`)).status).toBe(200);
    const again = await c.post(`/api/feature-requests/${ids[4]}/vote`);
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      title: 'Unable to Vote',
      detail: 'You can only vote once per day for each request.',
    });
    const popular = (await c.get('/api/feature-requests/popular')).json.requests;
    expect(popular).toHaveLength(5);
    expect(popular[0]).toMatchObject({ id: ids[4], voteCount: 1, votedToday: true });
    expect(popular[1]).toMatchObject({ votedToday: false });
    // Another student sees the count, not this student's vote.
    const other = await signedInClient(t, 'more.ideas@ucla.edu');
    expect((await other.get('/api/feature-requests/popular')).json.requests[0]).toMatchObject({
      id: ids[4],
      votedToday: false,
    });
    t.clock.advance(24 * 3_600_000);
    await c.post('/api/auth/refresh');
    expect((await c.get('/api/feature-requests/popular')).json.requests[0]).toMatchObject({ votedToday: false });
    expect((await c.post(`/api/feature-requests/${ids[4]}/vote`)).status).toBe(200);
  });
});

describe('security incidents (001 §4, §5, §9)', () => {
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

  it('takes an anonymous critical report, gives it deadlines, and mails the security team', async () => {
    const t = makeTestApp({ SECURITY_ALERT_EMAIL: 'security@nestmate.app' });
    const res = await t.client().post('/api/security-incidents', incident);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'reported', priority: 'urgent' });
    expect(Date.parse(res.json.acknowledgeBy) - t.clock.now().getTime()).toBe(15 * 60_000);
    expect(Date.parse(res.json.respondBy) - t.clock.now().getTime()).toBe(60 * 60_000);
    const [mail] = await t.db.outbox.list();
    expect(mail).toMatchObject({ to: 'security@nestmate.app' });
    expect(mail?.subject).toContain('[CRITICAL]');
    expect(rawSql(t).prepare('SELECT reporter_id FROM security_incidents').get()).toEqual({ reporter_id: null });
  });

  it('refuses a bad e-mail, negative affected users and an unknown severity', async () => {
    const t = makeTestApp();
    for (const bad of [
      { ...incident, contact_email: 'not-an-email' },
      { ...incident, affected_users_count: -1 },
      { ...incident, severity_level: 'apocalyptic' },
    ]) {
      expect((await t.client().post('/api/security-incidents', bad)).status).toBe(400);
    }
    expect(rawSql(t).prepare('SELECT count(*) AS n FROM security_incidents').get()).toEqual({ n: 0 });
  });
});

describe('data requests (D25)', () => {
  it('exports everything the account holds, downloadable by its owner for 7 days', async () => {
    const t = makeTestApp();
    const a = await student(t, 'export@ucla.edu');
    const b = await student(t, 'pal@ucla.edu');
    await a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' });
    const { conversationId } = (await b.c.post('/api/swipes', { targetUserId: a.id, action: 'like' })).json;
    await a.c.post(`/api/conversations/${conversationId}/messages`, { content: 'my message' });
    await b.c.post(`/api/conversations/${conversationId}/messages`, { content: 'their reply' });
    const req = (await a.c.post('/api/data-requests', { requestType: 'export' })).json.request;
    expect(req.status).toBe('pending');
    await processDataRequests({ clock: t.clock, ids: { newId: () => 'x' }, privacy: t.db.privacy }, { erase: false });
    const list = (await a.c.get('/api/data-requests')).json.requests;
    expect(list[0]).toMatchObject({ status: 'completed', requestType: 'export' });
    const dl = await a.c.get(`/api/data-requests/${req.id}/download`);
    expect(dl.status).toBe(200);
    expect(dl.json.messages.map((m: { content: string }) => m.content)).toEqual(['my message', 'their reply']);
    expect(dl.json.users[0].email).toBe('export@ucla.edu');
    expect(dl.text).not.toContain('password_hash');
    // Dates as ISO 8601, not epoch numbers (issue 17).
    const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
    expect(dl.json.users[0].created_at).toMatch(iso);
    expect(dl.json.messages[0].created_at).toMatch(iso);
    expect(dl.json.users[0].updated_at).toMatch(iso);
    expect((await b.c.get(`/api/data-requests/${req.id}/download`)).status).toBe(404);
    t.clock.advance(7 * 86_400_000 + 1000);
    await a.c.post('/api/auth/refresh');
    expect((await a.c.get(`/api/data-requests/${req.id}/download`)).status).toBe(409);
  });

  it('hides an account at once on a deletion request; the retention run erases it', async () => {
    const t = makeTestApp();
    const a = await student(t, 'leaving@ucla.edu');
    const b = await student(t, 'stays@ucla.edu');
    expect((await a.c.post('/api/data-requests', { requestType: 'deletion' })).status).toBe(201);
    expect((await a.c.get('/api/me')).status).toBe(401);
    expect(
      (await t.client().post('/api/auth/sign-in', { email: 'leaving@ucla.edu', password: GOOD_PASSWORD })).status,
    ).toBe(401);
    expect((await b.c.post('/api/discover/deck', {})).json.candidates).toEqual([]);
    await processDataRequests({ clock: t.clock, ids: { newId: () => 'x' }, privacy: t.db.privacy }, { erase: true });
    expect(await t.db.users.findById(a.id)).toBeNull();
    expect(rawSql(t).prepare('SELECT count(*) AS n FROM profiles WHERE id = ?').get(a.id)).toEqual({ n: 0 });
  });
});
