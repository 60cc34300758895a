import { connectSocket, listenLive } from '../support/realtime';
import { makeGold, matchedPair, quickStudent, rawSql, signedInStudent } from '../support/students';
import { makeTestApp, type TestClient } from '../support/test-app';

const send = (c: TestClient, id: string, content: string) => c.post(`/api/conversations/${id}/messages`, { content });

describe('conversations and messages', () => {
  it('opens a conversation at the match; messages flow, with unread counts and read receipts', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const list = (await a.c.get('/api/conversations')).json.conversations;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: conversationId,
      otherUser: { userId: b.id, name: 'ben' },
      lastMessageText: null,
    });
    const sent = await send(a.c, conversationId, '  Hi Ben! <script>x()</script>Want to tour Westwood?  ');
    expect(sent.status).toBe(201);
    expect(sent.json.message).toMatchObject({
      senderId: a.id,
      content: 'Hi Ben! Want to tour Westwood?',
      isRead: false,
    });
    const bList = (await b.c.get('/api/conversations')).json.conversations;
    expect(bList[0]).toMatchObject({ unreadCount: 1, lastMessageText: 'Hi Ben! Want to tour Westwood?' });
    expect((await b.c.post(`/api/conversations/${conversationId}/read`)).json.upToSeq).toBe(sent.json.message.seq);
    const msgs = (await a.c.get(`/api/conversations/${conversationId}/messages`)).json.messages;
    expect(msgs.map((m: { isRead: boolean }) => m.isRead)).toEqual([true]);
    expect((await b.c.get('/api/conversations')).json.conversations[0].unreadCount).toBe(0);
    // The same conversation comes back from create-or-get.
    expect((await a.c.post('/api/conversations', { withUserId: b.id })).json.id).toBe(conversationId);
  });

  it('refuses empty, script-only and 10,001-character messages, and stores nothing', async () => {
    const t = makeTestApp();
    const { a, conversationId } = await matchedPair(t);
    for (const content of ['', '   ', '<script>alert(1)</script>', '<!-- -->']) {
      const res = await send(a.c, conversationId, content);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Invalid message - Message contains invalid content');
    }
    expect((await send(a.c, conversationId, 'x'.repeat(10_001))).status).toBe(400);
    expect((await send(a.c, conversationId, 'x'.repeat(10_000))).status).toBe(201);
    expect((await a.c.get(`/api/conversations/${conversationId}/messages`)).json.messages).toHaveLength(1);
  });

  it('keeps everyone else out, without revealing the conversation exists', async () => {
    const t = makeTestApp();
    const { conversationId } = await matchedPair(t);
    const eve = await signedInStudent(t, 'eve@ucla.edu');
    const ghost = '00000000-0000-4000-8000-000000000000_00000000-0000-4000-8000-000000000001';
    for (const id of [conversationId, ghost]) {
      expect((await send(eve.c, id, 'hi')).status).toBe(404);
      expect((await eve.c.get(`/api/conversations/${id}/messages`)).status).toBe(404);
      expect((await eve.c.post(`/api/conversations/${id}/read`)).status).toBe(404);
      expect((await eve.c.request('DELETE', `/api/conversations/${id}`)).status).toBe(404);
    }
    const res = await eve.c.post('/api/conversations', { withUserId: conversationId.split('_')[0] });
    expect(res.status).toBe(403);
  });

  it('closes the conversation for both when one blocks the other (D19)', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    rawSql(t)
      .prepare('INSERT INTO blocked_users (id, blocker_id, blocked_user_id, created_at) VALUES (?, ?, ?, ?)')
      .run('blk', b.id, a.id, Date.now());
    const res = await send(a.c, conversationId, 'hello?');
    expect(res.status).toBe(403);
    expect((await a.c.get('/api/conversations')).json.conversations).toEqual([]);
    expect((await b.c.get('/api/conversations')).json.conversations).toEqual([]);
  });

  it('stops the 201st message in an hour (D19)', async () => {
    const t = makeTestApp();
    const { a, conversationId } = await matchedPair(t);
    for (let i = 0; i < 200; i++) expect((await send(a.c, conversationId, `m${i}`)).status).toBe(201);
    const over = await send(a.c, conversationId, 'one more');
    expect(over.status).toBe(429);
    expect(over.json).toMatchObject({
      title: 'Rate limit exceeded',
      detail: "You've reached your hourly message limit. Please try again later.",
    });
    t.clock.advance(60 * 60_000 + 1000);
    await a.c.post('/api/auth/refresh');
    expect((await send(a.c, conversationId, 'later')).status).toBe(201);
  });

  it('deletes for the deleter only, until both have deleted it', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    await send(a.c, conversationId, 'first');
    expect((await a.c.request('DELETE', `/api/conversations/${conversationId}`)).json).toEqual({ deleted: true });
    expect((await a.c.get('/api/conversations')).json.conversations).toEqual([]);
    expect((await b.c.get(`/api/conversations/${conversationId}/messages`)).json.messages).toHaveLength(1);
    await send(b.c, conversationId, 'still there?');
    const back = (await a.c.get(`/api/conversations/${conversationId}/messages`)).json.messages;
    expect(back.map((m: { content: string }) => m.content)).toEqual(['still there?']);
    await a.c.request('DELETE', `/api/conversations/${conversationId}`);
    await b.c.request('DELETE', `/api/conversations/${conversationId}`);
    const left = rawSql(t).prepare('SELECT count(*) AS n FROM messages WHERE conversation_id = ?').get(conversationId);
    expect(left).toEqual({ n: 0 });
  });

  it('pages history and catches up after a sequence number', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const seqs: number[] = [];
    for (let i = 0; i < 5; i++) seqs.push((await send(a.c, conversationId, `m${i}`)).json.message.seq);
    const after = (await b.c.get(`/api/conversations/${conversationId}/messages?after=${seqs[2]}`)).json.messages;
    expect(after.map((m: { content: string }) => m.content)).toEqual(['m3', 'm4']);
    const page = (await b.c.get(`/api/conversations/${conversationId}/messages?before=${seqs[3]}&limit=2`)).json
      .messages;
    expect(page.map((m: { content: string }) => m.content)).toEqual(['m1', 'm2']);
  });

  it('flags a scam message for moderation but still delivers it (D22)', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const res = await send(
      a.c,
      conversationId,
      "I'm out of the country, please wire transfer the deposit before viewing",
    );
    expect(res.status).toBe(201);
    expect((await b.c.get(`/api/conversations/${conversationId}/messages`)).json.messages).toHaveLength(1);
    const flags = rawSql(t).prepare('SELECT * FROM content_flags').all() as { flag_reason: string; status: string }[];
    expect(flags.map((f) => [f.flag_reason, f.status])).toEqual([['rental_scam', 'pending']]);
    await send(a.c, conversationId, 'See you at the open house on Saturday!');
    expect(rawSql(t).prepare('SELECT count(*) AS n FROM content_flags').get()).toEqual({ n: 1 });
  });

  it('suggests icebreakers from the other person’s prompts', async () => {
    const t = makeTestApp();
    const { a, conversationId } = await matchedPair(t);
    const res = await a.c.get(`/api/conversations/${conversationId}/icebreakers`);
    expect(res.json.suggestions).toHaveLength(3);
    expect(res.json.suggestions[0]).toMatch(/^Hi ben! You answered/);
  });
});

