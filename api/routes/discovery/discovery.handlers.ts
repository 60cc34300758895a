import { OpenAPIHono } from '@hono/zod-openapi';
import { ENTITLEMENTS, planOf, premiumStatus } from '../../../core/billing/entitlements';
import { deckGroup, type GroupRepository } from '../../../core/groups/groups';
import { getBoostStatus, startBoost } from '../../../core/likes/boosts';
import { getSuperLikeStatus, likeBack, listMatches, swipe, whoLikedMe } from '../../../core/likes/swipe';
import type { DeckEntry } from '../../../core/matching/deck';
import { activeFilterCount } from '../../../core/matching/filters';
import { getDeck } from '../../../core/matching/get-deck';
import type { DiscoveryDeps, ProfileCard } from '../../../core/matching/ports';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import * as routes from './discovery.routes';

/** Allow-list mappers (style habit 9). */
const toCandidateDto = (e: DeckEntry) => ({
  userId: e.userId,
  name: e.name,
  bio: e.bio,
  university: e.university,
  major: e.major,
  graduationYear: e.graduationYear,
  gender: e.gender,
  profilePhotoUrl: e.photos[0] ?? null,
  galleryUrls: e.photos.slice(0, 6),
  minBudget: e.person.preferences?.minBudget ?? null,
  maxBudget: e.person.preferences?.maxBudget ?? null,
  compatibilityScore: e.compatibility.score,
  reasons: e.compatibility.reasons,
  superLikedYou: e.superLikedYou,
  isBoosted: e.isBoosted,
  universityDistance: e.distanceMiles === null ? null : Math.round(e.distanceMiles * 10) / 10,
  isSameUniversity: e.isSameUniversity,
  isMetroArea: e.isMetroArea,
  prompt: e.prompt,
});

const toCardDto = (c: ProfileCard) => ({
  userId: c.userId,
  name: c.name,
  bio: c.bio,
  university: c.university,
  major: c.major,
  graduationYear: c.graduationYear,
  gender: c.gender,
  profilePhotoUrl: c.photos[0] ?? null,
  galleryUrls: c.photos.slice(0, 6),
  prompt: c.prompt,
});

const toBoostDto = (s: Awaited<ReturnType<typeof getBoostStatus>>) => ({
  ...s,
  boostEndTime: s.boostEndTime?.toISOString() ?? null,
});

export function discoveryRouter(deps: DiscoveryDeps & { groups: GroupRepository }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.deckRoute, async (c) => {
    const user = requireUser(c);
    const body = c.req.valid('json');
    // Group mode (D13): ranked for the whole active group, its members left out.
    const group = await deckGroup(deps, user.id);
    const deck = unwrap(await getDeck(deps, user.id, body, group));
    const plan = planOf(await deps.subscriptions.get(user.id), deps.clock.now());
    return c.json(
      {
        candidates: deck.entries.map(toCandidateDto),
        searchRadius: deck.options.searchRadius,
        activeFilterCount: activeFilterCount(body, plan),
        plan,
        mode: group ? ('group' as const) : ('solo' as const),
        groupId: group?.groupId ?? null,
      },
      200,
    );
  });

  app.openapi(routes.swipeRoute, async (c) => {
    const user = requireUser(c);
    const { targetUserId, action } = c.req.valid('json');
    return c.json(unwrap(await swipe(deps, user.id, { targetId: targetUserId, action })), 200);
  });

  app.openapi(routes.superLikeStatusRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await getSuperLikeStatus(deps, user.id), 200);
  });

  app.openapi(routes.likesReceivedRoute, async (c) => {
    const user = requireUser(c);
    const view = await whoLikedMe(deps, user.id);
    return c.json(
      {
        visible: view.visible,
        count: view.count,
        likers: view.likers.map((l) => ({
          ...toCardDto(l),
          createdAt: l.createdAt.toISOString(),
          isSuperLike: l.isSuperLike,
          compatibilityScore: l.compatibilityScore,
        })),
      },
      200,
    );
  });

  app.openapi(routes.likeBackRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await likeBack(deps, user.id, c.req.valid('param').userId)), 200);
  });

  app.openapi(routes.passLikerRoute, async (c) => {
    const user = requireUser(c);
    return c.json(unwrap(await swipe(deps, user.id, { targetId: c.req.valid('param').userId, action: 'pass' })), 200);
  });

  app.openapi(routes.matchesRoute, async (c) => {
    const user = requireUser(c);
    const matches = await listMatches(deps, user.id);
    return c.json(
      {
        matches: matches.map((m) => ({
          ...toCardDto(m),
          matchedAt: m.matchedAt.toISOString(),
          // 001 §9: the matches view shows 85 when no score was kept.
          compatibilityScore: m.compatibilityScore ?? 85,
          conversationId: m.conversationId,
        })),
      },
      200,
    );
  });

  app.openapi(routes.premiumStatusRoute, async (c) => {
    const user = requireUser(c);
    const now = deps.clock.now();
    const sub = await deps.subscriptions.get(user.id);
    const status = premiumStatus(sub, now);
    return c.json(
      {
        ...status,
        subscriptionEnd: status.subscriptionEnd?.toISOString() ?? null,
        entitlements: { ...ENTITLEMENTS[planOf(sub, now)] },
      },
      200,
    );
  });

  app.openapi(routes.boostStatusRoute, async (c) => {
    const user = requireUser(c);
    return c.json(toBoostDto(await getBoostStatus(deps, user.id)), 200);
  });

  app.openapi(routes.startBoostRoute, async (c) => {
    const user = requireUser(c);
    unwrap(await startBoost(deps, user.id));
    return c.json(toBoostDto(await getBoostStatus(deps, user.id)), 200);
  });

  return app;
}
