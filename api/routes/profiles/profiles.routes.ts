/** Contracts of the profile routes (issue 3; 000 §7 profile calls, 001 §2 profile screens). */
import { createRoute, z } from '@hono/zod-openapi';
import { DEALBREAKER_RULES } from '../../../core/matching/dealbreakers';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY, TrustBadgesSchema } from '../../openapi';

const tags = ['Profiles'];
const Text = z.string().max(2000);

const PhotoSchema = z.object({ id: z.string(), url: z.string() }).openapi('Photo');
const PhotoList = z.object({ photos: z.array(PhotoSchema) });

const PromptAnswerSchema = z
  .object({ promptId: z.string(), promptText: z.string(), category: z.string(), response: z.string() })
  .openapi('PromptAnswer');

const PreferencesShape = {
  cleanliness: z.number(),
  noiseLevel: z.number(),
  sleepSchedule: z.number(),
  studyHabits: z.number(),
  guestPolicy: z.number().nullable(),
  smokingTolerance: z.string().max(50).nullable(),
  housingStatus: z.string().max(50).nullable(),
  financialStatus: z.string().max(50).nullable(),
  needsCosigner: z.string().max(50).nullable(),
  moveIn: z.string().max(50).nullable(),
  minBudget: z.number().nullable(),
  maxBudget: z.number().nullable(),
  preferredNeighborhoods: z.array(Text).max(50),
  dealbreakers: z.array(Text).max(50),
  genderPreference: z.array(z.string().max(50)).max(10),
};

const DealbreakerRules = z
  .array(z.string().max(50))
  .max(10)
  .openapi({
    description: `Structured dealbreakers (issue 21): ${DEALBREAKER_RULES.join(', ')}. Left out, the saved ones stay`,
  });

const PreferencesIn = z
  .strictObject({ ...PreferencesShape, dealbreakerRules: DealbreakerRules.optional() })
  .openapi('PreferencesInput');
const PreferencesOut = z
  .object({
    ...PreferencesShape,
    moveInDate: z.string().nullable(),
    dealbreakerRules: z.array(z.enum(DEALBREAKER_RULES)),
  })
  .openapi('Preferences');

const BasicsIn = z
  .strictObject({
    name: Text,
    bio: Text,
    university: Text,
    major: Text,
    graduationYear: z.number().nullable(),
    gender: z.string().max(50).nullable(),
    genderSelfDescribe: Text.nullable(),
  })
  .openapi('BasicsInput');

const LifestyleShape = {
  cookingFrequency: z.string().max(50).nullable(),
  alcohol: z.string().max(50).nullable(),
  pets: z.string().max(50).nullable(),
  hobbies: z.array(Text).max(50),
};

const ProfileInput = z
  .strictObject({
    basics: BasicsIn,
    prompts: z.array(z.strictObject({ promptId: z.string().max(100), response: Text })).max(10),
    preferences: PreferencesIn,
    lifestyle: z.strictObject(LifestyleShape).optional(),
  })
  .openapi('ProfileInput');

export const OwnProfileSchema = z
  .object({
    userId: z.string(),
    name: z.string().nullable(),
    bio: z.string().nullable(),
    university: z.string().nullable(),
    major: z.string().nullable(),
    graduationYear: z.number().nullable(),
    gender: z.string().nullable(),
    genderSelfDescribe: z.string().nullable(),
    profilePhotoUrl: z.string().nullable(),
    galleryUrls: z.array(z.string()),
    photos: z.array(PhotoSchema),
    prompts: z.array(PromptAnswerSchema),
    preferences: PreferencesOut.nullable(),
    lifestyle: z.object(LifestyleShape),
    isComplete: z.boolean(),
    completion: z.object({ percent: z.number(), missing: z.array(z.string()) }),
    updatedAt: z.string().nullable(),
    verifiedUniversity: z.string().nullable().openapi({
      description:
        'The school the confirmed address gives (issue 16); when set, it is the only school the profile may have',
    }),
    schoolVerified: z.boolean().openapi({ description: "The profile's school is the derived one" }),
  })
  .openapi('OwnProfile');

