/** Contracts of discovery: the deck and premium status (issue 4). Likes and boosts are in routes/likes. */
import { createRoute, z } from '@hono/zod-openapi';
import { COMPARISON_FACTORS } from '../../../core/matching/comparison';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY, TrustBadgesSchema } from '../../openapi';
import { GroupCardSchema } from '../likes/group-card';

const tags = ['Discovery'];
const Num = z.number().nullable().optional();
const Str = z.string().max(200).nullable().optional();

const AdvancedFilters = z
  .strictObject({
    university: Str,
    major: Str,
    graduationYearMin: Num,
    graduationYearMax: Num,
    housingStatus: Str,
    moveInDateStart: Str,
    moveInDateEnd: Str,
    minBudget: Num,
    maxBudget: Num,
    cleanlinessMin: Num,
    cleanlinessMax: Num,
    sleepScheduleMin: Num,
    sleepScheduleMax: Num,
    studyHabitsMin: Num,
    studyHabitsMax: Num,
    socialLevelMin: Num,
    socialLevelMax: Num,
    noiseLevelMin: Num,
    noiseLevelMax: Num,
    guestPolicyMin: Num,
    guestPolicyMax: Num,
    gender: z.array(z.string().max(50)).max(10).nullable().optional(),
    specificUniversities: z.array(z.string().max(200)).max(30).nullable().optional(),
  })
  .openapi('AdvancedFilters');

const DeckRequest = z
  .strictObject({
    searchRadius: z.number().nullable().optional(),
    includeNearbyUniversities: z.boolean().optional(),
    includeMetroArea: z.boolean().optional(),
    prioritizeSameUniversity: z.boolean().optional(),
    verifiedOnly: z
      .boolean()
      .optional()
      .openapi({ description: 'Only photo-verified students (issue 16); free for everyone, not an advanced filter' }),
    filters: AdvancedFilters.optional(),
  })
  .openapi('DeckRequest');

const PromptSchema = z.object({ promptText: z.string(), response: z.string() }).nullable();

export const CandidateSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    bio: z.string(),
    university: z.string(),
    major: z.string(),
    graduationYear: z.number().nullable(),
    gender: z.string().nullable(),
    profilePhotoUrl: z.string().nullable(),
    galleryUrls: z.array(z.string()),
    minBudget: z.number().nullable(),
    maxBudget: z.number().nullable(),
    compatibilityScore: z.number(),
    reasons: z.array(z.string()),
    superLikedYou: z.boolean(),
    isBoosted: z.boolean(),
    universityDistance: z.number().nullable(),
    isSameUniversity: z.boolean(),
    isMetroArea: z.boolean(),
    prompt: PromptSchema,
    badges: TrustBadgesSchema,
    group: GroupCardSchema.nullable().openapi({ description: 'The group this student searches with (issue 20)' }),
  })
  .openapi('Candidate');

export const deckRoute = createRoute({
  method: 'post',
  path: '/api/discover/deck',
  tags,
  summary: 'Build the deck: up to 50 compatible students in reach (filters apply for Gold only)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(DeckRequest) },
  responses: {
    200: jsonResponse(
      z.object({
        candidates: z.array(CandidateSchema),
        searchRadius: z.number(),
        activeFilterCount: z.number(),
        plan: z.enum(['free', 'gold']),
        mode: z.enum(['solo', 'group']).openapi({ description: 'Group mode ranks for the active group (D13)' }),
        groupId: z.string().nullable(),
      }),
      'The deck, best first',
    ),
    ...problems([401, 404], { body: true, mutating: true }),
  },
});

export const premiumStatusRoute = createRoute({
  method: 'get',
  path: '/api/premium/status',
  tags: ['Premium'],
  summary: 'Gold status with its derived fields (get_premium_status)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z.object({
        isPremium: z.boolean(),
        subscriptionTier: z.string().nullable(),
        subscriptionEnd: z.string().nullable(),
        isExpired: z.boolean(),
        daysUntilExpiry: z.number().nullable(),
        subscriptionCancelled: z.boolean(),
        entitlements: z.object({
          dailyLikes: z.number().nullable(),
          dailySuperLikes: z.number(),
          monthlyBoosts: z.number(),
          defaultRadius: z.number(),
          maxRadius: z.number(),
          advancedFilters: z.boolean(),
          seeWhoLikedYou: z.boolean(),
          calls: z.boolean(),
        }),
      }),
      'Status',
    ),
    ...problems([401]),
  },
});

const TalkAboutSchema = z
  .object({
    question: z.string().openapi({ description: 'As the viewer reads it: "You …; they …. How do you each see it?"' }),
    message: z.string().openapi({ description: "The same question in the viewer's voice, for the chat composer" }),
  })
  .openapi('TalkAbout');

export const ComparisonSchema = z
  .object({
    score: z.number().openapi({ description: 'The D12 score, 0–100' }),
    factors: z.array(
      z
        .object({
          key: z.enum(COMPARISON_FACTORS),
          label: z.string(),
          mine: z.string().nullable().openapi({ description: "The viewer's answer in words; null when not given" }),
          theirs: z.string().nullable(),
          status: z.enum(['agree', 'differ', 'missing']),
          summary: z.string().openapi({ description: '"Both early risers", "Different sleep schedules"' }),
          talkAbout: TalkAboutSchema.nullable().openapi({ description: 'Only for a difference' }),
        })
        .openapi('FactorComparison'),
    ),
    conversationId: z
      .string()
      .nullable()
      .openapi({ description: 'The 1:1 conversation when the two are matched, where a question can go' }),
  })
  .openapi('Comparison');

export const comparisonRoute = createRoute({
  method: 'get',
  path: '/api/profiles/{userId}/comparison',
  tags,
  summary:
    "Every D12 factor with both students' answers, what agrees and what differs (issue 21); 404 wherever the profile is",
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { params: z.object({ userId: z.string().max(100) }) },
  responses: {
    200: jsonResponse(z.object({ comparison: ComparisonSchema }), 'The comparison, factor by factor in D12 order'),
    ...problems([400, 401, 404]),
  },
});
