import { RECIPIENT_WARNINGS } from '../../core/moderation/warnings';
import { connectSocket, listenLive } from '../support/realtime';
import { matchedPair, rawSql } from '../support/students';
import { makeTestApp, signedInClient, type TestClient } from '../support/test-app';

// Blatant examples, so the committed model's retraining does not move them across a threshold.
const SCAM = "I'm out of the country right now, wire the deposit today and I will mail you the keys, no viewing needed";
const HARASSMENT = 'You are a worthless stupid bitch, I know where you live';
// Nudged (at least 0.8) but below the hold threshold (0.95): sent anyway, it is delivered. Not
// "... idiot lol": the corpus counts teasing among friends as harmless, and the model grew less sure of it.
const MILD = 'you are such an idiot';
// Held back until an admin approves them (issue 15, "Held back").
const PHISHING = 'Send me your school login and password so I can add you to the lease portal';

const post = (c: TestClient, id: string, body: Record<string, unknown>) =>
  c.post(`/api/conversations/${id}/messages`, body);
const list = async (c: TestClient, id: string) =>
  (await c.get(`/api/conversations/${id}/messages`)).json.messages as { content: string; warning: unknown }[];
const flagRows = (t: ReturnType<typeof makeTestApp>) =>
  rawSql(t).prepare('SELECT flag_reason, flagged_by, status FROM content_flags').all();

describe('what people see of a flag (issue 15)', () => {
  it('shows the recipient a warning under a flagged scam; the sender never learns it was flagged', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const sent = await post(a.c, conversationId, { content: SCAM });
    expect(sent.status).toBe(201);
    expect(sent.json.message.warning).toBeNull();
    await post(a.c, conversationId, { content: 'Happy to do a video tour on Saturday too' });
    const warning = { category: 'rental_scam', text: RECIPIENT_WARNINGS.rental_scam };
    expect((await list(b.c, conversationId)).map((m) => m.warning)).toEqual([warning, null]);
    expect((await list(a.c, conversationId)).map((m) => m.warning)).toEqual([null, null]);
    // Once an admin approves the message the warning goes.
    rawSql(t).prepare(`UPDATE content_flags SET status = 'approved'`).run();
    expect((await list(b.c, conversationId)).map((m) => m.warning)).toEqual([null, null]);
  });

  it('asks "Are you sure?" before (mild) harassment and stores nothing; sent anyway, it is delivered and recorded', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const refused = await post(a.c, conversationId, { content: MILD });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'MESSAGES.CONFIRM_NEEDED', title: 'Are you sure?' });
    expect(refused.json.detail).toMatch(/hurt or upset/);
    expect(await list(b.c, conversationId)).toEqual([]);
    expect(flagRows(t)).toEqual([]);
    expect((await post(a.c, conversationId, { content: MILD, confirmed: false })).status).toBe(409);

    const sent = await post(a.c, conversationId, { content: MILD, confirmed: true });
    expect(sent.status).toBe(201);
    expect((await list(b.c, conversationId)).map((m) => [m.content, m.warning])).toEqual([[MILD, null]]);
    expect(flagRows(t)).toEqual([
      { flag_reason: 'harassment', flagged_by: 'system:sent-after-warning', status: 'pending' },
    ]);
  });

  it('does not ask about harmless text or scams, and `confirmed` on them records no warning', async () => {
    const t = makeTestApp();
    const { a, conversationId } = await matchedPair(t);
    expect((await post(a.c, conversationId, { content: 'See you at the leasing office at 3' })).status).toBe(201);
    expect((await post(a.c, conversationId, { content: SCAM, confirmed: true })).status).toBe(201);
    expect(flagRows(t)).toEqual([{ flag_reason: 'rental_scam', flagged_by: 'system', status: 'pending' }]);
    expect((await post(a.c, conversationId, { content: 'hi', confirmed: 'yes' })).status).toBe(400);
  });

  it('does the same over the socket: the error frame names the code, `confirmed` sends, each side its own view', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const { http, url } = await listenLive(t);
    try {
      const aSocket = connectSocket(url, a.c);
      const bSocket = connectSocket(url, b.c);
      await Promise.all([aSocket.opened, bSocket.opened]);
      const frame = (ref: string, content: string, confirmed?: boolean) =>
        aSocket.ws.send(JSON.stringify({ type: 'message.send', ref, conversationId, content, confirmed }));
      frame('n1', MILD);
      expect(await aSocket.next('error')).toMatchObject({ ref: 'n1', code: 'MESSAGES.CONFIRM_NEEDED' });
      expect(await list(b.c, conversationId)).toEqual([]);
      frame('n2', MILD, true);
      expect(await aSocket.next('message.sent')).toMatchObject({ ref: 'n2', message: { content: MILD } });
      expect((await bSocket.next('message.created')).message).toMatchObject({ content: MILD, warning: null });

      frame('s1', SCAM);
      const ack = await aSocket.next('message.sent');
      expect(ack).toMatchObject({ ref: 's1', message: { warning: null } });
      const created = await bSocket.next('message.created');
      expect(created.message).toMatchObject({
        content: SCAM,
        warning: { category: 'rental_scam', text: RECIPIENT_WARNINGS.rental_scam },
      });
      for (const s of [aSocket, bSocket]) s.ws.close();
    } finally {
      await http.close();
    }
  });
});

