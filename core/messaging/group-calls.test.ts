/** Calls in groups (issue 20, N127–N129): the rules, with an in-memory call store and audience. */
import { fixedClock } from '../shared/clock';
import { WRITE_LIMITS } from '../shared/rate-limit';
import {
  endUnansweredGroupCall,
  GROUP_CALL_MAX,
  type GroupCall,
  type GroupCallDeps,
  type GroupCallEvent,
  type GroupCallRepository,
  joinGroupCall,
  leaveGroupCall,
  recheckGroupCalls,
  relayGroupSignal,
  startGroupCall,
} from './group-calls';
import type { GroupChatAudience } from './group-chat';

const CONV = 'group-g1';

/** A store with the repository's contract: one live call per conversation, `max` held on join. */
function memoryCalls(): GroupCallRepository & { calls: Map<string, GroupCall> } {
  const calls = new Map<string, GroupCall>();
  const copy = (c: GroupCall | undefined) => (c ? { ...c, participantIds: [...c.participantIds] } : null);
  return {
    calls,
    async start(call) {
      const live = [...calls.values()].find((c) => c.conversationId === call.conversationId);
      if (live) return { call: copy(live) as GroupCall, created: false };
      calls.set(call.id, { ...call, participantIds: [call.callerId] });
      return { call: copy(calls.get(call.id)) as GroupCall, created: true };
    },
    async get(id) {
      return copy(calls.get(id));
    },
    async live(conv) {
      return copy([...calls.values()].find((c) => c.conversationId === conv));
    },
    async join(id, userId, _at, max) {
      const call = calls.get(id);
      if (!call) return null;
      if (!call.participantIds.includes(userId)) {
        if (call.participantIds.length >= max) return 'full';
        call.participantIds.push(userId);
      }
      return copy(call);
    },
    async leave(id, userId) {
      const call = calls.get(id);
      if (!call?.participantIds.includes(userId)) return null;
      call.participantIds = call.participantIds.filter((p) => p !== userId);
      if (call.participantIds.length === 0) calls.delete(id);
      return { remaining: [...call.participantIds], conversationId: call.conversationId };
    },
    async end(id) {
      const was = calls.get(id)?.participantIds ?? [];
      calls.delete(id);
      return was;
    },
    async callsOf(userId) {
      return [...calls.values()].filter((c) => c.participantIds.includes(userId)).map((c) => copy(c) as GroupCall);
    },
  };
}

function setup(members = ['a', 'b', 'c', 'd', 'e'], blocks: [string, string][] = []) {
  const people = { members: [...members], blocks };
  const told: { to: string; event: GroupCallEvent }[] = [];
  let n = 0;
  const calls = memoryCalls();
  const spent = new Map<string, number>();
  const deps: GroupCallDeps = {
    rateLimiter: {
      async reserve(key, rule) {
        const n = spent.get(key) ?? 0;
        if (n >= rule.limit) return { allowed: false, retryAfterSeconds: 60 };
        spent.set(key, n + 1);
        return { allowed: true, release: async () => {} };
      },
    },
    clock: fixedClock('2026-11-27T18:00:00Z'),
    ids: { newId: () => `call-${++n}` },
    calls,
    groupChats: {
      async audience(conversationId, userId): Promise<GroupChatAudience | null> {
        if (conversationId !== CONV) return null;
        const blockedWith = people.blocks.flatMap(([x, y]) => (x === userId ? [y] : y === userId ? [x] : []));
        return { memberIds: [...people.members], blockedWith };
      },
    },
    realtime: {
      async publish(to, event) {
        if (event.type === 'group-call') told.push({ to, event: event.event });
      },
      subscribe: () => () => {},
    },
  };
  const heard = (to: string, kind: GroupCallEvent['kind']) => told.filter((t) => t.to === to && t.event.kind === kind);
  return { deps, told, heard, people, calls };
}

