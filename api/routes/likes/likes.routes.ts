/** Contracts of swipes, likes, who liked you, matches and boosts (issue 4; moved from discovery, issue 14). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY, TrustBadgesSchema } from '../../openapi';
import { GroupCardSchema } from './group-card';

// Tags are kept from when these lived in discovery, so the OpenAPI document does not change.
const tags = ['Discovery'];
const Id = z.string().max(100);
const PromptSchema = z.object({ promptText: z.string(), response: z.string() }).nullable();

const CardSchema = z.object({
  userId: z.string(),
  name: z.string(),
  bio: z.string(),
  university: z.string(),
  major: z.string(),
  graduationYear: z.number().nullable(),
  gender: z.string().nullable(),
  profilePhotoUrl: z.string().nullable(),
  galleryUrls: z.array(z.string()),
  prompt: PromptSchema,
  badges: TrustBadgesSchema,
});

const SwipeOutcome = z
  .object({
    isMatch: z.boolean(),
    conversationId: z.string().nullable(),
    compatibilityScore: z.number().nullable(),
    isGroupMatch: z.boolean().openapi({ description: 'A group match (issue 20): the conversation holds everyone' }),
  })
  .openapi('SwipeOutcome');

export const swipeRoute = createRoute({
  method: 'post',
  path: '/api/swipes',
  tags,
  summary: 'Like, super like or pass a profile (handle_like, use_super_like)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: {
    body: jsonBody(z.strictObject({ targetUserId: Id, action: z.enum(['like', 'super_like', 'pass']) })),
  },
  responses: {
    200: jsonResponse(SwipeOutcome, 'Recorded; isMatch says whether it was mutual'),
    ...problems([401, 404, 409, 429], { body: true, mutating: true }),
  },
});

export const superLikeStatusRoute = createRoute({
  method: 'get',
  path: '/api/super-likes/status',
  tags,
  summary: 'Super likes left today (get_super_like_status)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z.object({
        canUseSuperLike: z.boolean(),
        dailyLimit: z.number(),
        dailyUsedCount: z.number(),
        purchasedRemaining: z.number(),
      }),
      'Status',
    ),
    ...problems([401]),
  },
});

export const likesReceivedRoute = createRoute({
  method: 'get',
  path: '/api/likes/received',
  tags,
  summary: 'Who liked you: profiles for Gold, only the count for free users (D15)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z.object({
        visible: z.boolean(),
        count: z.number(),
        likers: z.array(
          CardSchema.extend({
            createdAt: z.string(),
            isSuperLike: z.boolean(),
            compatibilityScore: z.number(),
            group: GroupCardSchema.nullable().openapi({ description: 'The group this like was made for (issue 20)' }),
          }),
        ),
      }),
      'Likes received and not yet answered',
    ),
    ...problems([401]),
  },
});

export const likeBackRoute = createRoute({
  method: 'post',
  path: '/api/likes/{userId}/like-back',
  tags,
  summary: 'Like back someone who liked you (Gold)',
  'x-access': 'gold',
  security: SESSION_SECURITY,
  request: { params: z.object({ userId: Id }) },
  responses: {
    200: jsonResponse(SwipeOutcome, 'Matched'),
    ...problems([400, 401, 404, 409, 429], { mutating: true }),
  },
});

export const passLikerRoute = createRoute({
  method: 'post',
  path: '/api/likes/{userId}/pass',
  tags,
  summary: 'Pass someone from Who Liked You',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { params: z.object({ userId: Id }) },
  responses: { 200: jsonResponse(SwipeOutcome, 'Passed'), ...problems([400, 401, 404, 409], { mutating: true }) },
});

export const matchesRoute = createRoute({
  method: 'get',
  path: '/api/matches',
  tags,
  summary: 'Your matches, newest first',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z.object({
        matches: z.array(
          CardSchema.extend({
            matchedAt: z.string(),
            compatibilityScore: z.number(),
            conversationId: z.string(),
          }),
        ),
      }),
      'Matches',
    ),
    ...problems([401]),
  },
});

const BoostStatus = z.object({
  hasActiveBoost: z.boolean(),
  boostEndTime: z.string().nullable(),
  monthlyBoostsRemaining: z.number(),
  purchasedBoostsRemaining: z.number(),
  totalBoostsRemaining: z.number(),
});

export const boostStatusRoute = createRoute({
  method: 'get',
  path: '/api/boost/status',
  tags: ['Premium'],
  summary: 'Boost status (get_boost_status)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: jsonResponse(BoostStatus, 'Status'), ...problems([401]) },
});

export const startBoostRoute = createRoute({
  method: 'post',
  path: '/api/boost',
  tags: ['Premium'],
  summary: 'Start a 30-minute boost (start_boost)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: jsonResponse(BoostStatus, 'Boost running'), ...problems([401, 409], { mutating: true }) },
});
