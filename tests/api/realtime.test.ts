/**
 * Issue 14: an open WebSocket lives no longer than its session. Real `ws` clients against the real
 * app on a port; every ending closes the socket by itself, without the client sending anything.
 */
import { REALTIME_CLOSE } from '../../core/messaging/ports';
import { MESSAGE_MESSAGES, MESSAGES_PER_HOUR } from '../../core/messaging/rules';
import { closedWithin, connectSocket, listenLive } from '../support/realtime';
import { matchedPair, signedInStudent } from '../support/students';
import { GOOD_PASSWORD, latestLink, makeTestApp, signedInClient, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;

/** A second session of the same account (another device): its own session family. */
async function secondSession(t: App, email: string): Promise<TestClient> {
  const c = t.client();
  const res = await c.post('/api/auth/sign-in', { email, password: GOOD_PASSWORD });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.text}`);
  return c;
}

/** Opens a socket and waits for the server's `ready`. */
async function openSocket(url: string, c: TestClient) {
  const s = connectSocket(url, c);
  await s.opened;
  await s.next('ready');
  return s;
}

/** The socket still answers a ping: it was left open. */
async function stillOpen(s: ReturnType<typeof connectSocket>) {
  s.send({ type: 'ping' });
  await s.next('pong');
}

describe('a socket lives no longer than its session (issue 14)', () => {
  it('closes the sockets of a signed-out session at once, and leaves the same account’s other session open', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const phone = await secondSession(t, 'ana@ucla.edu');
    const { http, url } = await listenLive(t);
    try {
      const laptopSocket = await openSocket(url, a.c);
      const phoneSocket = await openSocket(url, phone);
      expect((await a.c.post('/api/auth/sign-out')).status).toBe(204);
      expect((await closedWithin(laptopSocket)).code).toBe(REALTIME_CLOSE.sessionEnded);
      await stillOpen(phoneSocket);
      phoneSocket.ws.close();
    } finally {
      await http.close();
    }
  });

  it('closes the sockets of a session family revoked for refresh-token reuse', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const { http, url } = await listenLive(t);
    try {
      const socket = await openSocket(url, a.c);
      const thief = t.client();
      for (const [k, v] of a.c.cookies) thief.cookies.set(k, v);
      expect((await a.c.post('/api/auth/refresh')).status).toBe(200);
      // The thief replays the refresh token the owner already rotated: the whole family is revoked (D6).
      expect((await thief.post('/api/auth/refresh')).status).toBe(401);
      expect((await closedWithin(socket)).code).toBe(REALTIME_CLOSE.sessionEnded);
    } finally {
      await http.close();
    }
  });

  it('closes every socket of the account at a password reset', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const phone = await secondSession(t, 'ana@ucla.edu');
    const { http, url } = await listenLive(t);
    try {
      const sockets = [await openSocket(url, a.c), await openSocket(url, phone)];
      const c = t.client();
      await c.post('/api/auth/password-reset', { email: 'ana@ucla.edu' });
      const token = new URL(await latestLink(t, 'ana@ucla.edu')).searchParams.get('token');
      expect((await c.post('/api/auth/password-reset/confirm', { token, password: 'Brand-New-Pass-7' })).status).toBe(
        200,
      );
      const codes = await Promise.all(sockets.map((s) => closedWithin(s)));
      expect(codes.map((c) => c.code)).toEqual([REALTIME_CLOSE.sessionEnded, REALTIME_CLOSE.sessionEnded]);
    } finally {
      await http.close();
    }
  });

  it('closes every socket of an account an admin suspends', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const admin = await signedInClient(t, 'dean@ucla.edu');
    await t.db.admins.setActive('dean@ucla.edu', true, t.clock.now());
    const { http, url } = await listenLive(t);
    try {
      const socket = await openSocket(url, a.c);
      const res = await admin.request('PUT', `/api/admin/users/${a.id}/status`, { accountStatus: 'suspended' });
      expect(res.status).toBe(200);
      expect((await closedWithin(socket)).code).toBe(REALTIME_CLOSE.sessionEnded);
    } finally {
      await http.close();
    }
  });

  it('closes every socket of an account whose deletion is requested', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const phone = await secondSession(t, 'ana@ucla.edu');
    const { http, url } = await listenLive(t);
    try {
      const sockets = [await openSocket(url, a.c), await openSocket(url, phone)];
      expect((await a.c.post('/api/data-requests', { requestType: 'deletion' })).status).toBe(201);
      const codes = await Promise.all(sockets.map((s) => closedWithin(s)));
      expect(codes.map((c) => c.code)).toEqual([REALTIME_CLOSE.sessionEnded, REALTIME_CLOSE.sessionEnded]);
    } finally {
      await http.close();
    }
  });

  it('ends a socket’s access with its access token; after a refresh the client connects again', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const { http, url } = await listenLive(t);
    try {
      const socket = await openSocket(url, a.c);
      t.clock.advance(15 * 60_000 + 1000);
      socket.send({ type: 'message.send', ref: 'late', conversationId, content: 'After my token expired' });
      expect((await closedWithin(socket)).code).toBe(REALTIME_CLOSE.sessionExpired);
      expect(socket.frames.filter((f) => f.type === 'message.sent')).toEqual([]);
      // What the web client does on that close code: refresh over HTTP, reconnect with the new cookie.
      expect((await a.c.post('/api/auth/refresh')).status).toBe(200);
      const again = await openSocket(url, a.c);
      again.send({ type: 'message.send', ref: 'fresh', conversationId, content: 'With a fresh token' });
      expect(await again.next('message.sent')).toMatchObject({ ref: 'fresh' });
      expect((await b.c.post('/api/auth/refresh')).status).toBe(200);
      const stored = (await b.c.get(`/api/conversations/${conversationId}/messages`)).json.messages;
      expect(stored.map((m: { content: string }) => m.content)).toEqual(['With a fresh token']);
      again.ws.close();
    } finally {
      await http.close();
    }
  });

  it('refuses a frame once the session ended where no event reached the socket (a CLI on SQLite)', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const { http, url } = await listenLive(t);
    try {
      const socket = await openSocket(url, a.c);
      // Another process (the CLI) suspends the account in the database; this server hears nothing.
      expect(await t.db.admins.setUserStatus(a.id, 'suspended', t.clock.now())).toBe(true);
      socket.send({ type: 'message.send', ref: 'r1', conversationId, content: 'Still here?' });
      expect((await closedWithin(socket)).code).toBe(REALTIME_CLOSE.sessionEnded);
      expect(socket.frames.filter((f) => f.type === 'message.sent')).toEqual([]);
      // Reactivated, so the conversation can be read again: nothing was stored.
      await t.db.admins.setUserStatus(a.id, 'active', t.clock.now());
      const stored = (await b.c.get(`/api/conversations/${conversationId}/messages`)).json.messages;
      expect(stored).toEqual([]);
    } finally {
      await http.close();
    }
  });
});

describe('call signals belong to a live call (issue 14)', () => {
  it('refuses answer and ICE frames with an invented call id and relays nothing to the match', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const { http, url } = await listenLive(t);
    try {
      const aSocket = await openSocket(url, a.c);
      const bSocket = await openSocket(url, b.c);
      for (const kind of ['answer', 'ice', 'end'] as const) {
        bSocket.send({ type: 'call', kind, toUserId: a.id, callId: 'invented-call-id', sdp: 'v=0', candidate: {} });
        expect(await bSocket.next('error')).toMatchObject({ code: 'CALLS.NO_SUCH_CALL' });
      }
      // A message sent after the signals reaches Ana after anything they would have relayed.
      bSocket.send({ type: 'message.send', ref: 'after', conversationId, content: 'Hi' });
      await aSocket.next('message.created');
      expect(aSocket.frames.filter((f) => f.type === 'call')).toEqual([]);
      aSocket.ws.close();
      bSocket.ws.close();
    } finally {
      await http.close();
    }
  });
});

describe('a new match over the socket (issue 17)', () => {
  it('tells both students live, and the one whose like made the match that it was theirs', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const b = await signedInStudent(t, 'ben@ucla.edu');
    const { http, url } = await listenLive(t);
    try {
      const aSocket = await openSocket(url, a.c);
      const bSocket = await openSocket(url, b.c);
      await a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' });
      const { conversationId } = (await b.c.post('/api/swipes', { targetUserId: a.id, action: 'like' })).json;
      // Ana liked first, so she is the other side: the notice is hers.
      expect(await aSocket.next('match.created')).toEqual({
        type: 'match.created',
        conversationId,
        userId: b.id,
        byYou: false,
      });
      expect(await bSocket.next('match.created')).toEqual({
        type: 'match.created',
        conversationId,
        userId: a.id,
        byYou: true,
      });
      aSocket.ws.close();
      bSocket.ws.close();
    } finally {
      await http.close();
    }
  });
});

describe('group member lists live (issue 17)', () => {
  it('tells every member when someone joins or leaves', async () => {
    const t = makeTestApp();
    const a = await signedInStudent(t, 'ana@ucla.edu');
    const b = await signedInStudent(t, 'ben@ucla.edu');
    const { http, url } = await listenLive(t);
    try {
      const group = (await a.c.post('/api/groups', { name: 'Westwood Crew' })).json.group;
      const { inviteCode } = (await a.c.post(`/api/groups/${group.id}/invite-code`)).json;
      const aSocket = await openSocket(url, a.c);
      const bSocket = await openSocket(url, b.c);
      expect((await b.c.post('/api/groups/join', { inviteCode })).status).toBe(200);
      expect(await aSocket.next('group.updated')).toEqual({ type: 'group.updated', groupId: group.id });
      expect(await bSocket.next('group.updated')).toEqual({ type: 'group.updated', groupId: group.id });
      expect((await b.c.post(`/api/groups/${group.id}/leave`)).status).toBe(200);
      expect(await aSocket.next('group.updated')).toEqual({ type: 'group.updated', groupId: group.id });
      aSocket.ws.close();
      bSocket.ws.close();
    } finally {
      await http.close();
    }
  });
});

describe('a block closes the chat live (issue 17)', () => {
  it('tells both students the conversation is gone', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const { http, url } = await listenLive(t);
    try {
      const aSocket = await openSocket(url, a.c);
      const bSocket = await openSocket(url, b.c);
      expect((await a.c.post('/api/blocks', { blockedUserId: b.id })).status).toBe(201);
      expect(await bSocket.next('conversation.deleted')).toEqual({ type: 'conversation.deleted', conversationId });
      expect(await aSocket.next('conversation.deleted')).toEqual({ type: 'conversation.deleted', conversationId });
      aSocket.ws.close();
      bSocket.ws.close();
    } finally {
      await http.close();
    }
  });
});

describe('the hourly message cap over the socket (D19; issue 14 item 7)', () => {
  it('refuses the 201st message in an hour with the spec text and when to try again', async () => {
    const t = makeTestApp();
    const { a, conversationId } = await matchedPair(t);
    // 200 messages in the last ten minutes, straight through the repository (the socket would take a while).
    for (let i = 0; i < MESSAGES_PER_HOUR; i++)
      await t.db.conversations.send(
        { id: `m-${i}`, conversationId, senderId: a.id, content: `m${i}`, createdAt: t.clock.now() },
        new Date(0),
        () => true,
      );
    t.clock.advance(10 * 60_000);
    expect((await a.c.post('/api/auth/refresh')).status).toBe(200);
    const { http, url } = await listenLive(t);
    try {
      const socket = await openSocket(url, a.c);
      socket.send({ type: 'message.send', ref: 'over', conversationId, content: 'One more' });
      expect(await socket.next('error')).toEqual({
        type: 'error',
        ref: 'over',
        code: 'MESSAGES.RATE_LIMITED',
        message: MESSAGE_MESSAGES.rate,
        // The first of the 200 leaves the hour 50 minutes from now, as the HTTP answer's Retry-After says.
        retryAfterSeconds: 50 * 60,
      });
      socket.ws.close();
    } finally {
      await http.close();
    }
  });
});
