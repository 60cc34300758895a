import { OpenAPIHono } from '@hono/zod-openapi';
import { ENTITLEMENTS, planOf, premiumStatus } from '../../../core/billing/entitlements';
import { deckGroup, type GroupRepository } from '../../../core/groups/groups';
import { type GroupCard, groupCards } from '../../../core/likes/group-likes';
import type { DeckEntry } from '../../../core/matching/deck';
import { activeFilterCount } from '../../../core/matching/filters';
import { getComparison } from '../../../core/matching/get-comparison';
import { getDeck } from '../../../core/matching/get-deck';
import type { DiscoveryDeps } from '../../../core/matching/ports';
import type { ProfileDeps } from '../../../core/profiles/ports';
import type { AppEnv } from '../../context';
import { unwrap } from '../../errors';
import { requireUser } from '../../middleware/session';
import { validationHook } from '../../validation';
import { toGroupCardDto } from '../likes/group-card';
import * as routes from './discovery.routes';

/** Allow-list mappers (style habit 9). */
const toCandidateDto = (e: DeckEntry, group: GroupCard | undefined) => ({
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
  badges: { ...e.badges },
  group: group ? toGroupCardDto(group) : null,
});

export function discoveryRouter(deps: DiscoveryDeps & { groups: GroupRepository; profiles: ProfileDeps['profiles'] }) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(routes.comparisonRoute, async (c) => {
    const user = requireUser(c);
    const { comparison, conversationId } = unwrap(await getComparison(deps, user.id, c.req.valid('param').userId));
    // Allow-list (style habit 9): only the words of each factor leave the server.
    return c.json(
      {
        comparison: {
          score: comparison.score,
          factors: comparison.factors.map((f) => ({
            key: f.key,
            label: f.label,
            mine: f.mine,
            theirs: f.theirs,
            status: f.status,
            summary: f.summary,
            talkAbout: f.talkAbout ? { question: f.talkAbout.question, message: f.talkAbout.message } : null,
          })),
          conversationId,
        },
      },
      200,
    );
  });

  app.openapi(routes.deckRoute, async (c) => {
    const user = requireUser(c);
    const body = c.req.valid('json');
    // Group mode (D13): ranked for the whole active group, its members left out.
    const group = await deckGroup(deps, user.id);
    const exclude = group ? await deps.groupMatches.blockedAround(group.groupId) : [];
    const deck = unwrap(await getDeck(deps, user.id, body, group && { ...group, exclude }));
    // Students who search as a group show it on their card (issue 20): its members and compatibility.
    const groups = await groupCards(
      deps,
      user.id,
      await deps.groupMatches.activeGroups(
        user.id,
        deck.entries.map((e) => e.userId),
      ),
    );
    const plan = planOf(await deps.subscriptions.get(user.id), deps.clock.now());
    return c.json(
      {
        candidates: deck.entries.map((e) => toCandidateDto(e, groups.get(e.userId))),
        searchRadius: deck.options.searchRadius,
        activeFilterCount: activeFilterCount(body, plan),
        plan,
        mode: group ? ('group' as const) : ('solo' as const),
        groupId: group?.groupId ?? null,
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

  return app;
}
