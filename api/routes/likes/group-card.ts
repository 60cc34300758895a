/** A group as a card (issue 20): in the deck and in Who Liked You. */
import { z } from '@hono/zod-openapi';
import type { GroupCard } from '../../../core/likes/group-likes';
import { TrustBadgesSchema } from '../../openapi';

/** A group as a card (issue 20): its members and its compatibility with you, the mean and each member's. */
export const GroupCardSchema = z
  .object({
    groupId: z.string(),
    name: z.string(),
    compatibilityScore: z.number(),
    members: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        university: z.string(),
        profilePhotoUrl: z.string().nullable(),
        compatibilityScore: z.number(),
        badges: TrustBadgesSchema,
      }),
    ),
  })
  .openapi('GroupCard');

/** Allow-list mapper (style habit 9). */
export const toGroupCardDto = (g: GroupCard) => ({
  groupId: g.groupId,
  name: g.name,
  compatibilityScore: g.compatibilityScore,
  members: g.members.map((m) => ({
    userId: m.userId,
    name: m.name,
    university: m.university,
    profilePhotoUrl: m.photos[0] ?? null,
    compatibilityScore: m.compatibilityScore,
    badges: { ...m.badges },
  })),
});
