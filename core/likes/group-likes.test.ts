/** Group likes and group matches (issue 20, N121–N123): the rules, with in-memory ports. */
import type { GroupRepository } from '../groups/groups';
import type { ModeSetting } from '../groups/rules';
import type { MatchPerson, MatchPreferences } from '../matching/compatibility';
import type { Viewer } from '../matching/ports';
import { fixedClock } from '../shared/clock';
import { ok } from '../shared/result';
import { GROUP_LIKE_WINDOW_MS, type GroupMatchRepository, groupMatchSides, groupScores } from './group-likes';
import { type SwipeDeps, swipe } from './swipe';

const person = (over: Partial<MatchPreferences> = {}): MatchPerson => ({
  gender: 'Female',
  preferences: {
    cleanliness: 5,
    sleepSchedule: 2,
    noiseLevel: 2,
    studyHabits: 4,
    guestPolicy: 2,
    smokingTolerance: 'no',
    housingStatus: 'looking',
    minBudget: 800,
    maxBudget: 1200,
    moveInDate: null,
    genderPreference: [],
    dealbreakers: [],
    ...over,
  },
});

describe('group match sides', () => {
  it('pairs a group with a student, and two groups in id order so a pair has one row', () => {
    expect(groupMatchSides('g1', { userId: 's' })).toEqual({ groupId: 'g1', userId: 's', otherGroupId: null });
    expect(groupMatchSides('g9', { groupId: 'g2' })).toEqual({ groupId: 'g2', userId: null, otherGroupId: 'g9' });
    expect(groupMatchSides('g2', { groupId: 'g9' })).toEqual(groupMatchSides('g9', { groupId: 'g2' }));
  });

  it("scores a group as D13's mean over its members, and gives each member's score", () => {
    const student = person();
    const members = [
      { userId: 'a', person: person() },
      { userId: 'b', person: person({ sleepSchedule: 5, cleanliness: 1, noiseLevel: 5 }) },
    ];
    const scores = groupScores(members, student);
    expect(scores.members.map((m) => m.userId)).toEqual(['a', 'b']);
    const [a, b] = scores.members.map((m) => m.score);
    expect(a).toBeGreaterThan(b ?? 100);
    expect(scores.score).toBe(Math.round(((a ?? 0) + (b ?? 0)) / 2));
  });
});

