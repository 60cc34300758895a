/**
 * The notification centre and web push (issue 19), through the real app. Runs on SQLite, and on
 * PostgreSQL (PGlite) with NESTMATE_TEST_DATABASE_URL=pglite:memory like the rest of the API suite.
 */
import type { RealtimeEvent } from '../../core/messaging/ports';
import { jpegWithGps } from '../support/images';
import { browserSubscription } from '../support/push';
import { makeGold, matchedPair, signedInStudent } from '../support/students';
import { appsOn, type makeTestApp, signedInAdmin, TEST_ENGINES, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;
type Item = { id: string; kind: string; title: string; body: string; link: string; read: boolean; actor: unknown };

const items = async (c: TestClient, query = '') => (await c.get(`/api/notifications${query}`)).json.items as Item[];
const unread = async (c: TestClient) => (await c.get('/api/notifications/unread-count')).json.unread as number;
const send = (c: TestClient, id: string, content: string) => c.post(`/api/conversations/${id}/messages`, { content });

/** Everything published to `userId` on the bus. */
function hear(t: App, userId: string) {
  const events: RealtimeEvent[] = [];
  t.realtime.subscribe(userId, (e) => events.push(e));
  return events;
}

const SCAM = "I'm out of the country right now, wire the deposit today and I will mail you the keys, no viewing needed";
const PHISHING = 'Send me your school login and password so I can add you to the lease portal';

describe.each(TEST_ENGINES)('on %s', (_engine, database) => {
  const makeTestApp = appsOn(database);

  describe('notification centre (issue 19)', () => {
    it('tells the other student of a match and of messages, one item per chat, linked to it', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      // b's like made the match (b saw the dialog); a is told.
      expect(await items(b.c)).toEqual([]);
      const [match] = await items(a.c);
      expect(match).toMatchObject({
        kind: 'match',
        title: "It's a match!",
        body: 'You and ben liked each other. Say hello.',
        link: `/?tab=matches&conversation=${encodeURIComponent(conversationId)}`,
        read: false,
        actor: { id: b.id, name: 'ben' },
      });
      const live = hear(t, b.id);
      await send(a.c, conversationId, 'Hi Ben, my secret plan for the lease');
      await send(a.c, conversationId, 'Second message');
      const bItems = await items(b.c);
      expect(bItems).toHaveLength(1);
      expect(bItems[0]).toMatchObject({ kind: 'message', title: 'New message from ana', body: '2 new messages' });
      // Never the message text.
      expect(JSON.stringify(bItems)).not.toContain('secret');
      expect(await unread(b.c)).toBe(1);
      const created = live.filter((e) => e.type === 'notification.created');
      expect(created).toHaveLength(2);
      expect(created.at(-1)).toMatchObject({ unread: 1 });
      // Reading the chat reads its notification, and the bell hears it.
      await b.c.post(`/api/conversations/${conversationId}/read`);
      expect(await unread(b.c)).toBe(0);
      expect(live.at(-1)).toEqual({ type: 'notification.read', unread: 0 });
      // A new message after that is a new item.
      t.clock.advance(1000);
      await send(a.c, conversationId, 'Third');
      expect((await items(b.c)).map((n) => [n.kind, n.read])).toEqual([
        ['message', false],
        ['message', true],
      ]);
    });

    it('says "Someone liked you" to a free student (D15) and names the liker to Gold', async () => {
      const t = makeTestApp();
      const ana = await signedInStudent(t, 'ana@ucla.edu');
      const ben = await signedInStudent(t, 'ben@ucla.edu');
      const cal = await signedInStudent(t, 'cal@ucla.edu');
      await ana.c.post('/api/swipes', { targetUserId: ben.id, action: 'like' });
      const [free] = await items(ben.c);
      expect(free).toMatchObject({ kind: 'like', title: 'Someone liked you', actor: null, link: '/?tab=liked-you' });
      expect(JSON.stringify(await ben.c.get('/api/notifications'))).not.toContain(ana.id);
      await makeGold(t, ben.id);
      t.clock.advance(1000);
      await cal.c.post('/api/swipes', { targetUserId: ben.id, action: 'like' });
      const [gold] = await items(ben.c);
      expect(gold).toMatchObject({ kind: 'like', title: 'cal liked you', actor: { id: cal.id, name: 'cal' } });
      // A pass tells nobody.
      await cal.c.post('/api/swipes', { targetUserId: ana.id, action: 'pass' });
      expect(await items(ana.c)).toEqual([]);
    });

    it('tells an open tab of a like once, the item and the bell count read by the tab, stored with the like (N186, N187)', async () => {
      const t = makeTestApp();
      const ana = await signedInStudent(t, 'ana@ucla.edu');
      const ben = await signedInStudent(t, 'ben@ucla.edu');
      const cal = await signedInStudent(t, 'cal@ucla.edu');
      const frames: RealtimeEvent[] = [];
      let arrived: () => void = () => {};
      t.realtime.subscribe(ben.id, (e) => {
        frames.push(e);
        if (e.type === 'notification.created') arrived();
      });
      // Resolves when the tab's next notification frame has arrived: no timer.
      const nextFrame = () => new Promise<void>((resolve) => (arrived = resolve));
      let heard = nextFrame();
      await ana.c.post('/api/swipes', { targetUserId: ben.id, action: 'like' });
      await heard;
      heard = nextFrame();
      t.clock.advance(1000);
      await cal.c.post('/api/swipes', { targetUserId: ben.id, action: 'like' });
      await heard;
      const created = frames.flatMap((e) => (e.type === 'notification.created' ? [e] : []));
      expect(created.map((e) => [e.notification.kind, e.notification.title, e.unread])).toEqual([
        ['like', 'Someone liked you', 1],
        ['like', 'Someone liked you', 2],
      ]);
      // The tab hears the item, never the bare id the writer published.
      expect(frames.map((e) => e.type)).toEqual(['notification.created', 'notification.created']);
      const stored = await items(ben.c);
      expect(stored.map((n) => n.id)).toEqual(created.map((e) => e.notification.id).reverse());
      expect(await unread(ben.c)).toBe(2);
      // A pass and a refused like store nothing.
      await cal.c.post('/api/swipes', { targetUserId: ana.id, action: 'pass' });
      expect(await items(ana.c)).toEqual([]);
      expect((await ana.c.post('/api/swipes', { targetUserId: ben.id, action: 'like' })).status).not.toBe(200);
      expect(await items(ben.c)).toHaveLength(2);
    });

    it('tells a group of joins, leaves and a new invite code, never the actor', async () => {
      const t = makeTestApp();
      const ana = await signedInStudent(t, 'ana@ucla.edu');
      const ben = await signedInStudent(t, 'ben@ucla.edu');
      const group = (await ana.c.post('/api/groups', { name: 'Westwood Four', description: null })).json.group;
      const code = (await ana.c.post(`/api/groups/${group.id}/invite-code`)).json.inviteCode;
      expect((await ben.c.post('/api/groups/join', { inviteCode: code })).status).toBe(200);
      expect((await items(ana.c)).map((n) => n.title)).toEqual(['ben joined Westwood Four']);
      expect(await items(ben.c)).toEqual([]);
      await ana.c.post(`/api/groups/${group.id}/invite-code`);
      expect((await items(ben.c)).map((n) => n.title)).toEqual(['New invite code for Westwood Four']);
      t.clock.advance(1000);
      await ben.c.post(`/api/groups/${group.id}/leave`);
      expect((await items(ana.c)).map((n) => n.title)).toEqual(['ben left Westwood Four', 'ben joined Westwood Four']);
    });

    it('tells the student of a verification decision and a sender of a released message', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      const boss = await signedInAdmin(t);
      await send(a.c, conversationId, PHISHING);
      // Held back: the recipient hears nothing.
      expect((await items(b.c)).filter((n) => n.kind === 'message')).toEqual([]);
      const [flag] = (await boss.get('/api/admin/flags')).json.flags;
      expect((await boss.post(`/api/admin/flags/${flag.id}/review`, { decision: 'approved' })).status).toBe(200);
      expect((await items(b.c)).map((n) => n.kind)).toEqual(['message']);
      expect((await items(a.c)).map((n) => [n.kind, n.title])).toContainEqual([
        'moderation.released',
        'Your message was delivered',
      ]);
      // Verification outcomes come through the same door as the e-mail (issue 16).
      t.clock.advance(1000);
      const challenge = (await b.c.post('/api/verification/challenge')).json.challenge;
      const form = new FormData();
      form.append('challengeId', challenge.id);
      form.append(
        'selfie',
        new File([(await jpegWithGps(640, 480)) as unknown as BlobPart], 's.jpg', { type: 'image/jpeg' }),
      );
      expect((await b.c.post('/api/verification/selfie', form)).status).toBe(201);
      const [pending] = (await boss.get('/api/admin/verifications')).json.verifications;
      const review = { decision: 'reject', reason: 'face-not-visible' };
      expect((await boss.post(`/api/admin/verifications/${pending.id}/review`, review)).status).toBe(200);
      expect((await items(b.c))[0]).toMatchObject({ title: 'Photo verification not approved', link: '/?tab=profile' });
    });

    it('shows only live things: a block, a removed message or a suspended account hides them', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      const boss = await signedInAdmin(t);
      // A scam is delivered with a flag; once an admin removes it, its notification goes too.
      await send(a.c, conversationId, SCAM);
      expect((await items(b.c)).map((n) => n.kind)).toEqual(['message']);
      const [flag] = (await boss.get('/api/admin/flags')).json.flags;
      expect((await boss.post(`/api/admin/flags/${flag.id}/review`, { decision: 'removed' })).status).toBe(200);
      expect(await items(b.c)).toEqual([]);
      expect(await unread(b.c)).toBe(0);
      // a's match notification about b goes when either blocks the other.
      expect((await items(a.c)).map((n) => n.kind)).toEqual(['match']);
      expect((await b.c.post('/api/blocks', { blockedUserId: a.id })).status).toBe(201);
      expect(await items(a.c)).toEqual([]);
      expect(await unread(a.c)).toBe(0);
      expect((await a.c.post('/api/notifications/read-all')).json.unread).toBe(0);
      // A suspended (or erased, cascaded away) account's notifications go with it.
      const cal = await signedInStudent(t, 'cal@ucla.edu');
      const dee = await signedInStudent(t, 'dee@ucla.edu');
      await cal.c.post('/api/swipes', { targetUserId: dee.id, action: 'like' });
      expect(await unread(dee.c)).toBe(1);
      const status = await boss.put(`/api/admin/users/${cal.id}/status`, { accountStatus: 'suspended' });
      expect(status.status).toBe(200);
      expect(await unread(dee.c)).toBe(0);
      expect(await items(dee.c)).toEqual([]);
    });

    it('pages with a cursor and marks some or all read', async () => {
      const t = makeTestApp();
      const ben = await signedInStudent(t, 'ben@ucla.edu');
      const likers = [];
      for (const name of ['ana', 'cal', 'dee', 'eve', 'fay']) {
        const s = await signedInStudent(t, `${name}@ucla.edu`);
        likers.push(s);
        await s.c.post('/api/swipes', { targetUserId: ben.id, action: 'like' });
        t.clock.advance(1000);
      }
      const first = (await ben.c.get('/api/notifications?limit=2')).json;
      expect(first.items).toHaveLength(2);
      expect(first.unread).toBe(5);
      const second = (await ben.c.get(`/api/notifications?limit=2&cursor=${first.nextCursor}`)).json;
      const third = (await ben.c.get(`/api/notifications?limit=2&cursor=${second.nextCursor}`)).json;
      expect(third.nextCursor).toBeNull();
      const ids = [...first.items, ...second.items, ...third.items].map((n: Item) => n.id);
      expect(new Set(ids).size).toBe(5);
      expect((await ben.c.get('/api/notifications?cursor=nonsense')).status).toBe(400);
      expect((await ben.c.get('/api/notifications?limit=0')).status).toBe(400);
      // Someone else's ids change nothing.
      const ana = likers[0] as (typeof likers)[number];
      expect((await ana.c.post('/api/notifications/read', { ids })).json.unread).toBe(0);
      expect(await unread(ben.c)).toBe(5);
      expect((await ben.c.post('/api/notifications/read', { ids: ids.slice(0, 2) })).json.unread).toBe(3);
      expect((await ben.c.post('/api/notifications/read', { ids: [] })).status).toBe(400);
      expect((await ben.c.post('/api/notifications/read-all')).json.unread).toBe(0);
      expect((await items(ben.c)).every((n) => n.read)).toBe(true);
    });

    it('needs a session', async () => {
      const t = makeTestApp();
      const c = t.client();
      expect((await c.get('/api/notifications')).status).toBe(401);
      expect((await c.get('/api/notifications/unread-count')).status).toBe(401);
      expect((await c.post('/api/notifications/read-all')).status).toBe(401);
    });
  });

  describe('notification settings and web push (issue 19)', () => {
    const LOCAL = 'http://localhost:3000/dev/push/';

    async function subscribed(c: TestClient, name = 'b1') {
      const browser = browserSubscription(`${LOCAL}${name}`);
      const res = await c.post('/api/notifications/push-subscriptions', {
        endpoint: browser.endpoint,
        expirationTime: null,
        keys: browser.keys,
      });
      expect(res.status).toBe(201);
      return browser;
    }

    const pushesTo = (t: App, endpoint: string) => (t.localPush?.received ?? []).filter((p) => p.endpoint === endpoint);

    it('has defaults, saves switches, quiet hours and the time zone, and refuses bad values', async () => {
      const t = makeTestApp();
      const ben = await signedInStudent(t, 'ben@ucla.edu');
      const got = (await ben.c.get('/api/notifications/preferences')).json;
      expect(got.preferences).toEqual({
        push: { matches: true, messages: true, likes: true, groups: true, account: true },
        quietStart: 23 * 60,
        quietEnd: 8 * 60,
        timeZone: 'America/New_York',
        digest: '6h',
      });
      expect(got.vapidPublicKey).toMatch(/^[\w-]{80,100}$/);
      const next = {
        ...got.preferences,
        push: { ...got.preferences.push, likes: false },
        timeZone: 'America/Los_Angeles',
      };
      expect((await ben.c.put('/api/notifications/preferences', next)).json.preferences).toEqual(next);
      expect((await ben.c.get('/api/notifications/preferences')).json.preferences).toEqual(next);
      for (const bad of [
        { ...next, timeZone: 'Mars/Olympus' },
        { ...next, quietStart: -15 },
        { ...next, quietEnd: 24 * 60 },
        { ...next, digest: 'hourly' },
        { ...next, push: { ...next.push, likes: 'yes' } },
        { ...next, admin: true },
      ]) {
        expect((await ben.c.put('/api/notifications/preferences', bad)).status).toBe(400);
      }
      expect((await ben.c.get('/api/notifications/preferences')).json.preferences).toEqual(next);
    });

    it('pushes an encrypted payload to the subscription that decrypts to the notification, never the text', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      // 12:00 UTC is 08:00 in New York: just outside the default quiet hours.
      const browser = await subscribed(b.c);
      await send(a.c, conversationId, 'Meet at the Powell library steps? my number is 555-0100');
      const [push] = pushesTo(t, browser.endpoint);
      expect(push?.headers['Content-Encoding']).toBe('aes128gcm');
      expect(push?.headers.Authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
      const payload = JSON.parse(browser.decrypt(push?.body as Buffer));
      expect(payload).toEqual({
        id: expect.any(String),
        kind: 'message',
        title: 'New message from ana',
        body: 'Open the chat to read it.',
        link: `/?tab=matches&conversation=${encodeURIComponent(conversationId)}`,
      });
      expect(push?.body.toString('latin1')).not.toContain('Powell');
    });

    it('keeps quiet hours in the student’s time zone and honours each switch; the bell still has it', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      const browser = await subscribed(b.c);
      const prefs = (await b.c.get('/api/notifications/preferences')).json.preferences;
      const save = async (changes: object) =>
        expect((await b.c.put('/api/notifications/preferences', { ...prefs, ...changes })).status).toBe(200);
      const next = async (content: string) => {
        await b.c.post(`/api/conversations/${conversationId}/read`);
        await send(a.c, conversationId, content);
      };
      // The clock says 12:00 UTC: 05:00 in Los Angeles (quiet), 13:00 in London (awake).
      await save({ timeZone: 'America/Los_Angeles' });
      await next('one');
      expect(pushesTo(t, browser.endpoint)).toHaveLength(0);
      expect(await unread(b.c)).toBe(1);
      await save({ timeZone: 'Europe/London' });
      await next('two');
      expect(pushesTo(t, browser.endpoint)).toHaveLength(1);
      // Quiet hours that end at 05:00 let Los Angeles' 05:00 through.
      await save({ timeZone: 'America/Los_Angeles', quietEnd: 5 * 60 });
      await next('three');
      expect(pushesTo(t, browser.endpoint)).toHaveLength(2);
      // Messages switched off: no push, still in the bell.
      await save({ timeZone: 'Europe/London', push: { ...prefs.push, messages: false } });
      await next('four');
      expect(pushesTo(t, browser.endpoint)).toHaveLength(2);
      expect(await unread(b.c)).toBe(1);
    });

    it('drops a subscription its push service answers 410 for', async () => {
      const t = makeTestApp();
      const { a, b, conversationId } = await matchedPair(t);
      const kept = await subscribed(b.c, 'kept');
      const gone = await subscribed(b.c, 'gone');
      t.localPush?.expire(gone.endpoint);
      await send(a.c, conversationId, 'hello');
      expect(pushesTo(t, kept.endpoint)).toHaveLength(1);
      expect((await t.db.pushSubscriptions.list(b.id)).map((s) => s.endpoint)).toEqual([kept.endpoint]);
    });

    it('refuses endpoints that are not push services, and limits subscription writes', async () => {
      const t = makeTestApp();
      const ben = await signedInStudent(t, 'ben@ucla.edu');
      const browser = browserSubscription('http://evil.example/steal');
      const bad = await ben.c.post('/api/notifications/push-subscriptions', {
        endpoint: browser.endpoint,
        keys: browser.keys,
      });
      expect(bad.status).toBe(400);
      const badKeys = await ben.c.post('/api/notifications/push-subscriptions', {
        endpoint: `${LOCAL}x`,
        keys: { p256dh: 'short', auth: 'x' },
      });
      expect(badKeys.status).toBe(400);
      let last = 0;
      for (let i = 0; i < 31; i++) {
        const b = browserSubscription(`${LOCAL}n${i}`);
        last = (await ben.c.post('/api/notifications/push-subscriptions', { endpoint: b.endpoint, keys: b.keys }))
          .status;
      }
      expect(last).toBe(429);
      expect((await t.db.pushSubscriptions.list(ben.id)).length).toBe(30);
    });

    it('forgets a subscription on request', async () => {
      const t = makeTestApp();
      const ben = await signedInStudent(t, 'ben@ucla.edu');
      const browser = await subscribed(ben.c);
      const res = await ben.c.post('/api/notifications/push-subscriptions/remove', { endpoint: browser.endpoint });
      expect(res.status).toBe(200);
      expect(await t.db.pushSubscriptions.list(ben.id)).toEqual([]);
    });

    it('sends no push and accepts no subscription in production without VAPID keys', async () => {
      const t = makeTestApp({ NODE_ENV: 'production', APP_URL: 'https://nestmate.test' });
      expect(t.env.vapid).toBeNull();
      expect(t.localPush).toBeNull();
      expect(t.notificationDeps.push.enabled).toBe(false);
    });
  });
});
