/** Swiping, like-back, who liked you and matches (001 §4, §7; D14, D15). */
import { ENTITLEMENTS, planOf } from '../billing/entitlements';
import { type GroupDeps, likingGroup } from '../groups/groups';
import { compatibility } from '../matching/compatibility';
import { withinReach } from '../matching/deck';
import { premiumRequired } from '../matching/filters';
import type { DiscoveryDeps, ProfileCard } from '../matching/ports';
import { profileErrors } from '../profiles/errors';
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { GROUP_LIKE_WINDOW_MS, type GroupCard, groupCards, newGroupMatch } from './group-likes';
import {
  conversationIdFor,
  decideSwipe,
  LIKES_WINDOW_MS,
  likeErrors,
  type SwipeAction,
  superLikeStatus,
} from './rules';

export type SwipeOutcome = {
  isMatch: boolean;
  conversationId: string | null;
  compatibilityScore: number | null;
  /** The match is a group match (issue 20): `conversationId` is its conversation with everyone. */
  isGroupMatch: boolean;
};

export type SwipeDeps = Pick<
  DiscoveryDeps,
  'clock' | 'ids' | 'discovery' | 'swipes' | 'subscriptions' | 'groupMatches' | 'onMatch' | 'onLiked' | 'onGroupMatch'
> &
  Pick<GroupDeps, 'groups'>;

export const WHO_LIKED_YOU_UPGRADE = 'Upgrade to Gold to see who liked you';

/**
 * A swipe. In group mode a like is made for the liker's active group (issue 20, N121), from the
 * liker's own allowance: the server reads the mode with the swipe's other reads (never sent by the
 * client). `groupId` names the group instead (null: the liker's own like).
 */
export async function swipe(
  deps: SwipeDeps,
  userId: string,
  input: { targetId: string; action: SwipeAction; groupId?: string | null },
): Promise<Result<SwipeOutcome, DomainError>> {
  if (userId === input.targetId) return err(likeErrors.self());
  // Every read a swipe needs before deciding, as one statement (issue 18 §6, N203).
  const { viewer, target, subscription, mode } = await deps.discovery.swipeSides(userId, input.targetId);
  if (!target) return err(likeErrors.unavailable());
  // A pass is nobody's; a like is for the group named, else for the active group in group mode.
  let groupId = input.action === 'pass' ? null : input.groupId;
  if (groupId === undefined) groupId = await likingGroup(deps, userId, mode);
  // A block between the student and any member hides them from the group (N123).
  if (groupId && (await deps.groupMatches.blockedWithGroup(groupId, input.targetId))) {
    return err(likeErrors.unavailable());
  }
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
  const compat = viewer && target.person ? compatibility(viewer.person, target.person).score : null;
  // A like that makes no match stores the liked student's notification in its own transaction (N187).
  const notice = input.action === 'pass' ? null : deps.ids.newId();
  const decided = await deps.swipes.swipe(
    {
      userId,
      targetId: input.targetId,
      action: input.action,
      now,
      windowStart: new Date(now.getTime() - LIKES_WINDOW_MS),
      id: deps.ids.newId(),
      score: compat,
      groupId,
      notice,
    },
    (state) => decideSwipe(state, { userId, targetId: input.targetId, action: input.action, plan, now }),
  );
  if (!decided.ok) return decided;
  const status = decided.value.record.status;
  const groupMatch =
    status === 'passed' || decided.value.ungrouped ? null : await matchGroups(deps, userId, input.targetId, groupId);
  const isMatch = status === 'matched';
  if (isMatch) await deps.onMatch?.(userId, input.targetId, conversationIdFor(userId, input.targetId));
  else if (status === 'liked' && notice) {
    // A group match tells everyone of the match instead (N122): the like's own notice goes.
    if (groupMatch) await deps.swipes.dropNotice(input.targetId, notice);
    else await deps.onLiked?.(userId, input.targetId, notice, decided.value.announced === true);
  }
  if (groupMatch)
    return ok({ isMatch: true, conversationId: groupMatch, compatibilityScore: compat, isGroupMatch: true });
  return ok({
    isMatch,
    conversationId: isMatch ? conversationIdFor(userId, input.targetId) : null,
    compatibilityScore: compat,
    isGroupMatch: false,
  });
}

