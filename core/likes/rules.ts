/**
 * Swipes (001 §4, §5, §8; D14): like, super like and pass, mutual matches, like-back and the
 * rolling 24-hour limits. `decideSwipe` is pure; the repository calls it inside one
 * transaction with the counts it read, so two concurrent requests cannot both pass the last unit.
 */
import { ENTITLEMENTS, type Plan } from '../billing/entitlements';
import { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';

export type SwipeAction = 'like' | 'super_like' | 'pass';
export type SwipeStatus = 'passed' | 'liked' | 'matched';

export type SwipeRecord = {
  userId: string;
  targetId: string;
  status: SwipeStatus;
  isSuperLike: boolean;
  createdAt: Date;
  matchedAt: Date | null;
};

/** What the transaction read before deciding. */
export type SwipeState = {
  existing: SwipeRecord | null;
  reverse: SwipeRecord | null;
  likesInWindow: number;
  superLikesInWindow: number;
  superLikeBalance: number;
};

export type SwipeDecision = {
  record: SwipeRecord;
  /** The other side's like becomes a match too. */
  matchReverse: boolean;
  spendPurchasedSuperLike: boolean;
  /** What the decision rests on: it stands for any state that still meets this (N162). */
  guard: SwipeGuard;
};

/**
 * The part of a `SwipeState` a decision depends on (N162), so a check-and-write can re-check just
 * that under its locks: a Gold member's likes made at once do not invalidate each other, while a
 * like that would pass the daily limit still does. Every decision also needs no swipe of this pair yet.
 */
export type SwipeGuard = {
  /** The other side had liked (not passed), so the like is a match; null for a pass, which it does not change. */
  mutual: boolean | null;
  /** A capped like: the likes in the window must still be fewer than this. */
  likesBelow: number | null;
  /** A daily super like: the super likes in the window must still be fewer than this. */
  superLikesBelow: number | null;
  /** A purchased super like: the daily ones must still be used up (at least this many) and the balance above 0. */
  superLikesAtLeast: number | null;
};

/** Whether a state still meets a decision's guard (what the check-and-write checks, N162). */
export function guardHolds(guard: SwipeGuard, state: SwipeState): boolean {
  const mutual = state.reverse !== null && state.reverse.status !== 'passed';
  return (
    state.existing === null &&
    (guard.mutual === null || mutual === guard.mutual) &&
    (guard.likesBelow === null || state.likesInWindow < guard.likesBelow) &&
    (guard.superLikesBelow === null || state.superLikesInWindow < guard.superLikesBelow) &&
    (guard.superLikesAtLeast === null ||
      (state.superLikesInWindow >= guard.superLikesAtLeast && state.superLikeBalance > 0))
  );
}

export const LIKES_WINDOW_MS = 24 * 60 * 60 * 1000;

export const LIKE_MESSAGES = {
  self: "You can't like your own profile.",
  unavailable: 'This profile is no longer available.',
  already: "You've already responded to this profile.",
  limitTitle: 'Daily Like Limit Reached',
  limit: 'Upgrade to Premium for unlimited likes.',
  noSuperTitle: 'No Super Likes Left',
  noSuperPremium: "You've used all 5 daily Super Likes today",
  noSuperFree: "You've used your daily Super Like. Upgrade for 5 per day.",
  likeBackMissing: 'Failed to like back (No existing like found from this user)',
  swipeFailed: 'Failed to process swipe. Please try again.',
  superStatusFailed: 'Unable to check Super Like status. Please try again.',
} as const;

export const likeErrors = {
  self: () => new DomainError('LIKES.SELF', LIKE_MESSAGES.self),
  unavailable: () => new DomainError('LIKES.UNAVAILABLE', LIKE_MESSAGES.unavailable),
  already: () => new DomainError('LIKES.ALREADY_SWIPED', LIKE_MESSAGES.already),
  dailyLimit: () => new DomainError('LIKES.DAILY_LIMIT', LIKE_MESSAGES.limit, undefined, LIKE_MESSAGES.limitTitle),
  noSuperLikes: (plan: Plan) =>
    new DomainError(
      'LIKES.NO_SUPER_LIKES',
      plan === 'gold' ? LIKE_MESSAGES.noSuperPremium : LIKE_MESSAGES.noSuperFree,
      undefined,
      LIKE_MESSAGES.noSuperTitle,
    ),
  likeBackMissing: () => new DomainError('LIKES.NO_LIKE_TO_RETURN', LIKE_MESSAGES.likeBackMissing),
};

export function decideSwipe(
  state: SwipeState,
  input: { userId: string; targetId: string; action: SwipeAction; plan: Plan; now: Date },
): Result<SwipeDecision, DomainError> {
  if (input.userId === input.targetId) return err(likeErrors.self());
  if (state.existing) return err(likeErrors.already());
  const base = { userId: input.userId, targetId: input.targetId, createdAt: input.now };
  const guard: SwipeGuard = { mutual: null, likesBelow: null, superLikesBelow: null, superLikesAtLeast: null };
  if (input.action === 'pass') {
    return ok({
      record: { ...base, status: 'passed', isSuperLike: false, matchedAt: null },
      matchReverse: false,
      spendPurchasedSuperLike: false,
      guard,
    });
  }
  const e = ENTITLEMENTS[input.plan];
  let spendPurchasedSuperLike = false;
  if (input.action === 'super_like') {
    if (state.superLikesInWindow >= e.dailySuperLikes) {
      // D14: purchased super likes are spent once the daily allowance is gone.
      if (state.superLikeBalance <= 0) return err(likeErrors.noSuperLikes(input.plan));
      spendPurchasedSuperLike = true;
      guard.superLikesAtLeast = e.dailySuperLikes;
    } else guard.superLikesBelow = e.dailySuperLikes;
  } else if (e.dailyLikes !== null) {
    if (state.likesInWindow >= e.dailyLikes) return err(likeErrors.dailyLimit());
    guard.likesBelow = e.dailyLikes;
  }
  const mutual = state.reverse !== null && state.reverse.status !== 'passed';
  guard.mutual = mutual;
  return ok({
    record: {
      ...base,
      status: mutual ? 'matched' : 'liked',
      isSuperLike: input.action === 'super_like',
      matchedAt: mutual ? input.now : null,
    },
    matchReverse: mutual,
    spendPurchasedSuperLike,
    guard,
  });
}

/** The super-like status entity (000 §3, 001 §3). */
export function superLikeStatus(state: { superLikesInWindow: number; superLikeBalance: number }, plan: Plan) {
  const dailyLimit = ENTITLEMENTS[plan].dailySuperLikes;
  const dailyUsedCount = Math.min(state.superLikesInWindow, dailyLimit);
  return {
    canUseSuperLike: dailyUsedCount < dailyLimit || state.superLikeBalance > 0,
    dailyLimit,
    dailyUsedCount,
    purchasedRemaining: state.superLikeBalance,
  };
}

/** 001 §3 Conversation id: the two user ids, smaller first, joined by an underscore. */
export const conversationIdFor = (a: string, b: string) => (a < b ? `${a}_${b}` : `${b}_${a}`);
