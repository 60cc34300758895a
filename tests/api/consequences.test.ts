/** Consequences for abusers and the admin's one-page history of a user (issue 15). */
import { randomUUID } from 'node:crypto';
import { REALTIME_CLOSE } from '../../core/messaging/ports';
import { DAY } from '../../core/shared/clock';
import { closedWithin, connectSocket, listenLive } from '../support/realtime';
import { signedInStudent } from '../support/students';
import { GOOD_PASSWORD, makeTestApp, signedInAdmin, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

/** Another session for an existing account (access tokens expire over the days a test skips). */
async function signIn(t: App, email: string) {
  const c = t.client();
  expect((await c.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD })).status).toBe(200);
  return c;
}

/** A pending automatic flag on one of the author's messages, as the classifier files it. */
async function flagOf(t: App, authorId: string) {
  const id = randomUUID();
  await t.db.contentFlags.add({
    id,
    contentType: 'message',
    contentId: randomUUID(),
    authorId,
    flag: { reason: 'rental_scam', confidence: 0.97, matched: ['wire the deposit'] },
    at: t.clock.now(),
  });
  return id;
}

const remove = (admin: TestClient, flagId: string) =>
  admin.post(`/api/admin/flags/${flagId}/review`, { decision: 'removed', note: 'scam' });

const accountStatus = async (admin: TestClient, email: string) =>
  ((await admin.get(`/api/admin/users?q=${email}`)).json.users as { status: string }[])[0]?.status;

describe('confirmed removals count against the author (issue 15)', () => {
  it('suspends the author at the third removal within 30 days, ends their sessions and sockets, audited as automatic', async () => {
    const t = makeTestApp();
    let admin = await signedInAdmin(t);
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const { http, url } = await listenLive(t);
    try {
      const socket = connectSocket(url, a.c);
      await socket.opened;
      await socket.next('ready');
      expect(socket.frames).toEqual([]);
      for (const n of [1, 2]) {
        expect((await remove(admin, await flagOf(t, a.id))).status).toBe(200);
        expect(await accountStatus(admin, 'ana@ucla.edu'), `after ${n}`).toBe('active');
        t.clock.advance(10 * DAY);
        // A fresh session for both, as the access tokens expire over days.
        admin = await signIn(t, 'dean@ucla.edu');
        await a.c.post('/api/auth/refresh');
      }
      // An approved flag never counts.
      expect(
        (await admin.post(`/api/admin/flags/${await flagOf(t, a.id)}/review`, { decision: 'approved' })).status,
      ).toBe(200);
      expect(await accountStatus(admin, 'ana@ucla.edu')).toBe('active');
      expect((await remove(admin, await flagOf(t, a.id))).status).toBe(200);
      expect(await accountStatus(admin, 'ana@ucla.edu')).toBe('suspended');
      expect((await closedWithin(socket)).code).toBe(REALTIME_CLOSE.sessionEnded);
      expect((await a.c.post('/api/auth/refresh')).status).toBe(401);
      const history = await admin.get(`/api/admin/users/${a.id}/history`);
      // The removal and the suspension share a millisecond: found by action, not by position.
      const decisions = history.json.decisions as { action: string; adminId: string | null; details: object }[];
      const suspension = decisions.find((d) => d.action === 'user.suspend');
      expect(suspension).toMatchObject({
        action: 'user.suspend',
        adminId: null,
        details: { automatic: true, removals: 3, windowDays: 30 },
      });
    } finally {
      await http.close();
    }
  });

  it('does not suspend at two removals, nor count removals older than 30 days', async () => {
    const t = makeTestApp();
    let admin = await signedInAdmin(t);
    const a = await signedInStudent(t, 'ana@ucla.edu');
    expect((await remove(admin, await flagOf(t, a.id))).status).toBe(200);
    t.clock.advance(31 * DAY);
    admin = await signIn(t, 'dean@ucla.edu');
    expect((await remove(admin, await flagOf(t, a.id))).status).toBe(200);
    expect((await remove(admin, await flagOf(t, a.id))).status).toBe(200);
    expect(await accountStatus(admin, 'ana@ucla.edu')).toBe('active');
    // The next one within the window is the third that counts.
    expect((await remove(admin, await flagOf(t, a.id))).status).toBe(200);
    expect(await accountStatus(admin, 'ana@ucla.edu')).toBe('suspended');
  });
});

describe("a user's history on one page (issue 15)", () => {
  it("lists the user's flags with reason, confidence and status, reports both ways and decisions", async () => {
    const t = makeTestApp();
    const admin = await signedInAdmin(t);
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const b = await signedInStudent(t, 'ben@ucla.edu');
    const other = await signedInStudent(t, 'cam@ucla.edu');
    const flagId = await flagOf(t, a.id);
    await flagOf(t, other.id);
    expect((await remove(admin, flagId)).status).toBe(200);
    const report = (c: TestClient, target: string) =>
      c.post('/api/reports', {
        reportedUserId: target,
        category: 'scam',
        severity: 'high',
        details: 'asked for a deposit',
      });
    expect((await report(b.c, a.id)).status).toBe(201);
    expect((await report(a.c, other.id)).status).toBe(201);

    const res = await admin.get(`/api/admin/users/${a.id}/history`);
    expect(res.status).toBe(200);
    expect(res.json.flags).toEqual([
      expect.objectContaining({ id: flagId, flagReason: 'rental_scam', confidenceScore: 0.97, status: 'removed' }),
    ]);
    expect(res.json.reportsAgainst.map((r: { reporterId: string }) => r.reporterId)).toEqual([b.id]);
    expect(res.json.reportsBy.map((r: { reportedUserId: string }) => r.reportedUserId)).toEqual([other.id]);
    expect(res.json.decisions).toEqual([
      expect.objectContaining({ action: 'flag.removed', targetType: 'content_flag', targetId: flagId }),
    ]);
  });

  it('is for admins only', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const b = await signedInStudent(t, 'ben@ucla.edu');
    expect((await b.c.get(`/api/admin/users/${a.id}/history`)).status).toBe(403);
    expect((await t.client().get(`/api/admin/users/${a.id}/history`)).status).toBe(401);
  });
});
