import { LIKE_MESSAGES } from '../../core/likes/rules';
import { completeStudentProfile, DAVIS, makeGold, quickStudent, rawSql, USC } from '../support/students';
import { makeTestApp, signedInClient } from '../support/test-app';

async function actor(t: ReturnType<typeof makeTestApp>, email: string, options = {}) {
  const c = await signedInClient(t, email);
  const id = (await c.get('/api/me')).json.user.id as string;
  await completeStudentProfile(t, id, email, options);
  return { c, id };
}

const deckOf = async (c: Awaited<ReturnType<typeof actor>>['c'], body: object = {}) =>
  c.post('/api/discover/deck', body);

describe('the deck', () => {
  it('shows complete students in reach, never yourself, incomplete, far away or blocked ones', async () => {
    const t = makeTestApp();
    const me = await actor(t, 'me@ucla.edu');
    const sameCampus = await quickStudent(t, 'same@ucla.edu');
    const metro = await quickStudent(t, 'metro@usc.edu', { university: USC });
    await quickStudent(t, 'far@ucdavis.edu', { university: DAVIS });
    await quickStudent(t, 'half@ucla.edu', { complete: false });
    const blocked = await quickStudent(t, 'blocked@ucla.edu');
    // A block in either direction hides both sides (D19).
    rawSql(t)
      .prepare('INSERT INTO blocked_users (id, blocker_id, blocked_user_id, created_at) VALUES (?, ?, ?, ?)')
      .run('b1', blocked, me.id, Date.now());
    const res = await deckOf(me.c);
    expect(res.status).toBe(200);
    const ids = res.json.candidates.map((c: { userId: string }) => c.userId);
    expect(ids.sort()).toEqual([sameCampus, metro].sort());
    const usc = res.json.candidates.find((c: { userId: string }) => c.userId === metro);
    expect(usc).toMatchObject({ isMetroArea: true, isSameUniversity: false });
    expect(usc.universityDistance).toBeGreaterThan(5);
    expect(usc.universityDistance).toBeLessThan(15);
    expect(res.json).toMatchObject({ searchRadius: 20, plan: 'free', activeFilterCount: 0 });
    // No private fields on a card.
    expect(JSON.stringify(res.json)).not.toMatch(/@ucla\.edu|@usc\.edu|dealbreakers|financial/);
  });

  it('gives every card a score, reasons, budget, photo and a prompt', async () => {
    const t = makeTestApp();
    const me = await actor(t, 'scores@ucla.edu');
    await quickStudent(t, 'twin@ucla.edu');
    const [card] = (await deckOf(me.c)).json.candidates;
    expect(card.compatibilityScore).toBeGreaterThanOrEqual(90);
    expect(card.reasons.length).toBeGreaterThan(0);
    expect(card.reasons).toContain('Budgets overlap $800–$1,200');
    expect(card).toMatchObject({ minBudget: 800, maxBudget: 1200, gender: 'Female' });
    expect(card.profilePhotoUrl).toMatch(/^\/media\//);
    expect(card.prompt.response).toBe('About twin');
  });

  it('orders boosted first, then those who super-liked you, then compatibility', async () => {
    const t = makeTestApp();
    const me = await actor(t, 'order@ucla.edu');
    const best = await quickStudent(t, 'best@ucla.edu');
    const worst = await quickStudent(t, 'worst@ucla.edu', {
      preferences: {
        cleanliness: 1,
        noiseLevel: 5,
        sleepSchedule: 5,
        smokingTolerance: 'smoking_ok',
        minBudget: 2500,
        maxBudget: 3000,
      },
    });
    const superLiker = await quickStudent(t, 'super@ucla.edu', { preferences: { cleanliness: 1, noiseLevel: 5 } });
    const booster = await quickStudent(t, 'boost@ucla.edu', { preferences: { cleanliness: 1, sleepSchedule: 5 } });
    await makeGold(t, booster);
    await t.db.swipes.swipe(
      {
        userId: superLiker,
        targetId: me.id,
        action: 'super_like',
        now: t.clock.now(),
        windowStart: new Date(0),
        id: 's1',
        score: null,
      },
      () => ({
        ok: true,
        value: {
          record: {
            userId: superLiker,
            targetId: me.id,
            status: 'liked',
            isSuperLike: true,
            createdAt: t.clock.now(),
            matchedAt: null,
          },
          matchReverse: false,
          spendPurchasedSuperLike: false,
          guard: { mutual: null, likesBelow: null, superLikesBelow: null, superLikesAtLeast: null },
        },
      }),
    );
    await t.db.boosts.start(booster, t.clock.now(), new Date(0), 'boost-1', () => ({
      ok: true,
      value: { source: 'monthly', endsAt: new Date(t.clock.now().getTime() + 30 * 60_000) },
    }));
    const ids = (await deckOf(me.c)).json.candidates.map((c: { userId: string }) => c.userId);
    expect(ids).toEqual([booster, superLiker, best, worst]);
    const cards = (await deckOf(me.c)).json.candidates;
    expect(cards[0].isBoosted).toBe(true);
    expect(cards[1].superLikedYou).toBe(true);
    // The boost ends after 30 minutes.
    t.clock.advance(31 * 60_000);
    await me.c.post('/api/auth/refresh');
    expect((await deckOf(me.c)).json.candidates[0].userId).toBe(superLiker);
  });

  it('refuses advanced filters for a free user with the Premium Feature error, and a radius outside the plan', async () => {
    const t = makeTestApp();
    const me = await actor(t, 'free@ucla.edu');
    const res = await deckOf(me.c, { filters: { cleanlinessMin: 4 } });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ title: 'Premium Feature', detail: 'Upgrade to Gold to use advanced filters' });
    const wide = await deckOf(me.c, { searchRadius: 30 });
    expect(wide.status).toBe(400);
    expect((await deckOf(me.c, { searchRadius: 25 })).status).toBe(200);
    expect((await deckOf(me.c, { searchRadius: 12 })).status).toBe(400);
  });

  it('applies advanced filters for Gold, with a wider radius', async () => {
    const t = makeTestApp();
    const me = await actor(t, 'gold@ucla.edu');
    await makeGold(t, me.id);
    const tidy = await quickStudent(t, 'tidy@ucla.edu', { preferences: { cleanliness: 5 } });
    await quickStudent(t, 'messy@ucla.edu', { preferences: { cleanliness: 1 } });
    const res = await deckOf(me.c, { searchRadius: 50, filters: { cleanlinessMin: 4 } });
    expect(res.status).toBe(200);
    expect(res.json.candidates.map((c: { userId: string }) => c.userId)).toEqual([tidy]);
    expect(res.json).toMatchObject({ searchRadius: 50, plan: 'gold', activeFilterCount: 2 });
  });
});

