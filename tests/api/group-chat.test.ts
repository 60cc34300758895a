/** Group chat (issue 20): one conversation per group, its current members only (N115–N119). */
import { MESSAGE_MESSAGES, MESSAGES_PER_HOUR } from '../../core/messaging/rules';
import { processDataRequests } from '../../core/privacy/data-requests';
import { connectSocket, listenLive } from '../support/realtime';
import { groupOf, rawSql, signedInStudent } from '../support/students';
import { makeTestApp, signedInAdmin, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;
type Student = { c: TestClient; id: string };
type Line = { content: string; kind: string; senderId: string; seq: number };

/** Each test has its own database; the name is the address's local part, as system lines show it. */
const student = (t: App, name: string): Promise<Student> => signedInStudent(t, `${name}@ucla.edu`);

const send = (s: Student, chat: string, content: string, confirmed?: boolean) =>
  s.c.post(`/api/conversations/${chat}/messages`, confirmed === undefined ? { content } : { content, confirmed });
const history = async (s: Student, chat: string) =>
  (await s.c.get(`/api/conversations/${chat}/messages`)).json.messages as Line[];
const texts = (lines: Line[]) => lines.filter((l) => l.kind === 'text').map((l) => l.content);
const groupList = async (s: Student) => (await s.c.get('/api/conversations')).json.groupConversations;

describe('group chat (issue 20)', () => {
  it('lists the group chat beside 1:1 chats, with members, last line and unread count; read state per member', async () => {
    const t = makeTestApp();
    const [a, b, c] = [await student(t, 'ana'), await student(t, 'ben'), await student(t, 'cy')];
    const { id, chat } = await groupOf(a, [b, c]);
    const sent = await send(a, chat, '  Tour on <b>Saturday</b>?  ');
    expect(sent.status).toBe(201);
    expect(sent.json.message).toMatchObject({ content: 'Tour on Saturday?', senderId: a.id, kind: 'text' });

    const [bEntry] = await groupList(b);
    expect(bEntry).toMatchObject({
      id: chat,
      groupId: id,
      name: 'Westwood Crew',
      lastMessageText: 'Tour on Saturday?',
      unreadCount: 1,
    });
    // The test clock stands still, so members who joined together come in id order: compare as sets.
    expect(bEntry.members.map((m: { userId: string }) => m.userId).sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await b.c.get('/api/conversations')).json.conversations).toEqual([]);
    expect((await groupList(a))[0].unreadCount).toBe(0);

    // "Read by 1 of 2": each member reads on their own.
    expect((await b.c.post(`/api/conversations/${chat}/read`)).json.upToSeq).toBe(sent.json.message.seq);
    expect((await groupList(b))[0].unreadCount).toBe(0);
    expect((await groupList(c))[0].unreadCount).toBe(1);
    const reads = (await a.c.get(`/api/conversations/${chat}/reads`)).json.reads as {
      userId: string;
      readSeq: number;
    }[];
    const readSeq = new Map(reads.map((r) => [r.userId, r.readSeq]));
    expect(readSeq.get(b.id)).toBe(sent.json.message.seq);
    expect(readSeq.get(c.id)).toBeLessThan(sent.json.message.seq);
  });

  it('writes system lines for joins, leaves, removals, renames and new invite codes', async () => {
    const t = makeTestApp();
    const [a, b, c] = [await student(t, 'ana'), await student(t, 'ben'), await student(t, 'cy')];
    const { id, chat } = await groupOf(a, [b, c]);
    expect((await a.c.request('PUT', `/api/groups/${id}`, { name: 'Bruin Nest' })).status).toBe(200);
    expect((await b.c.post(`/api/groups/${id}/leave`)).status).toBe(200);
    expect((await a.c.request('DELETE', `/api/groups/${id}/members/${c.id}`)).status).toBe(200);
    const lines = (await history(a, chat)).filter((l) => l.kind === 'system').map((l) => l.content);
    expect(lines).toEqual([
      'ana made a new invite code',
      'ben joined the group',
      'ana made a new invite code',
      'cy joined the group',
      'ana renamed the group to "Bruin Nest"',
      'ben left the group',
      'ana removed cy',
    ]);
    // A new member reads from their join on: their own join line, nothing before it.
    const d = await student(t, 'dee');
    const { inviteCode } = (await a.c.post(`/api/groups/${id}/invite-code`)).json;
    await d.c.post('/api/groups/join', { inviteCode });
    expect((await history(d, chat)).map((l) => l.content)).toEqual(['dee joined the group']);
  });

  it('refuses a departed member on every read and write path, and stops their socket frames at once', async () => {
    const t = makeTestApp();
    const [a, b, c] = [await student(t, 'ana'), await student(t, 'ben'), await student(t, 'cy')];
    const { id, chat } = await groupOf(a, [b, c]);
    await send(a, chat, 'before the leave');
    const { http, url } = await listenLive(t);
    try {
      const bSocket = connectSocket(url, b.c);
      const cSocket = connectSocket(url, c.c);
      await Promise.all([bSocket.opened, cSocket.opened]);
      await Promise.all([bSocket.next('ready'), cSocket.next('ready')]);
      await send(a, chat, 'hello both');
      expect((await bSocket.next('message.created')).message).toMatchObject({ content: 'hello both' });
      expect((await cSocket.next('message.created')).message).toMatchObject({ content: 'hello both' });

      expect((await c.c.post(`/api/groups/${id}/leave`)).status).toBe(200);
      await bSocket.next('message.created'); // "cy left the group"
      cSocket.frames.length = 0;
      await send(a, chat, 'after the leave');
      expect((await bSocket.next('message.created')).message).toMatchObject({ content: 'after the leave' });
      // The socket path: sending over it is refused, and no frame of the chat reaches it.
      cSocket.send({ type: 'message.send', ref: 'r1', conversationId: chat, content: 'still here?' });
      expect(await cSocket.next('error')).toMatchObject({ ref: 'r1', code: 'MESSAGES.CONVERSATION_NOT_FOUND' });
      expect(cSocket.frames.filter((f) => f.type === 'message.created' || f.type === 'messages.read')).toEqual([]);
      bSocket.ws.close();
      cSocket.ws.close();
    } finally {
      await http.close();
    }
    // HTTP paths: list, history (newest, after, before), unread count, read, reads, send.
    expect(await groupList(c)).toEqual([]);
    for (const query of ['', '?after=0', '?before=999999']) {
      const res = await c.c.get(`/api/conversations/${chat}/messages${query}`);
      expect([res.status, res.json.detail]).toEqual([404, MESSAGE_MESSAGES.notFound]);
    }
    expect((await c.c.post(`/api/conversations/${chat}/read`)).status).toBe(404);
    expect((await c.c.get(`/api/conversations/${chat}/reads`)).status).toBe(404);
    expect((await send(c, chat, 'let me back')).status).toBe(404);
    // The others carry on without them.
    expect(texts(await history(b, chat))).toEqual(['before the leave', 'hello both', 'after the leave']);
    const reads = (await a.c.get(`/api/conversations/${chat}/reads`)).json.reads as { userId: string }[];
    expect(reads.map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it('keeps strangers out without revealing the chat exists; 1:1-only actions do not apply', async () => {
    const t = makeTestApp();
    const [a, b, eve] = [await student(t, 'ana'), await student(t, 'ben'), await student(t, 'eve')];
    const { chat } = await groupOf(a, [b]);
    for (const id of [chat, 'group-00000000-0000-4000-8000-000000000000', 'group-']) {
      expect((await send(eve, id, 'hi')).status).toBe(404);
      expect((await eve.c.get(`/api/conversations/${id}/messages`)).status).toBe(404);
      expect((await eve.c.post(`/api/conversations/${id}/read`)).status).toBe(404);
      expect((await eve.c.get(`/api/conversations/${id}/reads`)).status).toBe(404);
    }
    // "Ask to verify" and deleting are for 1:1 chats: a group chat is left by leaving the group.
    expect((await a.c.post(`/api/conversations/${chat}/verification-request`)).status).toBe(404);
    expect((await a.c.request('DELETE', `/api/conversations/${chat}`)).status).toBe(404);
    expect((await b.c.get(`/api/conversations/${chat}/messages`)).status).toBe(200);
  });

  it('sanitises, classifies and limits like 1:1 chat', async () => {
    const t = makeTestApp();
    const [a, b] = [await student(t, 'ana'), await student(t, 'ben')];
    const { chat } = await groupOf(a, [b]);
    for (const content of ['', '   ', '<script>alert(1)</script>']) {
      expect((await send(a, chat, content)).json.detail).toBe(MESSAGE_MESSAGES.invalid);
    }
    expect((await send(a, chat, 'x'.repeat(10_001))).status).toBe(400);
    // A scam message is delivered with the recipients' warning; the sender's copy carries none.
    const scam = await send(a, chat, 'Please wire transfer the deposit before viewing, I am out of the country');
    expect(scam.status).toBe(201);
    expect(scam.json.message.warning).toBeNull();
    const seen = (await history(b, chat)).find((l) => l.content.startsWith('Please wire'));
    expect((seen as unknown as { warning: unknown }).warning).not.toBeNull();
    expect(texts(await history(b, chat))).toHaveLength(1);
  });

  it('holds back a confident phishing line for an admin, then releases it to the members live', async () => {
    const t = makeTestApp();
    const [a, b, c] = [await student(t, 'ana'), await student(t, 'ben'), await student(t, 'cy')];
    const { chat } = await groupOf(a, [b, c]);
    const admin = await signedInAdmin(t);
    const phishing = 'Send me your school login and password so I can add you to the lease portal';
    // Harassment asks "Are you sure?" first, as in 1:1 chat; nothing is stored.
    const harassment = await send(a, chat, 'You are a worthless stupid bitch, I know where you live');
    expect([harassment.status, harassment.json.code]).toEqual([409, 'MESSAGES.CONFIRM_NEEDED']);
    expect((await send(a, chat, phishing)).json.message).toMatchObject({ pendingReview: true });
    expect(texts(await history(a, chat))).toEqual([phishing]);
    expect(texts(await history(b, chat))).toEqual([]);
    expect((await groupList(b))[0]).toMatchObject({ unreadCount: 0 });
    const flag = rawSql(t)
      .prepare('SELECT f.id FROM content_flags f JOIN messages m ON m.id = f.content_id WHERE m.content = ?')
      .get(phishing) as { id: string };
    const { http, url } = await listenLive(t);
    try {
      const cSocket = connectSocket(url, c.c);
      await cSocket.opened;
      await cSocket.next('ready');
      expect((await admin.post(`/api/admin/flags/${flag.id}/review`, { decision: 'approved' })).status).toBe(200);
      expect((await cSocket.next('message.created')).message).toMatchObject({
        content: phishing,
        pendingReview: false,
      });
      cSocket.ws.close();
    } finally {
      await http.close();
    }
    expect(texts(await history(b, chat))).toEqual([phishing]);
    expect((await groupList(b))[0]).toMatchObject({ unreadCount: 1, lastMessageText: phishing });
  });

  it('holds the hourly cap under concurrent sends across group and 1:1 chats (D19)', async () => {
    const t = makeTestApp();
    const [a, b] = [await student(t, 'ana'), await student(t, 'ben')];
    const { chat } = await groupOf(a, [b]);
    // The invite code line counts for its actor; a's own lines fill the rest of the hour.
    const already = (await history(a, chat)).filter((l) => l.senderId === a.id).length;
    const attempts = MESSAGES_PER_HOUR - already + 20;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) => send(a, chat, `m${i}`).then((r) => r.status)),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(MESSAGES_PER_HOUR - already);
    expect(results.filter((s) => s === 429)).toHaveLength(20);
    const stored = rawSql(t)
      .prepare(`SELECT count(*) AS n FROM messages WHERE conversation_id = ? AND kind = 'text'`)
      .get(chat) as { n: number };
    expect(stored.n).toBe(MESSAGES_PER_HOUR - already);
  });

  it('hides a blocked member and the blocker from each other in the group chat (N118)', async () => {
    const t = makeTestApp();
    const [a, b, c] = [await student(t, 'ana'), await student(t, 'ben'), await student(t, 'cy')];
    const { chat } = await groupOf(a, [b, c]);
    await send(b, chat, 'from ben, before');
    expect((await c.c.post('/api/blocks', { blockedUserId: b.id })).status).toBe(201);
    await send(b, chat, 'from ben, after');
    await send(c, chat, 'from cy');
    await send(a, chat, 'from ana');
    expect(texts(await history(c, chat))).toEqual(['from cy', 'from ana']);
    expect(texts(await history(b, chat))).toEqual(['from ben, before', 'from ben, after', 'from ana']);
    expect(texts(await history(a, chat))).toEqual(['from ben, before', 'from ben, after', 'from cy', 'from ana']);
    // Unread counts and the preview leave the blocked member out too.
    const [cEntry] = await groupList(c);
    expect(cEntry).toMatchObject({ lastMessageText: 'from ana' });
    const [bEntry] = await groupList(b);
    expect(bEntry.lastMessageText).toBe('from ana');
    const reads = (await c.c.get(`/api/conversations/${chat}/reads`)).json.reads as { userId: string }[];
    expect(reads.map((r) => r.userId)).not.toContain(b.id);
  });

  it("exports a member's group lines from their joining on, without a blocked member's", async () => {
    const t = makeTestApp();
    const [a, b, c] = [await student(t, 'ana'), await student(t, 'ben'), await student(t, 'cy')];
    const { chat } = await groupOf(a, [b]);
    await send(a, chat, 'before cy joined');
    const group = (await a.c.get('/api/groups')).json.groups[0];
    const { inviteCode } = (await a.c.post(`/api/groups/${group.id}/invite-code`)).json;
    expect((await c.c.post('/api/groups/join', { inviteCode })).status).toBe(200);
    await send(a, chat, 'after cy joined');
    expect((await c.c.post('/api/blocks', { blockedUserId: b.id })).status).toBe(201);
    await send(b, chat, 'from ben, blocked');
    await send(c, chat, 'from cy');
    const req = (await c.c.post('/api/data-requests', { requestType: 'export' })).json.request;
    await processDataRequests({ clock: t.clock, ids: { newId: () => 'x' }, privacy: t.db.privacy }, { erase: false });
    const exported = (await c.c.get(`/api/data-requests/${req.id}/download`)).json.messages as {
      conversation_id: string;
      content: string;
    }[];
    expect(
      exported.filter((m) => m.conversation_id === chat && !m.content.includes(' joined ')).map((m) => m.content),
    ).toEqual(['after cy joined', 'from cy']);
    // Ana, there from the start and blocking no one, has every line.
    const reqA = (await a.c.post('/api/data-requests', { requestType: 'export' })).json.request;
    await processDataRequests({ clock: t.clock, ids: { newId: () => 'x' }, privacy: t.db.privacy }, { erase: false });
    const all = (await a.c.get(`/api/data-requests/${reqA.id}/download`)).json.messages as { content: string }[];
    expect(all.map((m) => m.content)).toEqual(
      expect.arrayContaining(['before cy joined', 'from ben, blocked', 'from cy']),
    );
  });
});
