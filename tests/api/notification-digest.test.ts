/**
 * The e-mail digest for the away (issue 19, N104) with a fixed clock: who gets one, once per 24
 * hours, after 6 hours away (or a day, or never), and the signed one-click unsubscribe (RFC 8058).
 * Runs on PostgreSQL too with NESTMATE_TEST_DATABASE_URL=pglite:memory.
 */

import { runDigests } from '../../core/notifications/digest';
import { HOUR } from '../../core/shared/clock';
import { matchedPair } from '../support/students';
import { appsOn, type makeTestApp, TEST_ENGINES, TEST_ORIGIN, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

const digestsTo = async (t: App, email: string) =>
  (await t.db.outbox.list(200)).filter((m) => m.to === email && /on Nestmate$/.test(m.subject));
const send = (c: TestClient, id: string, content: string) => c.post(`/api/conversations/${id}/messages`, { content });
const run = (t: App) => runDigests(t.digestDeps);
/** After the clock moved hours, the access token is stale: renew it like the browser does. */
async function renewed(...clients: TestClient[]) {
  for (const c of clients) expect((await c.post('/api/auth/refresh')).status).toBe(200);
}

describe.each(TEST_ENGINES)('on %s', (_engine, database) => {
  const makeTestApp = appsOn(database);

  describe('digest e-mails (issue 19)', () => {
    it('sends one digest to a student away with unread messages, at most one per 24 hours', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      // Ben opened the app (the bell) at noon; Ana writes.
      await b.c.get('/api/notifications/unread-count');
      await send(a.c, conversationId, 'Hi Ben, secret plans for the lease');
      t.clock.advance(5 * HOUR);
      await run(t);
      expect(await digestsTo(t, 'ben@ucla.edu')).toHaveLength(0);
      t.clock.advance(HOUR);
      expect((await run(t)).sent).toBeGreaterThanOrEqual(1);
      const [mail] = await digestsTo(t, 'ben@ucla.edu');
      expect(mail?.subject).toBe('You have 1 unread message on Nestmate');
      expect(mail?.text).toContain('- 1 new message from ana');
      expect(mail?.text).toContain(`${TEST_ORIGIN}/settings`);
      expect(mail?.text).not.toContain('secret');
      // The same run again, a second process, or a new message within the day: nothing more.
      await Promise.all([run(t), run(t)]);
      t.clock.advance(20 * HOUR);
      await renewed(a.c);
      expect((await send(a.c, conversationId, 'Still there?')).status).toBe(201);
      await run(t);
      expect(await digestsTo(t, 'ben@ucla.edu')).toHaveLength(1);
      // A day after the first, the new message is worth one more.
      t.clock.advance(4 * HOUR);
      await run(t);
      expect(await digestsTo(t, 'ben@ucla.edu')).toHaveLength(2);
      // Nothing new since: no third.
      t.clock.advance(25 * HOUR);
      await run(t);
      expect(await digestsTo(t, 'ben@ucla.edu')).toHaveLength(2);
    });

    it('tells of new matches, respects "off" and "daily", and skips what was read', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      // Ana has a new match (Ben's like made it); Ben turns the digest off, Ana chooses daily.
      const prefs = (await b.c.get('/api/notifications/preferences')).json.preferences;
      expect((await b.c.put('/api/notifications/preferences', { ...prefs, digest: 'off' })).status).toBe(200);
      expect((await a.c.put('/api/notifications/preferences', { ...prefs, digest: 'daily' })).status).toBe(200);
      // Both were in the app at noon.
      await a.c.get('/api/notifications/unread-count');
      await send(a.c, conversationId, 'hello');
      t.clock.advance(7 * HOUR);
      await run(t);
      expect(await digestsTo(t, 'ben@ucla.edu')).toHaveLength(0);
      expect(await digestsTo(t, 'ana@ucla.edu')).toHaveLength(0);
      t.clock.advance(17 * HOUR);
      await run(t);
      const [mail] = await digestsTo(t, 'ana@ucla.edu');
      expect(mail?.subject).toBe('You have 1 new match on Nestmate');
      expect(mail?.text).toContain('- 1 new match: ben');
      // Read items are not news.
      const t2 = makeTestApp();
      const pair = await matchedPair(t2);
      await pair.a.c.post('/api/notifications/read-all');
      t2.clock.advance(7 * HOUR);
      await run(t2);
      expect(await digestsTo(t2, 'ana@ucla.edu')).toHaveLength(0);
    });

    it('unsubscribes in one click with the signed link, without a session; a forged link changes nothing', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      await send(a.c, conversationId, 'hello');
      t.clock.advance(7 * HOUR);
      await run(t);
      const [mail] = await digestsTo(t, 'ben@ucla.edu');
      const link = /Unsubscribe from these e-mails: (\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
      expect(link.startsWith(`${TEST_ORIGIN}/api/notifications/unsubscribe?token=`)).toBe(true);
      const path = link.slice(TEST_ORIGIN.length);
      const stranger = t.client();
      // Opened in a browser: a page with one button, nothing changed yet.
      const page = await stranger.get(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<button type="submit">Unsubscribe</button>');
      await renewed(a.c, b.c);
      expect((await b.c.get('/api/notifications/preferences')).json.preferences.digest).toBe('6h');
      // A forged token for Ben, or a tampered one, is refused.
      const forged = `${Buffer.from(b.id).toString('base64url')}.AAAA`;
      const bad = await stranger.request(
        'POST',
        `/api/notifications/unsubscribe?token=${forged}`,
        'List-Unsubscribe=One-Click',
        {
          'content-type': 'application/x-www-form-urlencoded',
        },
      );
      expect(bad.status).toBe(404);
      expect((await b.c.get('/api/notifications/preferences')).json.preferences.digest).toBe('6h');
      // RFC 8058: the mail client's POST, a form body, no cookies.
      const res = await stranger.request('POST', path, 'List-Unsubscribe=One-Click', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ unsubscribed: true });
      expect((await b.c.get('/api/notifications/preferences')).json.preferences.digest).toBe('off');
      expect((await send(a.c, conversationId, 'anyone?')).status).toBe(201);
      t.clock.advance(30 * HOUR);
      await run(t);
      expect(await digestsTo(t, 'ben@ucla.edu')).toHaveLength(1);
    });
  });
});