describe('swiping', () => {
  it('makes a match when both like, with the same conversation id for both', async () => {
    const t = makeTestApp();
    const a = await actor(t, 'a@ucla.edu');
    const b = await actor(t, 'b@ucla.edu');
    const first = await a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' });
    expect(first.json).toMatchObject({ isMatch: false, conversationId: null });
    const second = await b.c.post('/api/swipes', { targetUserId: a.id, action: 'like' });
    expect(second.json.isMatch).toBe(true);
    const expected = [a.id, b.id].sort().join('_');
    expect(second.json.conversationId).toBe(expected);
    const aMatches = (await a.c.get('/api/matches')).json.matches;
    const bMatches = (await b.c.get('/api/matches')).json.matches;
    expect(aMatches.map((m: { userId: string }) => m.userId)).toEqual([b.id]);
    expect(bMatches[0]).toMatchObject({ userId: a.id, conversationId: expected });
    expect(JSON.stringify(aMatches)).not.toContain('@ucla.edu');
    // Swiped profiles leave the deck.
    expect((await a.c.post('/api/discover/deck', {})).json.candidates).toEqual([]);
  });

  it('refuses liking yourself, twice, someone unknown, and passing a match; nothing changes', async () => {
    const t = makeTestApp();
    const a = await actor(t, 'a2@ucla.edu');
    const b = await actor(t, 'b2@ucla.edu');
    expect((await a.c.post('/api/swipes', { targetUserId: a.id, action: 'like' })).json.detail).toBe(
      "You can't like your own profile.",
    );
    await a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' });
    const twice = await a.c.post('/api/swipes', { targetUserId: b.id, action: 'like' });
    expect(twice.status).toBe(409);
    expect((await a.c.post('/api/swipes', { targetUserId: 'nobody', action: 'like' })).status).toBe(404);
    await b.c.post('/api/swipes', { targetUserId: a.id, action: 'like' });
    expect((await b.c.post('/api/swipes', { targetUserId: a.id, action: 'pass' })).status).toBe(409);
    expect((await a.c.get('/api/matches')).json.matches).toHaveLength(1);
  });

  it('refuses swiping a blocked or suspended student', async () => {
    const t = makeTestApp();
    const a = await actor(t, 'a3@ucla.edu');
    const suspended = await quickStudent(t, 'gone@ucla.edu');
    rawSql(t).prepare(`UPDATE users SET status = 'suspended' WHERE id = ?`).run(suspended);
    expect((await a.c.post('/api/swipes', { targetUserId: suspended, action: 'like' })).status).toBe(404);
  });

  it('admits exactly one of 20 concurrent likes at the 50th free like (D14)', async () => {
    const t = makeTestApp();
    const a = await actor(t, 'limit@ucla.edu');
    const targets: string[] = [];
    for (let i = 0; i < 69; i++) targets.push(await quickStudent(t, `t${i}@ucla.edu`));
    for (const id of targets.slice(0, 49)) {
      expect((await a.c.post('/api/swipes', { targetUserId: id, action: 'like' })).status).toBe(200);
    }
    const results = await Promise.all(
      targets.slice(49).map((id) => a.c.post('/api/swipes', { targetUserId: id, action: 'like' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.json).toMatchObject({
        title: 'Daily Like Limit Reached',
        detail: 'Upgrade to Premium for unlimited likes.',
      });
    }
    // Passing still works at the limit; likes come back when the 24-hour window rolls on.
    const unliked = targets.slice(49).filter((_, i) => results[i]?.status !== 200);
    expect((await a.c.post('/api/swipes', { targetUserId: unliked[0], action: 'pass' })).status).toBe(200);
    t.clock.advance(24 * 3_600_000 + 1000);
    await a.c.post('/api/auth/refresh');
    expect((await a.c.post('/api/swipes', { targetUserId: unliked[1], action: 'like' })).status).toBe(200);
  });

  it('gives free users 1 super like a day and Gold 5, then spends purchased ones', async () => {
    const t = makeTestApp();
    const free = await actor(t, 'sfree@ucla.edu');
    const targets: string[] = [];
    for (let i = 0; i < 9; i++) targets.push(await quickStudent(t, `s${i}@ucla.edu`));
    expect((await free.c.post('/api/swipes', { targetUserId: targets[0], action: 'super_like' })).status).toBe(200);
    const out = await free.c.post('/api/swipes', { targetUserId: targets[1], action: 'super_like' });
    expect(out.status).toBe(429);
    expect(out.json).toMatchObject({ title: 'No Super Likes Left', detail: LIKE_MESSAGES.noSuperFree });
    expect((await free.c.get('/api/super-likes/status')).json).toEqual({
      canUseSuperLike: false,
      dailyLimit: 1,
      dailyUsedCount: 1,
      purchasedRemaining: 0,
    });
    const gold = await actor(t, 'sgold@ucla.edu');
    await makeGold(t, gold.id);
    for (let i = 0; i < 5; i++) {
      expect((await gold.c.post('/api/swipes', { targetUserId: targets[i + 1], action: 'super_like' })).status).toBe(
        200,
      );
    }
    const none = await gold.c.post('/api/swipes', { targetUserId: targets[6], action: 'super_like' });
    expect(none.json.detail).toBe("You've used all 5 daily Super Likes today");
    rawSql(t)
      .prepare('INSERT INTO balances (user_id, super_likes, boosts, updated_at) VALUES (?, 1, 0, 0)')
      .run(gold.id);
    expect((await gold.c.post('/api/swipes', { targetUserId: targets[6], action: 'super_like' })).status).toBe(200);
    expect((await gold.c.get('/api/super-likes/status')).json.purchasedRemaining).toBe(0);
    expect((await gold.c.post('/api/swipes', { targetUserId: targets[7], action: 'super_like' })).status).toBe(429);
  });
});

describe('who liked you', () => {
  it('tells a free user only how many (D15), and lets Gold see and like back', async () => {
    const t = makeTestApp();
    const liker = await actor(t, 'liker.person@ucla.edu');
    const me = await actor(t, 'liked@ucla.edu');
    await liker.c.post('/api/swipes', { targetUserId: me.id, action: 'super_like' });
    const free = await me.c.get('/api/likes/received');
    expect(free.json).toEqual({ visible: false, count: 1, likers: [] });
    expect(free.text).not.toContain('liker.person');
    expect(free.text).not.toContain(liker.id);
    const refused = await me.c.post(`/api/likes/${liker.id}/like-back`);
    expect(refused.status).toBe(403);
    await makeGold(t, me.id);
    const gold = await me.c.get('/api/likes/received');
    expect(gold.json.visible).toBe(true);
    expect(gold.json.likers[0]).toMatchObject({ userId: liker.id, name: 'liker.person', isSuperLike: true });
    const back = await me.c.post(`/api/likes/${liker.id}/like-back`);
    expect(back.json.isMatch).toBe(true);
    expect((await me.c.get('/api/likes/received')).json.count).toBe(0);
  });

  it('refuses like-back without a like from them, and lets anyone pass a liker', async () => {
    const t = makeTestApp();
    const me = await actor(t, 'lb@ucla.edu');
    await makeGold(t, me.id);
    const other = await quickStudent(t, 'other@ucla.edu');
    const res = await me.c.post(`/api/likes/${other}/like-back`);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Failed to like back (No existing like found from this user)');
    const liker = await actor(t, 'passme@ucla.edu');
    await liker.c.post('/api/swipes', { targetUserId: me.id, action: 'like' });
    expect((await me.c.post(`/api/likes/${liker.id}/pass`)).status).toBe(200);
    expect((await me.c.get('/api/likes/received')).json.count).toBe(0);
  });
});

describe('premium status and boosts', () => {
  it('reports the plan and its entitlements', async () => {
    const t = makeTestApp();
    const me = await actor(t, 'status@ucla.edu');
    const free = (await me.c.get('/api/premium/status')).json;
    expect(free).toMatchObject({ isPremium: false, subscriptionEnd: null, isExpired: false });
    expect(free.entitlements).toMatchObject({ dailyLikes: 50, dailySuperLikes: 1, defaultRadius: 20, maxRadius: 25 });
    await makeGold(t, me.id, 10);
    const gold = (await me.c.get('/api/premium/status')).json;
    expect(gold).toMatchObject({ isPremium: true, daysUntilExpiry: 10 });
    expect(gold.entitlements).toMatchObject({ dailyLikes: null, dailySuperLikes: 5, defaultRadius: 30, maxRadius: 50 });
    t.clock.advance(11 * 86_400_000);
    await me.c.post('/api/auth/refresh');
    expect((await me.c.get('/api/premium/status')).json).toMatchObject({ isPremium: false, isExpired: true });
  });

  it('gives Gold one 30-minute boost per calendar month, one at a time', async () => {
    const t = makeTestApp();
    const me = await actor(t, 'booster@ucla.edu');
    const none = await me.c.post('/api/boost');
    expect(none.status).toBe(409);
    expect(none.json.title).toBe('Boost Failed');
    await makeGold(t, me.id, 90);
    const started = await me.c.post('/api/boost');
    expect(started.json).toMatchObject({ hasActiveBoost: true, monthlyBoostsRemaining: 0 });
    expect(new Date(started.json.boostEndTime).getTime() - t.clock.now().getTime()).toBe(30 * 60_000);
    expect((await me.c.post('/api/boost')).json.detail).toBe('Your profile is already boosted.');
    t.clock.advance(31 * 60_000);
    await me.c.post('/api/auth/refresh');
    expect((await me.c.post('/api/boost')).status).toBe(409);
    t.clock.set('2026-10-01T00:00:00.000Z');
    await me.c.post('/api/auth/refresh');
    expect((await me.c.get('/api/boost/status')).json.monthlyBoostsRemaining).toBe(1);
  });
});
