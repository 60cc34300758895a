import { RECIPIENT_WARNINGS } from '../../core/moderation/warnings';
import { connectSocket, listenLive } from '../support/realtime';
import { matchedPair, rawSql } from '../support/students';
import { makeTestApp, type TestClient } from '../support/test-app';

// Blatant examples, so the committed model's retraining does not move them across a threshold.
const SCAM = "I'm out of the country right now, wire the deposit today and I will mail you the keys, no viewing needed";
const HARASSMENT = 'You are a worthless stupid bitch, I know where you live';

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

  it('asks "Are you sure?" before harassment and stores nothing; sent anyway, it is delivered and recorded', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matchedPair(t);
    const refused = await post(a.c, conversationId, { content: HARASSMENT });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: 'MESSAGES.CONFIRM_NEEDED', title: 'Are you sure?' });
    expect(refused.json.detail).toMatch(/hurt or upset/);
    expect(await list(b.c, conversationId)).toEqual([]);
    expect(flagRows(t)).toEqual([]);
    expect((await post(a.c, conversationId, { content: HARASSMENT, confirmed: false })).status).toBe(409);

    const sent = await post(a.c, conversationId, { content: HARASSMENT, confirmed: true });
    expect(sent.status).toBe(201);
    expect((await list(b.c, conversationId)).map((m) => [m.content, m.warning])).toEqual([[HARASSMENT, null]]);
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
      frame('n1', HARASSMENT);
      expect(await aSocket.next('error')).toMatchObject({ ref: 'n1', code: 'MESSAGES.CONFIRM_NEEDED' });
      expect(await list(b.c, conversationId)).toEqual([]);
      frame('n2', HARASSMENT, true);
      expect(await aSocket.next('message.sent')).toMatchObject({ ref: 'n2', message: { content: HARASSMENT } });
      expect((await bSocket.next('message.created')).message).toMatchObject({ content: HARASSMENT, warning: null });

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