describe('swipe in group mode', () => {
  const clock = fixedClock('2026-11-27T12:00:00Z');
  const viewer = (userId: string): Viewer => ({
    userId,
    campus: { name: 'UCLA', point: null, metroGroup: null },
    person: person(),
    complete: true,
  });

  const SOLO: ModeSetting = { mode: 'solo', activeGroupId: null };

  /** `mode` is every liker's stored mode; in group mode ana belongs to g1 (the only group). */
  function deps(groupMatches: Partial<GroupMatchRepository>, mode: ModeSetting = SOLO) {
    const writes: { groupId?: string | null; action: string }[] = [];
    const told: { conversationId: string; people: string[]; by: string }[] = [];
    const liked: string[] = [];
    const dropped: { userId: string; id: string }[] = [];
    const d: SwipeDeps = {
      clock,
      ids: { newId: () => 'id-1' },
      discovery: {
        campuses: async () => [],
        viewer: async (id) => viewer(id),
        candidatePool: async () => [],
        hydrate: async () => [],
        swipeSides: async (me) => ({
          viewer: viewer(me),
          target: { campus: viewer('x').campus, person: person() },
          subscription: null,
          mode,
        }),
        cards: async () => [],
      },
      swipes: {
        swipe: async (input, decide) => {
          writes.push({ groupId: input.groupId, action: input.action });
          const state = { existing: null, reverse: null, likesInWindow: 0, superLikesInWindow: 0, superLikeBalance: 0 };
          const decided = decide(state);
          return decided.ok ? ok(decided.value) : decided;
        },
        get: async () => null,
        dropNotice: async (userId, id) => {
          dropped.push({ userId, id });
        },
        superLikeState: async () => ({ superLikesInWindow: 0, superLikeBalance: 0 }),
        likers: async () => [],
        matches: async () => [],
      },
      subscriptions: { get: async () => null, set: async () => {} },
      groups: {
        mode: async () => mode,
        groupsOf: async (userId: string) =>
          userId === 'ana' ? [{ id: 'g1', members: [{ userId: 'ana' }, { userId: 'bea' }] }] : [],
      } as unknown as GroupRepository,
      groupMatches: {
        pending: async () => null,
        create: async () => null,
        blockedWithGroup: async () => false,
        blockedAround: async () => [],
        activeGroups: async () => new Map(),
        groups: async () => new Map(),
        ...groupMatches,
      },
      onLiked: async (_, likedId) => {
        liked.push(likedId);
      },
      onGroupMatch: async (conversationId, people, by) => {
        told.push({ conversationId, people, by });
      },
    };
    return { d, writes, told, liked, dropped };
  }

  it('makes a like for the group, and a pass for nobody', async () => {
    const { d, writes } = deps({});
    await swipe(d, 'ana', { targetId: 'sam', action: 'like', groupId: 'g1' });
    await swipe(d, 'ana', { targetId: 'tia', action: 'pass', groupId: 'g1' });
    expect(writes).toEqual([
      { groupId: 'g1', action: 'like' },
      { groupId: null, action: 'pass' },
    ]);
  });

  it("reads the liker's mode with the swipe: in group mode a like is the active group's, a pass nobody's", async () => {
    const { d, writes } = deps({}, { mode: 'group', activeGroupId: 'g1' });
    await swipe(d, 'ana', { targetId: 'sam', action: 'like' });
    await swipe(d, 'ana', { targetId: 'tia', action: 'pass' });
    // An active group the liker has left reads as solo (000 §4).
    await swipe(d, 'cat', { targetId: 'sam', action: 'like' });
    expect(writes).toEqual([
      { groupId: 'g1', action: 'like' },
      { groupId: null, action: 'pass' },
      { groupId: null, action: 'like' },
    ]);
  });

  it('refuses a group like on a student blocked with any member, and writes nothing', async () => {
    const { d, writes } = deps({ blockedWithGroup: async (groupId, userId) => groupId === 'g1' && userId === 'sam' });
    const refused = await swipe(d, 'ana', { targetId: 'sam', action: 'like', groupId: 'g1' });
    expect(refused.ok || refused.error.code).toBe('LIKES.UNAVAILABLE');
    expect(writes).toEqual([]);
    // The same like as herself is not the group's: it goes through.
    expect((await swipe(d, 'ana', { targetId: 'sam', action: 'like' })).ok).toBe(true);
  });

  it('completes a group match: one conversation, everyone told, the window from the clock', async () => {
    const asked: { since: Date; likerGroupId: string | null }[] = [];
    const { d, told, liked, dropped } = deps({
      pending: async (input) => {
        asked.push({ since: input.since, likerGroupId: input.likerGroupId });
        return groupMatchSides('g1', { userId: input.likerId });
      },
      create: async () => ['ana', 'ben', 'sam'],
    });
    const res = await swipe(d, 'sam', { targetId: 'ben', action: 'like' });
    expect(res.ok && res.value).toEqual({
      isMatch: true,
      isGroupMatch: true,
      conversationId: 'gmatch-id-1',
      compatibilityScore: expect.any(Number),
    });
    expect(told).toEqual([{ conversationId: 'gmatch-id-1', people: ['ana', 'ben', 'sam'], by: 'sam' }]);
    expect(asked).toEqual([{ since: new Date(clock.now().getTime() - GROUP_LIKE_WINDOW_MS), likerGroupId: null }]);
    // A group match is the news: no separate "someone liked you"; the one stored with the like goes (N187).
    expect(liked).toEqual([]);
    expect(dropped).toEqual([{ userId: 'ben', id: 'id-1' }]);
  });

  it('tells nobody again when the sides already matched, and a plain like stays a like', async () => {
    const { d, told, liked, dropped } = deps({ pending: async () => groupMatchSides('g1', { userId: 'sam' }) });
    const res = await swipe(d, 'sam', { targetId: 'ben', action: 'like' });
    expect(res.ok && res.value).toMatchObject({ isMatch: false, isGroupMatch: false, conversationId: null });
    expect(told).toEqual([]);
    expect(liked).toEqual(['ben']);
    expect(dropped).toEqual([]);
  });
});