/**
 * After a like: the group match it completes, if any (issue 20, N122). Everyone in it is told; a
 * match these sides already have is not made twice (the liker is told nothing new).
 */
async function matchGroups(deps: SwipeDeps, userId: string, targetId: string, groupId: string | null) {
  const now = deps.clock.now();
  const sides = await deps.groupMatches.pending({
    likerId: userId,
    targetId,
    likerGroupId: groupId,
    since: new Date(now.getTime() - GROUP_LIKE_WINDOW_MS),
  });
  if (!sides) return null;
  const match = newGroupMatch(deps.ids.newId(), sides, now);
  const people = await deps.groupMatches.create(match);
  if (!people) return null;
  await deps.onGroupMatch?.(match.conversationId, people, userId);
  return match.conversationId;
}

/** Like back from Who Liked You (Gold): only when they liked you first; for the active group in group mode. */
export async function likeBack(
  deps: SwipeDeps,
  userId: string,
  likerId: string,
  groupId?: string | null,
): Promise<Result<SwipeOutcome, DomainError>> {
  const plan = planOf(await deps.subscriptions.get(userId), deps.clock.now());
  if (!ENTITLEMENTS[plan].seeWhoLikedYou) return err(premiumRequired(WHO_LIKED_YOU_UPGRADE));
  const theirs = await deps.swipes.get(likerId, userId);
  if (theirs?.status !== 'liked') return err(likeErrors.likeBackMissing());
  return swipe(deps, userId, { targetId: likerId, action: 'like', groupId });
}

type Liker = ProfileCard & {
  createdAt: Date;
  isSuperLike: boolean;
  compatibilityScore: number;
  /** The group the like was made for (issue 20), while it counts: within the window, its author a member. */
  group: GroupCard | null;
};

export type LikerView =
  | { visible: true; count: number; likers: Liker[] }
  | { visible: false; count: number; likers: [] };

/**
 * D15: a free user learns only how many; no identity, name or photo of a liker leaves the server.
 * A like made for a group shows the group (issue 20); a block between the student and any of its
 * members hides it (N123).
 */
export async function whoLikedMe(
  deps: Pick<DiscoveryDeps, 'clock' | 'discovery' | 'swipes' | 'subscriptions' | 'groupMatches'>,
  userId: string,
): Promise<LikerView> {
  const now = deps.clock.now();
  const received = await deps.swipes.likers(userId);
  const since = now.getTime() - GROUP_LIKE_WINDOW_MS;
  const groupIds = [...new Set(received.flatMap((r) => (r.groupId ? [r.groupId] : [])))];
  const views = await deps.groupMatches.groups(userId, groupIds);
  const rows = received.filter((r) => !(r.groupId && views.get(r.groupId)?.blocked));
  const plan = planOf(await deps.subscriptions.get(userId), now);
  if (!ENTITLEMENTS[plan].seeWhoLikedYou) return { visible: false, count: rows.length, likers: [] };
  const me = await deps.discovery.viewer(userId);
  const [cards, groups] = await Promise.all([
    deps.discovery.cards(
      userId,
      rows.map((r) => r.userId),
    ),
    groupCards(deps, userId, views),
  ]);
  const byId = new Map(cards.map((c) => [c.userId, c]));
  const likers = rows.flatMap((r) => {
    const card = byId.get(r.userId);
    if (!card) return [];
    const s = me ? compatibility(me.person, card.person).score : 75;
    const counts = r.groupId && r.createdAt.getTime() >= since && views.get(r.groupId)?.memberIds.includes(r.userId);
    const group = counts && r.groupId ? (groups.get(r.groupId) ?? null) : null;
    return [{ ...card, createdAt: r.createdAt, isSuperLike: r.isSuperLike, compatibilityScore: s, group }];
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