export const PublicProfileSchema = z
  .object({
    userId: z.string(),
    badges: TrustBadgesSchema,
    name: z.string(),
    bio: z.string(),
    university: z.string(),
    major: z.string(),
    graduationYear: z.number().nullable(),
    gender: z.string().nullable(),
    profilePhotoUrl: z.string().nullable(),
    galleryUrls: z.array(z.string()),
    prompts: z.array(PromptAnswerSchema),
    lifestyle: z.object({
      cleanliness: z.number().nullable(),
      noiseLevel: z.number().nullable(),
      sleepSchedule: z.number().nullable(),
      studyHabits: z.number().nullable(),
      guestPolicy: z.number().nullable(),
      smokingTolerance: z.string().nullable(),
      housingStatus: z.string().nullable(),
      minBudget: z.number().nullable(),
      maxBudget: z.number().nullable(),
      moveIn: z.string().nullable(),
      cookingFrequency: z.string().nullable(),
      alcohol: z.string().nullable(),
      pets: z.string().nullable(),
    }),
    hobbies: z.array(z.string()),
  })
  .openapi('PublicProfile');

export const listPromptsRoute = createRoute({
  method: 'get',
  path: '/api/prompts',
  tags,
  summary: 'The active prompt catalogue in display order',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z.object({
        prompts: z.array(
          z.object({ id: z.string(), promptText: z.string(), category: z.string(), displayOrder: z.number() }),
        ),
      }),
      'Prompts',
    ),
    ...problems([401]),
  },
});

const SuggestionQuery = z.object({ q: z.string().max(100).optional() });
const Suggestions = jsonResponse(z.object({ items: z.array(z.string()) }), 'At most 50 case-insensitive matches');

export const universitiesRoute = createRoute({
  method: 'get',
  path: '/api/reference/universities',
  tags,
  summary: 'University suggestions (001 §5)',
  'x-access': 'anonymous',
  request: { query: SuggestionQuery },
  responses: { 200: Suggestions, ...problems([400]) },
});

export const majorsRoute = createRoute({
  method: 'get',
  path: '/api/reference/majors',
  tags,
  summary: 'Major suggestions (001 §5)',
  'x-access': 'anonymous',
  request: { query: SuggestionQuery },
  responses: { 200: Suggestions, ...problems([400]) },
});

export const getOwnProfileRoute = createRoute({
  method: 'get',
  path: '/api/profile',
  tags,
  summary: "The signed-in user's own profile, with its completion",
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: jsonResponse(z.object({ profile: OwnProfileSchema }), 'Own profile'), ...problems([401]) },
});

export const uploadPhotoRoute = createRoute({
  method: 'post',
  path: '/api/profile/photos',
  tags,
  summary: 'Upload one photo (an image, at most 5 MB; re-encoded, metadata stripped)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({ photo: z.instanceof(File).openapi({ type: 'string', format: 'binary' }) }),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(PhotoList, 'The photos in order'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

export const deletePhotoRoute = createRoute({
  method: 'delete',
  path: '/api/profile/photos/{photoId}',
  tags,
  summary: 'Remove one of your photos',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: z.object({ photoId: z.string().max(100) }) },
  responses: {
    200: jsonResponse(PhotoList, 'The photos in order'),
    ...problems([400, 401, 404], { mutating: true }),
  },
});

export const reorderPhotosRoute = createRoute({
  method: 'put',
  path: '/api/profile/photos/order',
  tags,
  summary: 'Set the order of your photos; the first is the profile photo',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(z.strictObject({ photoIds: z.array(z.string().max(100)).max(6) })) },
  responses: {
    200: jsonResponse(PhotoList, 'The photos in order'),
    ...problems([401], { body: true, mutating: true }),
  },
});

export const completeProfileRoute = createRoute({
  method: 'post',
  path: '/api/profile/complete',
  tags,
  summary: 'Finish the profile wizard: basics, 3 prompt answers and preferences, saved together',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(ProfileInput) },
  responses: {
    200: jsonResponse(z.object({ profile: OwnProfileSchema }), 'Completed'),
    ...problems([401], { body: true, mutating: true }),
  },
});

export const updateProfileRoute = createRoute({
  method: 'put',
  path: '/api/profile',
  tags,
  summary: 'Save the profile editor (every section at once)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(ProfileInput) },
  responses: {
    200: jsonResponse(z.object({ profile: OwnProfileSchema }), 'Saved'),
    ...problems([401, 404], { body: true, mutating: true }),
  },
});

export const viewProfileRoute = createRoute({
  method: 'get',
  path: '/api/profiles/{userId}',
  tags,
  summary: "Another student's profile for the profile view dialog (complete profiles only)",
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { params: z.object({ userId: z.string().max(100) }) },
  responses: {
    200: jsonResponse(z.object({ profile: PublicProfileSchema }), 'The profile'),
    ...problems([400, 401, 404]),
  },
});
