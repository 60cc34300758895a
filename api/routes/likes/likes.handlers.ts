import { OpenAPIHono } from '@hono/zod-openapi';
import type { GroupRepository } from '../../../core/groups/groups';
import { getBoostStatus, startBoost } from '../../../core/likes/boosts';
import { getSuperLikeStatus, likeBack, listMatches, swipe, whoLikedMe } from '../../../core/likes/swipe';
import type { DiscoveryDeps, ProfileCard } from '../../../core/matching/ports';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import { toGroupCardDto } from './group-card';
import * as routes from './likes.routes';

/** Allow-list mappers (style habit 9). */
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
  badges: { ...c.badges },
});

const toBoostDto = (s: Awaited<ReturnType<typeof getBoostStatus>>) => ({
  ...s,
  boostEndTime: s.boostEndTime?.toISOString() ?? null,
});

export function likesRouter(deps: DiscoveryDeps & { groups: GroupRepository }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.swipeRoute, async (c) => {
    const user = requireUser(c);
    const { targetUserId, action } = c.req.valid('json');
    // In group mode a like is made for the active group (issue 20): the use case reads the mode.
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
          group: l.group && toGroupCardDto(l.group),
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