describe('starting a group call', () => {
  it('needs Gold and a member of a group conversation; rings every other member the caller may see', async () => {
    const { deps, heard } = setup(['a', 'b', 'c'], [['a', 'c']]);
    const free = await startGroupCall(deps, 'free', 'a', CONV, 'video');
    expect(!free.ok && free.error.code).toBe('CALLS.PREMIUM_REQUIRED');
    const outsider = await startGroupCall(deps, 'gold', 'z', CONV, 'video');
    expect(!outsider.ok && outsider.error.code).toBe('CALLS.NOT_ALLOWED');
    const oneToOne = await startGroupCall(deps, 'gold', 'a', 'a_b', 'video');
    expect(!oneToOne.ok && oneToOne.error.code).toBe('CALLS.NOT_ALLOWED');

    const started = await startGroupCall(deps, 'gold', 'a', CONV, 'voice');
    expect(started.ok && started.value.participantIds).toEqual(['a']);
    expect(heard('b', 'ringing')).toHaveLength(1);
    expect(heard('b', 'ringing')[0]?.event).toMatchObject({ conversationId: CONV, fromUserId: 'a', media: 'voice' });
    // N118: a member blocked either way with the caller is not rung.
    expect(heard('c', 'ringing')).toHaveLength(0);
    expect(heard('a', 'ringing')).toHaveLength(0);
  });

  it('limits how often one student starts a call (each rings the whole chat); joining the live one is free', async () => {
    const { deps, heard } = setup(['a', 'b']);
    for (let i = 0; i < WRITE_LIMITS.groupCallStartsPerUser.limit; i++) {
      const started = await startGroupCall(deps, 'gold', 'a', CONV, 'voice');
      await leaveGroupCall(deps, 'a', started.ok ? started.value.id : '');
    }
    const refused = await startGroupCall(deps, 'gold', 'a', CONV, 'voice');
    expect(!refused.ok && refused.error.code).toBe('RATE_LIMITED');
    expect(heard('b', 'ringing')).toHaveLength(WRITE_LIMITS.groupCallStartsPerUser.limit);
    const other = await startGroupCall(deps, 'gold', 'b', CONV, 'voice');
    expect(other.ok).toBe(true);
    expect((await startGroupCall(deps, 'gold', 'a', CONV, 'voice')).ok).toBe(true);
  });

  it('joins the live call instead of starting a second one, even without Gold', async () => {
    const { deps } = setup();
    const first = await startGroupCall(deps, 'gold', 'a', CONV, 'video');
    const second = await startGroupCall(deps, 'free', 'b', CONV, 'voice');
    expect(second.ok && second.value.id).toBe(first.ok && first.value.id);
    expect(second.ok && second.value.participantIds).toEqual(['a', 'b']);
  });
});

describe('joining and leaving', () => {
  it(`holds at most ${GROUP_CALL_MAX} people, tells the others who joined and who left, and ends with the last one out`, async () => {
    const { deps, heard, calls } = setup();
    const started = await startGroupCall(deps, 'gold', 'a', CONV, 'video');
    const callId = started.ok ? started.value.id : '';
    for (const who of ['b', 'c', 'd']) expect((await joinGroupCall(deps, who, callId)).ok).toBe(true);
    const full = await joinGroupCall(deps, 'e', callId);
    expect(!full.ok && full.error.code).toBe('CALLS.FULL');
    expect(heard('a', 'participant-joined').map((t) => t.event)).toEqual([
      { kind: 'participant-joined', callId, userId: 'b' },
      { kind: 'participant-joined', callId, userId: 'c' },
      { kind: 'participant-joined', callId, userId: 'd' },
    ]);

    await leaveGroupCall(deps, 'b', callId);
    expect(heard('a', 'participant-left')).toHaveLength(1);
    expect(heard('b', 'ended')).toHaveLength(1);
    // A place came free.
    expect((await joinGroupCall(deps, 'e', callId)).ok).toBe(true);
    for (const who of ['a', 'c', 'd', 'e']) await leaveGroupCall(deps, who, callId);
    expect(calls.calls.size).toBe(0);
    // Everyone in the conversation hears the end, so a ring or a "Join call" goes away.
    expect(heard('b', 'ended').map((t) => t.event)).toContainEqual({
      kind: 'ended',
      callId,
      conversationId: CONV,
      reason: 'ended',
    });
    const late = await joinGroupCall(deps, 'b', callId);
    expect(!late.ok && late.error.code).toBe('CALLS.NO_SUCH_CALL');
  });

  it('refuses a join when someone in the call is blocked either way with the joiner, and one from outside', async () => {
    const { deps } = setup(['a', 'b', 'c'], [['c', 'b']]);
    const started = await startGroupCall(deps, 'gold', 'a', CONV, 'video');
    const callId = started.ok ? started.value.id : '';
    expect((await joinGroupCall(deps, 'b', callId)).ok).toBe(true);
    const blocked = await joinGroupCall(deps, 'c', callId);
    expect(!blocked.ok && blocked.error.code).toBe('CALLS.NOT_ALLOWED');
    const outsider = await joinGroupCall(deps, 'z', callId);
    expect(!outsider.ok && outsider.error.code).toBe('CALLS.NO_SUCH_CALL');
  });

  it('ends a call nobody joined at the ringing timeout, and leaves an answered one alone', async () => {
    const { deps, heard, calls } = setup();
    const lonely = await startGroupCall(deps, 'gold', 'a', CONV, 'video');
    await endUnansweredGroupCall(deps, lonely.ok ? lonely.value.id : '');
    expect(calls.calls.size).toBe(0);
    expect(heard('b', 'ended')[0]?.event).toMatchObject({ reason: 'no-answer' });
    expect(heard('a', 'ended')[0]?.event).toMatchObject({ reason: 'no-answer' });

    const answered = await startGroupCall(deps, 'gold', 'a', CONV, 'video');
    const callId = answered.ok ? answered.value.id : '';
    await joinGroupCall(deps, 'b', callId);
    await endUnansweredGroupCall(deps, callId);
    expect(calls.calls.has(callId)).toBe(true);
  });
});

