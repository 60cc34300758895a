/**
 * Issue 14 items 5, 8 and 11: a block hides each side from the other on every read path, as if
 * the profile did not exist; a deleted or suspended account's photos go at once; a like must be
 * within the deck's reach (D13).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { profileErrors } from '../../core/profiles/errors';
import { completeStudentProfile, DAVIS, makeGold } from '../support/students';
import { makeTestApp, signedInClient, type TestClient } from '../support/test-app';

type App = ReturnType<typeof makeTestApp>;
type Student = { c: TestClient; id: string; photo: string };

let n = 0;
async function student(t: App, options: Parameters<typeof completeStudentProfile>[3] = {}): Promise<Student> {
  const email = `seen${++n}@ucla.edu`;
  const c = await signedInClient(t, email);
  const id = (await c.get('/api/me')).json.user.id as string;
  await completeStudentProfile(t, id, email, options);
  // completeStudentProfile stores the photo row; the bytes go where the local store serves them.
  mkdirSync(join(t.mediaDir, id), { recursive: true });
  writeFileSync(join(t.mediaDir, id, '1-abc.webp'), Buffer.from('RIFF....WEBPVP8 '));
  return { c, id, photo: `/media/${id}/1-abc.webp` };
}

async function block(blocker: Student, target: Student): Promise<() => Promise<void>> {
  expect((await blocker.c.post('/api/blocks', { blockedUserId: target.id })).status).toBe(201);
  const { blocked } = (await blocker.c.get('/api/blocks')).json;
  const id = blocked.find((b: { blockedUserId: string }) => b.blockedUserId === target.id).id;
  return async () => {
    expect((await blocker.c.delete(`/api/blocks/${id}`)).status).toBe(200);
  };
}

async function matched(t: App) {
  const a = await student(t);
  const b = await student(t);
  expect((await a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' })).status).toBe(200);
  const res = await b.c.post('/api/swipes', { targetUserId: a.id, action: 'like' });
  expect(res.json.isMatch).toBe(true);
  return { a, b, conversationId: res.json.conversationId as string };
}

// Engine-neutral (the suite also runs on PGlite): nothing stored from `id` towards `target`.
const stored = async (t: App, id: string, target: string) => (await t.db.swipes.get(id, target)) !== null;

describe('a block hides both sides on every read path (issue 14 item 5)', () => {
  it('profile view and photo bytes answer 404 both ways, like a profile that does not exist; unblock restores', async () => {
    const t = makeTestApp();
    const a = await student(t);
    const b = await student(t);
    const missing = await a.c.get('/api/profiles/00000000-0000-4000-8000-999999999999');
    expect(missing.status).toBe(404);
    expect((await a.c.get(`/api/profiles/${b.id}`)).status).toBe(200);
    const cached = await a.c.bytes(b.photo);
    expect(cached.status).toBe(200);
    // The browser must ask again before showing a cached photo, so a block reaches it too.
    expect(cached.headers.get('cache-control')).toBe('private, no-cache');
    const etag = cached.headers.get('etag') ?? '';
    expect((await a.c.bytes(b.photo, { 'If-None-Match': etag })).status).toBe(304);

    const unblock = await block(a, b);
    expect((await a.c.bytes(b.photo, { 'If-None-Match': etag })).status).toBe(404);
    // The blocker's own list names them, without a link to bytes that are now hidden.
    expect((await a.c.get('/api/blocks')).json.blocked).toMatchObject([{ blockedUserId: b.id, profilePhotoUrl: null }]);
    for (const [viewer, owner] of [
      [a, b],
      [b, a],
    ] as const) {
      const view = await viewer.c.get(`/api/profiles/${owner.id}`);
      expect(view.status).toBe(404);
      expect({ ...view.json, instance: undefined }).toEqual({ ...missing.json, instance: undefined });
      expect((await viewer.c.bytes(owner.photo)).status).toBe(404);
      // Your own photos stay yours.
      expect((await viewer.c.bytes(viewer.photo)).status).toBe(200);
    }

    await unblock();
    expect((await a.c.get(`/api/profiles/${b.id}`)).status).toBe(200);
    expect((await b.c.get(`/api/profiles/${a.id}`)).status).toBe(200);
    expect((await b.c.bytes(a.photo)).status).toBe(200);
  });

  it('who liked you, the deck, matches, conversations, messages and icebreakers drop the other side', async () => {
    const t = makeTestApp();
    const { a, b, conversationId } = await matched(t);
    const liker = await student(t);
    await makeGold(t, a.id);
    expect((await liker.c.post('/api/swipes', { targetUserId: a.id, action: 'like' })).status).toBe(200);
    const likerIds = async () =>
      (await a.c.get('/api/likes/received')).json.likers.map((l: { userId: string }) => l.userId);
    expect(await likerIds()).toEqual([liker.id]);
    const deckIds = async (s: Student) =>
      (await s.c.post('/api/discover/deck', {})).json.candidates.map((c: { userId: string }) => c.userId);
    expect(await deckIds(liker)).toContain(b.id);

    const unblockLiker = await block(liker, a);
    const unblockB = await block(b, a);
    expect(await likerIds()).toEqual([]);
    expect((await a.c.get('/api/likes/received')).json.count).toBe(0);
    const unblockDeck = await block(b, liker);
    expect(await deckIds(liker)).not.toContain(b.id);
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect((await me.c.get('/api/matches')).json.matches).toEqual([]);
      expect((await me.c.get('/api/conversations')).json.conversations).toEqual([]);
      expect((await me.c.get(`/api/conversations/${conversationId}/messages`)).status).toBe(404);
      expect((await me.c.get(`/api/conversations/${conversationId}/icebreakers`)).status).toBe(404);
      expect((await me.c.get(`/api/profiles/${other.id}`)).status).toBe(404);
    }

    await unblockLiker();
    await unblockB();
    await unblockDeck();
    expect(await likerIds()).toEqual([liker.id]);
    expect(await deckIds(liker)).toContain(b.id);
    for (const me of [a, b]) {
      expect((await me.c.get('/api/matches')).json.matches).toHaveLength(1);
      expect((await me.c.get('/api/conversations')).json.conversations).toHaveLength(1);
      expect((await me.c.get(`/api/conversations/${conversationId}/messages`)).status).toBe(200);
      expect((await me.c.get(`/api/conversations/${conversationId}/icebreakers`)).status).toBe(200);
    }
  });

  it('keeps a blocked member on their own group’s card by name, without a photo either way', async () => {
    const t = makeTestApp();
    const a = await student(t);
    const b = await student(t);
    const group = (await a.c.post('/api/groups', { name: 'Westwood Crew' })).json.group;
    const { inviteCode } = (await a.c.post(`/api/groups/${group.id}/invite-code`)).json;
    expect((await b.c.post('/api/groups/join', { inviteCode })).status).toBe(200);
    const memberOf = async (viewer: Student, member: Student) =>
      (await viewer.c.get('/api/groups')).json.groups[0].members.find(
        (m: { userId: string }) => m.userId === member.id,
      );
    expect((await memberOf(a, b)).profilePhotoUrl).toBe(b.photo);

    const unblock = await block(a, b);
    for (const [viewer, member] of [
      [a, b],
      [b, a],
    ] as const) {
      expect(await memberOf(viewer, member)).toMatchObject({ userId: member.id, profilePhotoUrl: null });
      expect((await memberOf(viewer, viewer)).profilePhotoUrl).toBe(viewer.photo);
    }
    await unblock();
    expect((await memberOf(b, a)).profilePhotoUrl).toBe(a.photo);
  });
});

describe('the group-mode deck (D13)', () => {
  it('leaves out someone blocked either way with the viewer, as the solo deck does', async () => {
    const t = makeTestApp();
    const a = await student(t);
    const mate = await student(t);
    const b = await student(t);
    const group = (await a.c.post('/api/groups', { name: 'Westwood Crew' })).json.group;
    const { inviteCode } = (await a.c.post(`/api/groups/${group.id}/invite-code`)).json;
    expect((await mate.c.post('/api/groups/join', { inviteCode })).status).toBe(200);
    expect((await a.c.put('/api/group-mode', { mode: 'group', activeGroupId: group.id })).status).toBe(200);
    const deck = async () => (await a.c.post('/api/discover/deck', {})).json;
    expect((await deck()).mode).toBe('group');
    expect((await deck()).candidates.map((c: { userId: string }) => c.userId)).toEqual([b.id]);
    const unblock = await block(b, a);
    expect((await deck()).candidates).toEqual([]);
    await unblock();
    expect((await deck()).candidates.map((c: { userId: string }) => c.userId)).toEqual([b.id]);
  });
});

describe('photos of hidden accounts (issue 14 item 8)', () => {
  it('stops serving a deleted account’s photos right after the deletion request, and a suspended one’s', async () => {
    const t = makeTestApp();
    const viewer = await student(t);
    const leaving = await student(t);
    const suspended = await student(t);
    expect((await viewer.c.bytes(leaving.photo)).status).toBe(200);
    expect((await viewer.c.bytes(suspended.photo)).status).toBe(200);

    expect((await leaving.c.post('/api/data-requests', { requestType: 'deletion' })).status).toBe(201);
    await t.db.admins.setUserStatus(suspended.id, 'suspended', t.clock.now());
    expect((await viewer.c.bytes(leaving.photo)).status).toBe(404);
    expect((await viewer.c.bytes(suspended.photo)).status).toBe(404);
    // Admins still see a suspended account's photos, to review what was flagged (D22, D27).
    const admin = await student(t);
    await t.db.admins.setActive(`seen${n}@ucla.edu`, true, t.clock.now());
    expect((await admin.c.bytes(suspended.photo)).status).toBe(200);
    // The profile view says the same for both (one rule).
    expect((await viewer.c.get(`/api/profiles/${leaving.id}`)).json.detail).toBe(profileErrors.notFound().message);
    expect((await viewer.c.get(`/api/profiles/${suspended.id}`)).status).toBe(404);
  });
});

describe('likes within the deck’s reach (issue 14 item 11; D13)', () => {
  it('refuses a like or super like far outside the radius and stores nothing; a pass is allowed', async () => {
    const t = makeTestApp();
    const me = await student(t);
    const far = await student(t, { university: DAVIS });
    for (const action of ['like', 'super_like'] as const) {
      const res = await me.c.post('/api/swipes', { targetUserId: far.id, action });
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('LIKES.UNAVAILABLE');
    }
    expect(await stored(t, me.id, far.id)).toBe(false);
    // Gold's wider radius (50 miles) does not reach Davis from Los Angeles either.
    await makeGold(t, me.id);
    expect((await me.c.post('/api/swipes', { targetUserId: far.id, action: 'like' })).status).toBe(404);
    expect(await stored(t, me.id, far.id)).toBe(false);
    expect((await me.c.post('/api/swipes', { targetUserId: far.id, action: 'pass' })).status).toBe(200);
  });

  it('lets you like back someone who liked you from outside your reach', async () => {
    const t = makeTestApp();
    const me = await student(t);
    const far = await student(t, { university: DAVIS });
    // Arranged in the repository: from Davis, Los Angeles is out of reach for them too.
    await t.db.swipes.swipe(
      {
        userId: far.id,
        targetId: me.id,
        action: 'like',
        now: t.clock.now(),
        windowStart: new Date(0),
        id: 'far-like',
        score: null,
      },
      (state) => ({
        ok: true,
        value: {
          record: {
            userId: far.id,
            targetId: me.id,
            status: 'liked',
            isSuperLike: false,
            createdAt: t.clock.now(),
            matchedAt: null,
          },
          matchReverse: false,
          spendPurchasedSuperLike: state.existing !== null,
          guard: { mutual: null, likesBelow: null, superLikesBelow: null, superLikesAtLeast: null },
        },
      }),
    );
    const res = await me.c.post('/api/swipes', { targetUserId: far.id, action: 'like' });
    expect(res.status).toBe(200);
    expect(res.json.isMatch).toBe(true);
  });
});
