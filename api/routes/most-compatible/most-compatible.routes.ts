/** Contract of Most Compatible today (issue 21): the day's pick at the top of Discover. */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonResponse, problems, SESSION_SECURITY, TrustBadgesSchema } from '../../openapi';

const MostCompatiblePick = z
  .object({
    userId: z.string(),
    name: z.string(),
    university: z.string(),
    major: z.string(),
    graduationYear: z.number().nullable(),
    profilePhotoUrl: z.string().nullable(),
    compatibilityScore: z.number(),
    reasons: z.array(z.string()).openapi({ description: 'The top factors that agree (D12), strongest first' }),
    isSameUniversity: z.boolean(),
    universityDistance: z.number().nullable(),
    badges: TrustBadgesSchema,
  })
  .openapi('MostCompatiblePick');

export const mostCompatibleRoute = createRoute({
  method: 'get',
  path: '/api/discover/most-compatible',
  tags: ['Discovery'],
  summary: "Today's Most Compatible pick: the student's partner in the campus's stable matching of the day",
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z
        .object({
          day: z.string().openapi({ description: 'The UTC day the pick is for (yyyy-mm-dd)' }),
          status: z.enum(['pick', 'answered', 'none']).openapi({
            description:
              'pick: shown below. answered: you already liked or passed today’s pick. none: nobody today (an odd one out, or the pick is no longer visible)',
          }),
          pick: MostCompatiblePick.nullable(),
        })
        .openapi('MostCompatibleToday'),
      "Today's pick",
    ),
    ...problems([401, 404]),
  },
});
