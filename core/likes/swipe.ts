/** Swiping, like-back, who liked you and matches (001 §4, §7; D14, D15). */
import { ENTITLEMENTS, planOf } from '../billing/entitlements';
import { compatibility } from '../matching/compatibility';
import { withinReach } from '../matching/deck';
import { premiumRequired } from '../matching/filters';
import type { DiscoveryDeps, ProfileCard } from '../matching/ports';
import { profileErrors } from '../profiles/errors';
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import {
  conversationIdFor,
  decideSwipe,
  LIKES_WINDOW_MS,
  likeErrors,
  type SwipeAction,
  superLikeStatus,
} from './rules';

export type SwipeOutcome = { isMatch: boolean; conversationId: string | null; compatibilityScore: number | null };

export const WHO_LIKED_YOU_UPGRADE = 'Upgrade to Gold to see who liked you';

export async function swipe(
  deps: Pick<DiscoveryDeps, 'clock' | 'ids' | 'discovery' | 'swipes' | 'subscriptions' | 'onMatch' | 'onLiked'>,
  userId: string,
  input: { targetId: string; action: SwipeAction },
): Promise<Result<SwipeOutcome, DomainError>> {
  if (userId === input.targetId) return err(likeErrors.self());
  // Every read a swipe needs, at once: on PostgreSQL they are round trips (issue 18 §6).
  const [target, subscription, viewer, them] = await Promise.all([
    deps.discovery.swipeTarget(userId, input.targetId),
    deps.subscriptions.get(userId),
    deps.discovery.viewer(userId),
    deps.discovery.viewer(input.targetId),
  ]);
  if (!target) return err(likeErrors.unavailable());
  const now = deps.clock.now();
  const plan = planOf(subscription, now);
  // A like can make a match, so it needs the deck's reach (D13, issue 14); a pass cannot. Someone
  // who liked you is in reach for a like back wherever they are: they chose to reach you.
  if (input.action !== 'pass') {
    if (!viewer?.complete) return err(profileErrors.notFound());
    if (!withinReach(viewer.campus, target.campus, plan)) {
      const theirs = await deps.swipes.get(input.targetId, userId);
      if (theirs?.status !== 'liked') return err(likeErrors.unavailable());
    }
  }
  const compat = viewer && them ? compatibility(viewer.person, them.person).score : null;
  const decided = await deps.swipes.swipe(
    {
      userId,
      targetId: input.targetId,
      action: input.action,
      now,
      windowStart: new Date(now.getTime() - LIKES_WINDOW_MS),
      id: deps.ids.newId(),
      score: compat,
    },
    (state) => decideSwipe(state, { userId, targetId: input.targetId, action: input.action, plan, now }),
  );
  if (!decided.ok) return decided;
  const isMatch = decided.value.record.status === 'matched';
  if (isMatch) await deps.onMatch?.(userId, input.targetId, conversationIdFor(userId, input.targetId));
  else if (decided.value.record.status === 'liked') await deps.onLiked?.(userId, input.targetId);
  return ok({
    isMatch,
    conversationId: isMatch ? conversationIdFor(userId, input.targetId) : null,
    compatibilityScore: compat,
  });
}

/** Like back from Who Liked You (Gold): only when they liked you first. */
export async function likeBack(
  deps: Pick<DiscoveryDeps, 'clock' | 'ids' | 'discovery' | 'swipes' | 'subscriptions' | 'onMatch' | 'onLiked'>,
  userId: string,
  likerId: string,
): Promise<Result<SwipeOutcome, DomainError>> {
  const plan = planOf(await deps.subscriptions.get(userId), deps.clock.now());
  if (!ENTITLEMENTS[plan].seeWhoLikedYou) return err(premiumRequired(WHO_LIKED_YOU_UPGRADE));
  const theirs = await deps.swipes.get(likerId, userId);
  if (theirs?.status !== 'liked') return err(likeErrors.likeBackMissing());
  return swipe(deps, userId, { targetId: likerId, action: 'like' });
}

export type LikerView =
  | {
      visible: true;
      count: number;
      likers: (ProfileCard & { createdAt: Date; isSuperLike: boolean; compatibilityScore: number })[];
    }
  | { visible: false; count: number; likers: [] };

/** D15: a free user learns only how many; no identity, name or photo of a liker leaves the server. */
export async function whoLikedMe(
  deps: Pick<DiscoveryDeps, 'clock' | 'discovery' | 'swipes' | 'subscriptions'>,
  userId: string,
): Promise<LikerView> {
  const rows = await deps.swipes.likers(userId);
  const plan = planOf(await deps.subscriptions.get(userId), deps.clock.now());
  if (!ENTITLEMENTS[plan].seeWhoLikedYou) return { visible: false, count: rows.length, likers: [] };
  const me = await deps.discovery.viewer(userId);
  const cards = new Map(
    (
      await deps.discovery.cards(
        userId,
        rows.map((r) => r.userId),
      )
    ).map((c) => [c.userId, c]),
  );
  const likers = rows.flatMap((r) => {
    const card = cards.get(r.userId);
    if (!card) return [];
    const s = me ? compatibility(me.person, card.person).score : 75;
    return [{ ...card, createdAt: r.createdAt, isSuperLike: r.isSuperLike, compatibilityScore: s }];
  });
  return { visible: true, count: likers.length, likers };
}

export async function listMatches(deps: Pick<DiscoveryDeps, 'discovery' | 'swipes'>, userId: string) {
  const rows = await deps.swipes.matches(userId);
  const cards = new Map(
    (
      await deps.discovery.cards(
        userId,
        rows.map((r) => r.userId),
      )
    ).map((c) => [c.userId, c]),
  );
  return rows.flatMap((r) => {
    const card = cards.get(r.userId);
    return card
      ? [
          {
            ...card,
            matchedAt: r.matchedAt,
            compatibilityScore: r.compatibilityScore,
            conversationId: conversationIdFor(userId, r.userId),
          },
        ]
      : [];
  });
}

export async function getSuperLikeStatus(
  deps: Pick<DiscoveryDeps, 'clock' | 'swipes' | 'subscriptions'>,
  userId: string,
) {
  const now = deps.clock.now();
  const plan = planOf(await deps.subscriptions.get(userId), now);
  const state = await deps.swipes.superLikeState(userId, new Date(now.getTime() - LIKES_WINDOW_MS));
  return superLikeStatus(state, plan);
}
