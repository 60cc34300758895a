/**
 * Calls in groups (issue 20, N127–N129), on SQLite and on PostgreSQL (PGlite), over real sockets:
 * a Gold member starts the group chat's call and the others hear it ring; up to 4 join, even when
 * they join at the same moment; signals pass between people in the call only; leaving the group,
 * a block or a closed socket takes a member out at once; a call nobody joins rings out.
 */
import { closedWithin, connectSocket, type Frame, listenLive } from '../support/realtime';
import { groupOf, makeGold, signedInStudent } from '../support/students';
import { appsOn, type makeTestApp, TEST_ENGINES, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;
type Student = { c: TestClient; id: string };
type Socket = ReturnType<typeof connectSocket>;

const event = (frame: Frame) => frame.event as { kind: string; [k: string]: unknown };

describe.each(TEST_ENGINES)('calls in groups on %s (issue 20)', (_engine, database) => {
  const app = appsOn(database);

  const student = (t: App, name: string): Promise<Student> => signedInStudent(t, `${name}@ucla.edu`);
  /** A group of the admin and `others`: its id and its chat's conversation id. */
  const group = async (admin: Student, others: Student[]) => {
    const { id, chat } = await groupOf(admin, others, 'Sunset Five');
    return { groupId: id, conversationId: chat };
  };

  /** The next group-call event of this kind on the socket. */
  async function next(socket: Socket, kind: string, timeout = 3000) {
    const start = Date.now();
    for (;;) {
      const i = socket.frames.findIndex((f) => f.type === 'group-call' && event(f).kind === kind);
      if (i >= 0) return event(socket.frames.splice(i, 1)[0] as Frame);
      if (Date.now() - start > timeout) throw new Error(`no ${kind}; got ${JSON.stringify(socket.frames)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function sockets(url: string, people: Student[]) {
    const list = people.map((p) => connectSocket(url, p.c));
    await Promise.all(list.map((s) => s.opened));
    await Promise.all(list.map((s) => s.next('ready')));
    return list;
  }

  const live = async (s: Student, conversationId: string) =>
    (await s.c.get(`/api/conversations/${conversationId}/call`)).json.call as { participantIds: string[] } | null;

  it('rings the group when a Gold member calls, lets up to 4 in and relays signals between them only', async () => {
    const t = app();
    const all = [];
    for (const name of ['ana', 'ben', 'cat', 'dan', 'eve']) all.push(await student(t, name));
    const [ana, ben, cat, dan, eve] = all as [Student, Student, Student, Student, Student];
    const outsider = await student(t, 'zed');
    const { conversationId } = await group(ana, [ben, cat, dan, eve]);
    const { http, url } = await listenLive(t, 30);
    const [sa, sb, sc, sd, se, sz] = await sockets(url, [...all, outsider]);
    try {
      // Only Gold starts a call (D21); a free member is told so.
      sb?.send({ type: 'group-call', action: 'start', conversationId, media: 'video' });
      expect(await sb?.next('error')).toMatchObject({ code: 'CALLS.PREMIUM_REQUIRED', title: 'Premium Feature' });
      // Someone outside the group can neither call it nor see its call.
      await makeGold(t, outsider.id);
      sz?.send({ type: 'group-call', action: 'start', conversationId, media: 'video' });
      expect(await sz?.next('error')).toMatchObject({ code: 'CALLS.NOT_ALLOWED' });
      expect((await outsider.c.get(`/api/conversations/${conversationId}/call`)).status).toBe(404);

      await makeGold(t, ana.id);
      sa?.send({ type: 'group-call', action: 'start', conversationId, media: 'video' });
      const mine = await next(sa as Socket, 'joined');
      expect(mine).toMatchObject({ conversationId, media: 'video', participantIds: [] });
      const callId = mine.callId as string;
      for (const s of [sb, sc, sd, se]) {
        expect(await next(s as Socket, 'ringing')).toMatchObject({ callId, conversationId, fromUserId: ana.id });
      }
      expect(sz?.frames.some((f) => f.type === 'group-call')).toBe(false);

      // Ben joins (no Gold needed to answer) and is told who is in it, to offer to each.
      sb?.send({ type: 'group-call', action: 'join', callId });
      expect(await next(sb as Socket, 'joined')).toMatchObject({ callId, participantIds: [ana.id] });
      expect(await next(sa as Socket, 'participant-joined')).toMatchObject({ userId: ben.id });
      sb?.send({ type: 'group-call', action: 'signal', callId, toUserId: ana.id, signal: 'offer', sdp: 'v=0' });
      expect(await next(sa as Socket, 'signal')).toMatchObject({ fromUserId: ben.id, signal: 'offer', sdp: 'v=0' });
      // Cat is in the group but not in the call: no signal reaches her or comes from her.
      sb?.send({ type: 'group-call', action: 'signal', callId, toUserId: cat.id, signal: 'offer', sdp: 'v=0' });
      expect(await sb?.next('error')).toMatchObject({ code: 'CALLS.NO_SUCH_CALL' });
      sc?.send({ type: 'group-call', action: 'signal', callId, toUserId: ana.id, signal: 'ice', candidate: {} });
      expect(await sc?.next('error')).toMatchObject({ code: 'CALLS.NO_SUCH_CALL' });

      sc?.send({ type: 'group-call', action: 'join', callId });
      sd?.send({ type: 'group-call', action: 'join', callId });
      await next(sc as Socket, 'joined');
      await next(sd as Socket, 'joined');
      // The fifth is refused: a mesh call holds 4.
      se?.send({ type: 'group-call', action: 'join', callId });
      expect(await se?.next('error')).toMatchObject({ code: 'CALLS.FULL' });
      expect((await live(eve, conversationId))?.participantIds.sort()).toEqual([ana.id, ben.id, cat.id, dan.id].sort());

      // Invalid frames change nothing.
      sa?.send({ type: 'group-call', action: 'signal', callId, signal: 'offer' });
      expect(await sa?.next('error')).toMatchObject({ code: 'VALIDATION' });
      sa?.send({ type: 'group-call', action: 'join' });
      expect(await sa?.next('error')).toMatchObject({ code: 'VALIDATION' });
    } finally {
      for (const s of [sa, sb, sc, sd, se, sz]) s?.ws.close();
      await http.close();
    }
  });

  it('holds 4 when five members join at the same moment', async () => {
    const t = app();
    const all = [];
    for (const name of ['fay', 'gus', 'hal', 'ivy', 'jon', 'kim']) all.push(await student(t, name));
    const [fay, ...rest] = all as [Student, ...Student[]];
    const { conversationId } = await group(fay, rest);
    await makeGold(t, fay.id);
    const { http, url } = await listenLive(t, 30);
    const [sf, ...others] = await sockets(url, all);
    try {
      sf?.send({ type: 'group-call', action: 'start', conversationId, media: 'voice' });
      const callId = (await next(sf as Socket, 'joined')).callId as string;
      await Promise.all(others.map((s) => next(s, 'ringing')));
      for (const s of others) s.send({ type: 'group-call', action: 'join', callId });
      const outcomes = await Promise.all(
        others.map(async (s) => {
          for (let i = 0; i < 300; i++) {
            if (s.frames.some((f) => f.type === 'error')) return 'refused';
            if (s.frames.some((f) => f.type === 'group-call' && event(f).kind === 'joined')) return 'joined';
            await new Promise((r) => setTimeout(r, 10));
          }
          return 'silent';
        }),
      );
      expect(outcomes.filter((o) => o === 'joined')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'refused')).toHaveLength(2);
      expect((await live(fay, conversationId))?.participantIds).toHaveLength(4);
    } finally {
      for (const s of [sf, ...others]) s?.ws.close();
      await http.close();
    }
  });

  it('takes out a member who leaves the group, one of a pair who block each other, and a closed socket', async () => {
    const t = app();
    const all = [];
    for (const name of ['lia', 'max', 'ned', 'oli']) all.push(await student(t, name));
    const [lia, max, ned, oli] = all as [Student, Student, Student, Student];
    const { groupId, conversationId } = await group(lia, [max, ned, oli]);
    await makeGold(t, lia.id);
    const { http, url } = await listenLive(t, 30);
    const [sl, sm, sn, so] = (await sockets(url, all)) as [Socket, Socket, Socket, Socket];
    try {
      sl.send({ type: 'group-call', action: 'start', conversationId, media: 'video' });
      const callId = (await next(sl, 'joined')).callId as string;
      for (const s of [sm, sn, so]) {
        s.send({ type: 'group-call', action: 'join', callId });
        await next(s, 'joined');
      }

      // Ned leaves the group: he is out of its call at once, and the others hear it.
      expect((await ned.c.post(`/api/groups/${groupId}/leave`)).status).toBe(200);
      expect(await next(sn, 'ended')).toMatchObject({ callId, reason: 'removed' });
      expect(await next(sl, 'participant-left')).toMatchObject({ userId: ned.id });
      sn.send({ type: 'group-call', action: 'signal', callId, toUserId: lia.id, signal: 'offer', sdp: 'v=0' });
      expect(await sn.next('error')).toMatchObject({ code: 'CALLS.NO_SUCH_CALL' });

      // Oli blocks Max: the two no longer share the call.
      expect((await oli.c.post('/api/blocks', { blockedUserId: max.id })).status).toBe(201);
      const start = Date.now();
      let inCall = (await live(lia, conversationId))?.participantIds ?? [];
      while (inCall.includes(oli.id) && inCall.includes(max.id) && Date.now() - start < 3000) {
        await new Promise((r) => setTimeout(r, 20));
        inCall = (await live(lia, conversationId))?.participantIds ?? [];
      }
      expect(inCall.includes(oli.id) && inCall.includes(max.id)).toBe(false);
      expect(inCall).toContain(lia.id);

      // Closing the socket leaves the call; the last one out ends it for the whole group.
      for (const s of [sm, so]) s.ws.close();
      sl.ws.close();
      await closedWithin(sl);
      const end = Date.now();
      while ((await live(lia, conversationId)) !== null && Date.now() - end < 3000) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(await live(lia, conversationId)).toBeNull();
    } finally {
      for (const s of [sl, sm, sn, so]) s.ws.close();
      await http.close();
    }
  });

  it('rings out when nobody joins', async () => {
    const t = app();
    const [pam, quinn] = [await student(t, 'pam'), await student(t, 'quinn')];
    const { conversationId } = await group(pam, [quinn]);
    await makeGold(t, pam.id);
    const { http, url } = await listenLive(t, 1);
    const [sp, sq] = (await sockets(url, [pam, quinn])) as [Socket, Socket];
    try {
      sp.send({ type: 'group-call', action: 'start', conversationId, media: 'voice' });
      const callId = (await next(sp, 'joined')).callId as string;
      expect(await next(sq, 'ringing')).toMatchObject({ callId, media: 'voice' });
      expect(await next(sq, 'ended', 4000)).toMatchObject({ callId, reason: 'no-answer' });
      expect(await next(sp, 'ended')).toMatchObject({ callId, reason: 'no-answer' });
      expect(await live(pam, conversationId)).toBeNull();
    } finally {
      sp.ws.close();
      sq.ws.close();
      await http.close();
    }
  });

  it('keeps an answered call after everyone else leaves, past the ringing timeout (N254)', async () => {
    const t = app();
    const [rae, sam] = [await student(t, 'rae'), await student(t, 'sam')];
    const { conversationId } = await group(rae, [sam]);
    await makeGold(t, rae.id);
    const { http, url } = await listenLive(t, 1);
    const [sr, ss] = (await sockets(url, [rae, sam])) as [Socket, Socket];
    try {
      sr.send({ type: 'group-call', action: 'start', conversationId, media: 'voice' });
      const callId = (await next(sr, 'joined')).callId as string;
      await next(ss, 'ringing');
      ss.send({ type: 'group-call', action: 'join', callId });
      await next(sr, 'participant-joined');
      ss.send({ type: 'group-call', action: 'leave', callId });
      await next(sr, 'participant-left');
      // Rae is alone again; the 1 s ringing timeout passes and her call goes on.
      await new Promise((r) => setTimeout(r, 1500));
      expect(sr.frames.some((f) => f.type === 'group-call' && event(f).kind === 'ended')).toBe(false);
      expect(await live(sam, conversationId)).toMatchObject({ participantIds: [rae.id] });
    } finally {
      sr.ws.close();
      ss.ws.close();
      await http.close();
    }
  });
});