describe('held back until an admin approves (issue 15)', () => {
  type Shown = { content: string; pendingReview: boolean };
  const shown = async (c: TestClient, id: string) =>
    ((await c.get(`/api/conversations/${id}/messages`)).json.messages as Shown[]).map((m) => [
      m.content,
      m.pendingReview,
    ]);
  const summary = async (c: TestClient) => (await c.get('/api/conversations')).json.conversations[0];
  const flagIdOf = (t: ReturnType<typeof makeTestApp>, content: string) =>
    (
      rawSql(t)
        .prepare('SELECT f.id FROM content_flags f JOIN messages m ON m.id = f.content_id WHERE m.content = ? LIMIT 1')
        .get(content) as { id: string }
    ).id;
  async function withAdmin(t: ReturnType<typeof makeTestApp>) {
    const admin = await signedInClient(t, 'dean@ucla.edu');
    await t.db.admins.setActive('dean@ucla.edu', true, t.clock.now());
    return admin;
  }

  it('keeps a confident phishing or harassment message from the recipient on every read path', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    await post(a.c, conversationId, { content: 'Hi Ben, still looking for a room?' });
    const phishing = await post(a.c, conversationId, { content: PHISHING });
    expect(phishing.status).toBe(201);
    expect(phishing.json.message).toMatchObject({ content: PHISHING, pendingReview: true, warning: null });
    // Harassment is nudged first; sent anyway, it is held too.
    expect((await post(a.c, conversationId, { content: HARASSMENT })).status).toBe(409);
    expect((await post(a.c, conversationId, { content: HARASSMENT, confirmed: true })).json.message).toMatchObject({
      pendingReview: true,
    });

    expect(await shown(a.c, conversationId)).toEqual([
      ['Hi Ben, still looking for a room?', false],
      [PHISHING, true],
      [HARASSMENT, true],
    ]);
    expect(await shown(b.c, conversationId)).toEqual([['Hi Ben, still looking for a room?', false]]);
    // Catching up after a reconnect (`after`) and history (`before`) hide them too.
    const caughtUp = await b.c.get(`/api/conversations/${conversationId}/messages?after=0`);
    expect(caughtUp.json.messages.map((m: Shown) => m.content)).toEqual(['Hi Ben, still looking for a room?']);
    expect(await summary(b.c)).toMatchObject({
      unreadCount: 1,
      lastMessageText: 'Hi Ben, still looking for a room?',
    });
    expect((await summary(a.c)).lastMessageText).toBe('Hi Ben, still looking for a room?');
    // Reading the chat marks only what the recipient saw.
    await b.c.post(`/api/conversations/${conversationId}/read`, {});
    expect(rawSql(t).prepare('SELECT content, is_read FROM messages ORDER BY seq').all()).toEqual([
      { content: 'Hi Ben, still looking for a room?', is_read: 1 },
      { content: PHISHING, is_read: 0 },
      { content: HARASSMENT, is_read: 0 },
    ]);
    expect(flagRows(t)).toEqual([
      { flag_reason: 'phishing', flagged_by: 'system', status: 'pending' },
      { flag_reason: 'harassment', flagged_by: 'system:sent-after-warning', status: 'pending' },
    ]);
  });

  it('publishes a held message to its sender only, over HTTP and the socket alike', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const { http, url } = await listenLive(t);
    try {
      const aSocket = connectSocket(url, a.c);
      const bSocket = connectSocket(url, b.c);
      await Promise.all([aSocket.opened, bSocket.opened]);
      aSocket.send({ type: 'message.send', ref: 'p1', conversationId, content: PHISHING });
      expect(await aSocket.next('message.sent')).toMatchObject({ ref: 'p1', message: { pendingReview: true } });
      expect((await aSocket.next('message.created')).message).toMatchObject({ content: PHISHING, pendingReview: true });
      await post(a.c, conversationId, { content: 'See you Saturday' });
      // The next message arrives; the held one before it never did.
      expect((await bSocket.next('message.created')).message).toMatchObject({ content: 'See you Saturday' });
      expect(bSocket.frames.filter((f) => f.type === 'message.created')).toEqual([]);
      expect(await shown(b.c, conversationId)).toEqual([['See you Saturday', false]]);
      for (const s of [aSocket, bSocket]) s.ws.close();
    } finally {
      await http.close();
    }
  });

  it('releases the message when an admin approves it: the recipient receives it live and in every list', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const admin = await withAdmin(t);
    await post(a.c, conversationId, { content: PHISHING });
    expect(await shown(b.c, conversationId)).toEqual([]);
    expect(await summary(b.c)).toMatchObject({ unreadCount: 0, lastMessageText: null });
    const { http, url } = await listenLive(t);
    try {
      const aSocket = connectSocket(url, a.c);
      const bSocket = connectSocket(url, b.c);
      await Promise.all([aSocket.opened, bSocket.opened]);
      const review = await admin.post(`/api/admin/flags/${flagIdOf(t, PHISHING)}/review`, { decision: 'approved' });
      expect(review.status).toBe(200);
      // Approved, it carries no warning either: an admin found it harmless.
      expect((await bSocket.next('message.created')).message).toMatchObject({
        content: PHISHING,
        pendingReview: false,
        warning: null,
      });
      expect((await aSocket.next('message.created')).message).toMatchObject({
        content: PHISHING,
        pendingReview: false,
      });
      for (const s of [aSocket, bSocket]) s.ws.close();
    } finally {
      await http.close();
    }
    expect(await shown(b.c, conversationId)).toEqual([[PHISHING, false]]);
    expect(await shown(a.c, conversationId)).toEqual([[PHISHING, false]]);
    expect(await summary(b.c)).toMatchObject({ unreadCount: 1, lastMessageText: PHISHING });
  });

  it('keeps a removed held message hidden from the recipient, and takes it from the sender too (D22)', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const admin = await withAdmin(t);
    await post(a.c, conversationId, { content: PHISHING });
    const review = await admin.post(`/api/admin/flags/${flagIdOf(t, PHISHING)}/review`, { decision: 'removed' });
    expect(review.status).toBe(200);
    expect(await shown(b.c, conversationId)).toEqual([]);
    expect(await shown(a.c, conversationId)).toEqual([]);
    expect(await summary(b.c)).toMatchObject({ unreadCount: 0, lastMessageText: null });
  });
});
