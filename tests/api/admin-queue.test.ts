/** The admin's moderation queue (issue 15): worst first with evidence, bulk decisions, and the precision they feed. */
import { randomUUID } from 'node:crypto';
import { BULK_REVIEW_MAX } from '../../core/moderation/admin';
import { matchedPair, signedInStudent } from '../support/students';
import { makeTestApp, signedInAdmin, signedInClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

/** A pending automatic flag as the classifier files it, on a message that does not exist (the queue shows it all the same). */
async function flagOf(t: App, authorId: string, reason: string, confidence: number, matched: string[] = []) {
  const id = randomUUID();
  await t.db.contentFlags.add({
    id,
    contentType: 'message',
    contentId: randomUUID(),
    authorId,
    flag: { reason: reason as 'harassment', confidence, matched },
    at: t.clock.now(),
  });
  return id;
}

const SCAM = "I'm out of the country right now, wire the deposit today and I will mail you the keys, no viewing needed";

describe('the pending queue (issue 15)', () => {
  it('lists the worst first (severity, then confidence) with severity, evidence and whether a message is held', async () => {
    const t = makeTestApp();
    const admin = await signedInAdmin(t);
    const { a, conversationId } = await matchedPair(t);
    expect((await a.c.post(`/api/conversations/${conversationId}/messages`, { content: SCAM })).status).toBe(201);
    const offPlatform = await flagOf(t, a.id, 'off_platform', 0.99);
    const hate = await flagOf(t, a.id, 'hate', 0.6, ['slur']);

    const res = await admin.get('/api/admin/flags');
    expect(res.status).toBe(200);
    const flags = res.json.flags as { id: string; flagReason: string; severity: string; evidence: string[] }[];
    expect(flags.map((f) => f.flagReason)).toEqual(['hate', 'rental_scam', 'off_platform']);
    expect(flags[0]).toMatchObject({ id: hate, severity: 'high', evidence: ['slur'], held: false });
    expect(flags[2]).toMatchObject({ id: offPlatform, severity: 'low' });
    // The classifier's own evidence reaches the admin: words of the message itself.
    const scam = flags[1] as { severity: string; evidence: string[] };
    expect(scam.severity).toBe('medium');
    expect(scam.evidence.length).toBeGreaterThan(0);
    for (const e of scam.evidence) expect(SCAM.toLowerCase()).toContain(e.toLowerCase().split(' ')[0]);
  });
});

describe('bulk decisions (issue 15)', () => {
  it('approves or removes each flag as a single decision would, reporting each outcome', async () => {
    const t = makeTestApp();
    const admin = await signedInAdmin(t);
    const { a, b, conversationId } = await matchedPair(t);
    const sent = await a.c.post(`/api/conversations/${conversationId}/messages`, { content: SCAM });
    const scamFlag = (await t.db.admins.flags('pending', 100)).find((f) => f.contentId === sent.json.message.id);
    expect(scamFlag).toBeDefined();
    const other = await flagOf(t, a.id, 'investment', 0.8);
    const missing = randomUUID();

    const removed = await admin.post('/api/admin/flags/review', {
      flagIds: [scamFlag?.id, other, missing, other],
      decision: 'removed',
      note: 'scam ring',
    });
    expect(removed.status).toBe(200);
    expect(removed.json.results).toEqual([
      { flagId: scamFlag?.id, outcome: 'removed' },
      { flagId: other, outcome: 'removed' },
      { flagId: missing, outcome: 'not_found' },
    ]);
    // Removed content is hidden, as with one decision; each decision is audited with its note.
    const seen = (await b.c.get(`/api/conversations/${conversationId}/messages`)).json.messages as { id: string }[];
    expect(seen.map((m) => m.id)).not.toContain(sent.json.message.id);
    const decisions = (await t.db.admins.userHistory(a.id, 100)).decisions.filter((d) => d.action === 'flag.removed');
    expect(decisions.map((d) => d.details.note)).toEqual(['scam ring', 'scam ring']);

    const again = await admin.post('/api/admin/flags/review', { flagIds: [other], decision: 'approved' });
    expect(again.json.results).toEqual([{ flagId: other, outcome: 'already_reviewed' }]);
    expect((await t.db.admins.flag(other))?.status).toBe('removed');
  });

  it('counts each removal once when two admins decide the same flags at the same time, and suspends the author once', async () => {
    const t = makeTestApp();
    const admin = await signedInAdmin(t);
    const second = await signedInClient(t, 'provost@ucla.edu');
    await t.db.admins.setActive('provost@ucla.edu', true, t.clock.now());
    const author = await signedInStudent(t, 'ana@ucla.edu');
    const ids = await Promise.all([1, 2, 3, 4, 5].map(() => flagOf(t, author.id, 'harassment', 0.9)));

    const [one, two] = await Promise.all([
      admin.post('/api/admin/flags/review', { flagIds: ids, decision: 'removed' }),
      second.post('/api/admin/flags/review', { flagIds: [...ids].reverse(), decision: 'removed' }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    const outcomes = [...one.json.results, ...two.json.results] as { flagId: string; outcome: string }[];
    for (const id of ids) {
      expect(
        outcomes
          .filter((o) => o.flagId === id)
          .map((o) => o.outcome)
          .sort(),
      ).toEqual(['already_reviewed', 'removed']);
    }
    const history = await t.db.admins.userHistory(author.id, 100);
    expect(history.decisions.filter((d) => d.action === 'flag.removed')).toHaveLength(5);
    // The third removal suspends the author (N55); the later ones find them suspended already.
    expect(history.decisions.filter((d) => d.action === 'user.suspend')).toHaveLength(1);
    expect((await author.c.get('/api/me')).status).toBe(401);
  });

  it('refuses bad batches whole and changes nothing', async () => {
    const t = makeTestApp();
    const admin = await signedInAdmin(t);
    const author = await signedInStudent(t, 'ana@ucla.edu');
    const id = await flagOf(t, author.id, 'harassment', 0.9);
    const tooMany = Array.from({ length: BULK_REVIEW_MAX + 1 }, (_, i) => (i === 0 ? id : randomUUID()));
    for (const body of [
      { flagIds: [], decision: 'removed' },
      { flagIds: tooMany, decision: 'removed' },
      { flagIds: [id], decision: 'deleted' },
      { flagIds: [id], decision: 'removed', extra: true },
      { flagIds: [42], decision: 'removed' },
    ]) {
      const res = await admin.post('/api/admin/flags/review', body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await t.db.admins.flag(id))?.status).toBe('pending');
  });

  it('is for admins only', async () => {
    const t = makeTestApp();
    const student = await signedInStudent(t, 'ana@ucla.edu');
    const id = await flagOf(t, student.id, 'harassment', 0.9);
    const res = await student.c.post('/api/admin/flags/review', { flagIds: [id], decision: 'approved' });
    expect(res.status).toBe(403);
    expect((await t.client().post('/api/admin/flags/review', { flagIds: [id], decision: 'approved' })).status).toBe(
      401,
    );
    expect((await t.db.admins.flag(id))?.status).toBe('pending');
  });
});

describe('removing flagged group text (issue 15)', () => {
  it('clears the group description and its name, and keeps the group and its members', async () => {
    const t = makeTestApp();
    const admin = await signedInAdmin(t);
    const owner = await signedInStudent(t, 'ana@ucla.edu');
    const group = (await owner.c.post('/api/groups', { name: 'Quiet Bruins', description: 'Near campus' })).json.group;
    const flagId = randomUUID();
    await t.db.contentFlags.add({
      id: flagId,
      contentType: 'other',
      contentId: group.id,
      authorId: owner.id,
      flag: { reason: 'harassment', confidence: 0.7, matched: [] },
      at: t.clock.now(),
    });
    expect((await admin.get('/api/admin/flags')).json.flags[0]).toMatchObject({
      id: flagId,
      content: 'Quiet Bruins\nNear campus',
    });
    expect((await admin.post(`/api/admin/flags/${flagId}/review`, { decision: 'removed' })).status).toBe(200);
    const mine = (await owner.c.get('/api/groups')).json.groups as { id: string; name: string; description: unknown }[];
    expect(mine.find((g) => g.id === group.id)).toMatchObject({ name: 'Group', description: null });
  });
});

describe('auto-flag precision per category (issue 15)', () => {
  it('shows the share of reviewed auto-flags that admins upheld, per category and week', async () => {
    const t = makeTestApp();
    const admin = await signedInAdmin(t);
    const author = await signedInStudent(t, 'ana@ucla.edu');
    const scams = await Promise.all([1, 2, 3, 4].map(() => flagOf(t, author.id, 'rental_scam', 0.9)));
    const investment = await flagOf(t, author.id, 'investment', 0.9);
    await flagOf(t, author.id, 'phishing', 0.9); // pending: not counted
    const review = (flagIds: string[], decision: string) =>
      admin.post('/api/admin/flags/review', { flagIds, decision });
    await review(scams.slice(0, 3), 'approved');
    await review([scams[3] as string, investment], 'removed');

    const res = await admin.get('/api/admin/analytics?days=14');
    expect(res.status).toBe(200);
    const p = res.json.autoFlagPrecision;
    expect(p.weeks).toHaveLength(2);
    const of = (c: string) => p.categories.find((x: { category: string }) => x.category === c);
    expect(of('rental_scam').total).toEqual({ upheld: 1, dismissed: 3, precision: 0.25 });
    expect(of('investment').total).toEqual({ upheld: 1, dismissed: 0, precision: 1 });
    expect(of('phishing').total).toEqual({ upheld: 0, dismissed: 0, precision: null });
    expect(p.overall.total).toEqual({ upheld: 2, dismissed: 3, precision: 0.4 });
    // Reviewed today: the last week holds them all.
    expect(p.overall.weeks.at(-1)).toEqual({ upheld: 2, dismissed: 3, precision: 0.4 });
  });
});