describe('signals and departures', () => {
  it('relays a signal between two people in the call only', async () => {
    const { deps, heard } = setup();
    const started = await startGroupCall(deps, 'gold', 'a', CONV, 'video');
    const callId = started.ok ? started.value.id : '';
    await joinGroupCall(deps, 'b', callId);
    expect((await relayGroupSignal(deps, 'b', { callId, toUserId: 'a', signal: 'offer', sdp: 'v=0' })).ok).toBe(true);
    expect(heard('a', 'signal')[0]?.event).toEqual({
      kind: 'signal',
      callId,
      fromUserId: 'b',
      signal: 'offer',
      sdp: 'v=0',
      candidate: undefined,
    });
    // c is a member but not in the call: nothing is relayed to or from them.
    expect((await relayGroupSignal(deps, 'b', { callId, toUserId: 'c', signal: 'offer' })).ok).toBe(false);
    expect((await relayGroupSignal(deps, 'c', { callId, toUserId: 'a', signal: 'offer' })).ok).toBe(false);
    expect(heard('c', 'signal')).toHaveLength(0);
    expect(heard('a', 'signal')).toHaveLength(1);
  });

  it('takes out a member who left the group: their signals stop and the others hear they left', async () => {
    const { deps, heard, people, calls } = setup();
    const started = await startGroupCall(deps, 'gold', 'a', CONV, 'video');
    const callId = started.ok ? started.value.id : '';
    await joinGroupCall(deps, 'b', callId);
    await joinGroupCall(deps, 'c', callId);
    people.members = people.members.filter((m) => m !== 'c');
    const refused = await relayGroupSignal(deps, 'c', { callId, toUserId: 'a', signal: 'ice', candidate: {} });
    expect(refused.ok).toBe(false);
    expect(calls.calls.get(callId)?.participantIds).toEqual(['a', 'b']);
    expect(heard('a', 'participant-left')[0]?.event).toMatchObject({ userId: 'c' });
    expect(heard('c', 'ended')[0]?.event).toMatchObject({ reason: 'removed' });
  });

  it('rechecks after a group change or a block: a departed member or one half of a blocked pair is out at once', async () => {
    const { deps, people, calls } = setup();
    const started = await startGroupCall(deps, 'gold', 'a', CONV, 'video');
    const callId = started.ok ? started.value.id : '';
    for (const who of ['b', 'c', 'd']) await joinGroupCall(deps, who, callId);
    await recheckGroupCalls(deps, 'b');
    expect(calls.calls.get(callId)?.participantIds).toEqual(['a', 'b', 'c', 'd']);
    people.members = people.members.filter((m) => m !== 'd');
    await recheckGroupCalls(deps, 'd');
    expect(calls.calls.get(callId)?.participantIds).toEqual(['a', 'b', 'c']);
    people.blocks.push(['b', 'c']);
    await recheckGroupCalls(deps, 'c');
    await recheckGroupCalls(deps, 'b');
    // Whichever of the two is checked first leaves; the other stays with the rest.
    expect(calls.calls.get(callId)?.participantIds).toEqual(['a', 'b']);
    expect((await relayGroupSignal(deps, 'b', { callId, toUserId: 'c', signal: 'offer' })).ok).toBe(false);
  });
});
