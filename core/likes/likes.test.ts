import { boostStatus, decideBoost } from './boosts';
import { conversationIdFor, decideSwipe, guardHolds, type SwipeState, superLikeStatus } from './rules';

const now = new Date('2026-11-22T12:00:00Z');
const empty: SwipeState = {
  existing: null,
  reverse: null,
  likesInWindow: 0,
  superLikesInWindow: 0,
  superLikeBalance: 0,
};
const input = (over = {}) => ({
  userId: 'a',
  targetId: 'b',
  action: 'like' as const,
  plan: 'free' as const,
  now,
  ...over,
});

describe('decideSwipe (001 §4, D14)', () => {
  it('likes, and matches when the other side liked first', () => {
    const plain = decideSwipe(empty, input());
    expect(plain.ok && plain.value.record.status).toBe('liked');
    const reverse = {
      userId: 'b',
      targetId: 'a',
      status: 'liked' as const,
      isSuperLike: false,
      createdAt: now,
      matchedAt: null,
    };
    const mutual = decideSwipe({ ...empty, reverse }, input());
    expect(mutual.ok && mutual.value).toMatchObject({
      matchReverse: true,
      record: { status: 'matched', matchedAt: now },
    });
    const passedMe = decideSwipe({ ...empty, reverse: { ...reverse, status: 'passed' } }, input());
    expect(passedMe.ok && passedMe.value.record.status).toBe('liked');
  });

  it('refuses self, a second swipe and the 51st free like, but lets Gold like on', () => {
    expect(decideSwipe(empty, input({ targetId: 'a' })).ok).toBe(false);
    const existing = {
      userId: 'a',
      targetId: 'b',
      status: 'passed' as const,
      isSuperLike: false,
      createdAt: now,
      matchedAt: null,
    };
    expect(decideSwipe({ ...empty, existing }, input({ action: 'pass' })).ok).toBe(false);
    const full = { ...empty, likesInWindow: 50 };
    const refused = decideSwipe(full, input());
    expect(!refused.ok && refused.error.title).toBe('Daily Like Limit Reached');
    expect(decideSwipe(full, input({ action: 'pass' })).ok).toBe(true);
    expect(decideSwipe({ ...empty, likesInWindow: 5000 }, input({ plan: 'gold' })).ok).toBe(true);
  });

  it('spends the daily super like first, then a purchased one, with the plan’s message', () => {
    const daily = decideSwipe(empty, input({ action: 'super_like' }));
    expect(daily.ok && daily.value.spendPurchasedSuperLike).toBe(false);
    const bought = decideSwipe(
      { ...empty, superLikesInWindow: 1, superLikeBalance: 2 },
      input({ action: 'super_like' }),
    );
    expect(bought.ok && bought.value.spendPurchasedSuperLike).toBe(true);
    const free = decideSwipe({ ...empty, superLikesInWindow: 1 }, input({ action: 'super_like' }));
    expect(!free.ok && free.error.message).toBe("You've used your daily Super Like. Upgrade for 5 per day.");
    const gold = decideSwipe({ ...empty, superLikesInWindow: 5 }, input({ action: 'super_like', plan: 'gold' }));
    expect(!gold.ok && gold.error.message).toBe("You've used all 5 daily Super Likes today");
  });

  it('decides the same on every state that meets a decision’s guard, and the guard says so (N162)', () => {
    const swipeOf = (status: 'liked' | 'passed' | 'matched', userId = 'b', targetId = 'a') => ({
      userId,
      targetId,
      status,
      isSuperLike: false,
      createdAt: now,
      matchedAt: null,
    });
    const states: SwipeState[] = [];
    for (const existing of [null, swipeOf('passed', 'a', 'b')])
      for (const reverse of [null, swipeOf('liked'), swipeOf('passed'), swipeOf('matched')])
        for (const likesInWindow of [0, 49, 50])
          for (const superLikesInWindow of [0, 1, 5])
            for (const superLikeBalance of [0, 1]) {
              states.push({ existing, reverse, likesInWindow, superLikesInWindow, superLikeBalance });
            }
    let decisions = 0;
    const wrong: string[] = [];
    for (const plan of ['free', 'gold'] as const)
      for (const action of ['like', 'super_like', 'pass'] as const)
        for (const seen of states) {
          const first = decideSwipe(seen, input({ plan, action }));
          if (!first.ok) continue;
          decisions++;
          expect(guardHolds(first.value.guard, seen)).toBe(true);
          const expected = JSON.stringify(first);
          for (const later of states) {
            // Within the guard the decision is the same; outside it, it is a different one or a refusal.
            const again = JSON.stringify(decideSwipe(later, input({ plan, action })));
            if (guardHolds(first.value.guard, later) !== (again === expected)) wrong.push(`${plan} ${action} ${again}`);
          }
        }
    expect(wrong).toEqual([]);
    expect(decisions).toBeGreaterThan(50);
    // A Gold like rests only on the pair: more likes today do not change it.
    const gold = decideSwipe(empty, input({ plan: 'gold' }));
    expect(gold.ok && gold.value.guard).toEqual({
      mutual: false,
      likesBelow: null,
      superLikesBelow: null,
      superLikesAtLeast: null,
    });
    const free = decideSwipe(empty, input());
    expect(free.ok && free.value.guard.likesBelow).toBe(50);
  });

  it('reports super-like status', () => {
    expect(superLikeStatus({ superLikesInWindow: 3, superLikeBalance: 0 }, 'gold')).toEqual({
      canUseSuperLike: true,
      dailyLimit: 5,
      dailyUsedCount: 3,
      purchasedRemaining: 0,
    });
  });

  it('names conversations by the two ids, smaller first (001 §3)', () => {
    expect(conversationIdFor('b', 'a')).toBe('a_b');
    expect(conversationIdFor('a', 'b')).toBe('a_b');
  });
});

describe('boosts (D17)', () => {
  it('gives Gold one monthly boost, then purchased ones, one at a time, 30 minutes long', () => {
    const fresh = { activeUntil: null, monthlyUsedThisMonth: 0, purchasedBalance: 0 };
    expect(boostStatus(fresh, 'free', now).totalBoostsRemaining).toBe(0);
    expect(decideBoost(fresh, 'free', now).ok).toBe(false);
    const monthly = decideBoost(fresh, 'gold', now);
    expect(monthly.ok && monthly.value).toEqual({ source: 'monthly', endsAt: new Date(now.getTime() + 30 * 60_000) });
    const used = { ...fresh, monthlyUsedThisMonth: 1, purchasedBalance: 1 };
    expect(decideBoost(used, 'gold', now).ok && decideBoost(used, 'gold', now)).toMatchObject({
      value: { source: 'purchased' },
    });
    const running = { ...used, activeUntil: new Date(now.getTime() + 60_000) };
    expect(decideBoost(running, 'gold', now).ok).toBe(false);
    expect(boostStatus(running, 'gold', now)).toMatchObject({ hasActiveBoost: true, totalBoostsRemaining: 1 });
  });
});