describe('realtime and calls over the WebSocket', () => {
  it('delivers messages and read receipts live, and refuses a socket without a session', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const { http, url } = await listenLive(t);
    try {
      await expect(connectSocket(url, null).opened).rejects.toThrow('HTTP 401');
      const bSocket = connectSocket(url, b.c);
      const aSocket = connectSocket(url, a.c);
      await Promise.all([bSocket.opened, aSocket.opened]);
      await bSocket.next('ready');
      await send(a.c, conversationId, 'live hello');
      const frame = await bSocket.next('message.created');
      expect(frame.message).toMatchObject({ content: 'live hello', senderId: a.id });
      await b.c.post(`/api/conversations/${conversationId}/read`);
      expect(await aSocket.next('messages.read')).toMatchObject({ conversationId, readerId: b.id });
      bSocket.ws.send(JSON.stringify({ type: 'ping' }));
      await bSocket.next('pong');
      bSocket.ws.close();
      aSocket.ws.close();
    } finally {
      await http.close();
    }
  });

  it('relays a Gold member’s call to a match only; free callers get the Premium Feature error', async () => {
    const t = makeTestApp();
    const { a, b } = await matchedPair(t);
    const stranger = await quickStudent(t, 'stranger@ucla.edu');
    const { http, url } = await listenLive(t);
    try {
      const aSocket = connectSocket(url, a.c);
      const bSocket = connectSocket(url, b.c);
      await Promise.all([aSocket.opened, bSocket.opened]);
      aSocket.ws.send(JSON.stringify({ type: 'call', kind: 'offer', toUserId: b.id, media: 'video', sdp: 'v=0' }));
      expect(await aSocket.next('error')).toMatchObject({ code: 'CALLS.PREMIUM_REQUIRED', title: 'Premium Feature' });
      await makeGold(t, a.id);
      aSocket.ws.send(JSON.stringify({ type: 'call', kind: 'offer', toUserId: stranger, media: 'video', sdp: 'v=0' }));
      expect(await aSocket.next('error')).toMatchObject({ code: 'CALLS.NOT_ALLOWED' });
      aSocket.ws.send(JSON.stringify({ type: 'call', kind: 'offer', toUserId: b.id, media: 'video', sdp: 'v=0' }));
      const started = await aSocket.next('call.started');
      const offer = await bSocket.next('call');
      expect(offer.signal).toMatchObject({ kind: 'offer', fromUserId: a.id, sdp: 'v=0', callId: started.callId });
      // A forged answer from someone outside the call is not relayed.
      bSocket.ws.send(
        JSON.stringify({ type: 'call', kind: 'answer', toUserId: stranger, callId: started.callId, sdp: 'x' }),
      );
      expect(await bSocket.next('error')).toMatchObject({ code: 'CALLS.NO_SUCH_CALL' });
      bSocket.ws.send(
        JSON.stringify({ type: 'call', kind: 'answer', toUserId: a.id, callId: started.callId, sdp: 'v=1' }),
      );
      expect((await aSocket.next('call')).signal).toMatchObject({ kind: 'answer', sdp: 'v=1' });
      aSocket.ws.close();
      bSocket.ws.close();
    } finally {
      await http.close();
    }
  });

  it('sends a message over the socket with the same rules: an ack with its ref, a refusal stores nothing', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const outsider = await signedInStudent(t, 'cam@ucla.edu');
    const { http, url } = await listenLive(t);
    try {
      const aSocket = connectSocket(url, a.c);
      const bSocket = connectSocket(url, b.c);
      const cSocket = connectSocket(url, outsider.c);
      await Promise.all([aSocket.opened, bSocket.opened, cSocket.opened]);
      aSocket.ws.send(JSON.stringify({ type: 'message.send', ref: 'r1', conversationId, content: 'Over the socket' }));
      const ack = await aSocket.next('message.sent');
      expect(ack).toMatchObject({ ref: 'r1', message: { conversationId, senderId: a.id, content: 'Over the socket' } });
      const got = await bSocket.next('message.created');
      expect(got.message).toMatchObject({ id: (ack.message as { id: string }).id, content: 'Over the socket' });

      for (const [ref, frame, code] of [
        ['r2', { conversationId, content: '   ' }, 'MESSAGES.INVALID'],
        ['r3', { conversationId, content: 'x'.repeat(10_001) }, 'MESSAGES.TOO_LONG'],
        ['r4', { conversationId, content: '<script>alert(1)</script>' }, 'MESSAGES.INVALID'],
      ] as const) {
        aSocket.ws.send(JSON.stringify({ type: 'message.send', ref, ...frame }));
        expect(await aSocket.next('error')).toMatchObject({ ref, code });
      }
      cSocket.ws.send(JSON.stringify({ type: 'message.send', ref: 'r5', conversationId, content: 'Let me in' }));
      expect(await cSocket.next('error')).toMatchObject({ ref: 'r5', code: 'MESSAGES.CONVERSATION_NOT_FOUND' });
      const stored = (await a.c.get(`/api/conversations/${conversationId}/messages`)).json.messages;
      expect(stored.map((m: { content: string }) => m.content)).toEqual(['Over the socket']);
      for (const s of [aSocket, bSocket, cSocket]) s.ws.close();
    } finally {
      await http.close();
    }
  });

  it('ends an unanswered call at the ringing timeout, and closes a flooding socket', async () => {
    const t = makeTestApp();
    const { a, b } = await matchedPair(t);
    await makeGold(t, a.id);
    const { http, url } = await listenLive(t);
    try {
      const aSocket = connectSocket(url, a.c);
      const bSocket = connectSocket(url, b.c);
      await Promise.all([aSocket.opened, bSocket.opened]);
      aSocket.ws.send(JSON.stringify({ type: 'call', kind: 'offer', toUserId: b.id, media: 'voice', sdp: 'v=0' }));
      await bSocket.next('call');
      const timeout = await bSocket.next('call', 3000);
      expect(timeout.signal).toMatchObject({ kind: 'ringing-timeout' });
      const closed = new Promise<number>((r) => bSocket.ws.once('close', (code) => r(code)));
      for (let i = 0; i < 200; i++) bSocket.ws.send(JSON.stringify({ type: 'ping' }));
      expect(await closed).toBe(1008);
      aSocket.ws.close();
    } finally {
      await http.close();
    }
  });
});
