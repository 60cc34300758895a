/** Contracts of photo verification (issue 16 §2): the student's trust card, pose and selfie; the admins' queue. */
import { createRoute, z } from '@hono/zod-openapi';
import { REJECT_REASON_IDS } from '../../../core/verification/rules';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Verification'];
const user = { 'x-access': 'user' as const, security: SESSION_SECURITY };
const admin = { 'x-access': 'admin' as const, security: SESSION_SECURITY };

/** Multipart, like photo uploads: app.ts lets this path past the JSON-only check with the upload size limit. */
export const SELFIE_UPLOAD_PATH = '/api/verification/selfie';

const RejectReason = z.enum(REJECT_REASON_IDS);

const PhotoState = z
  .object({
    state: z.enum(['none', 'pending', 'verified', 'rejected', 'suspended']).openapi({
      description: 'suspended: approved once, but the main photo has changed since; a new selfie restores the badge',
    }),
    reason: RejectReason.nullable().openapi({ description: 'Why the last selfie was rejected' }),
    reasonLabel: z.string().nullable(),
    at: z.string().nullable().openapi({ description: 'When it was submitted (pending) or reviewed (rejected)' }),
  })
  .openapi('PhotoVerificationState');

export const TrustStatus = z
  .object({
    emailConfirmed: z.boolean(),
    school: z.object({
      verified: z.boolean().openapi({ description: 'The confirmed address belongs to the school on the profile' }),
      university: z.string().nullable(),
    }),
    photo: PhotoState,
    triesLeft: z.number().int().openapi({ description: 'Pose challenges left in the last 24 hours (3 a day)' }),
    nextTryAt: z.string().nullable().openapi({ description: 'When a try frees up, once none are left' }),
  })
  .openapi('TrustStatus');

const Challenge = z
  .object({
    id: z.string(),
    pose: z.string(),
    poseLabel: z.string().openapi({ example: 'Thumbs up next to your face' }),
    expiresAt: z.string(),
  })
  .openapi('PoseChallenge');

const QueueItem = z
  .object({
    id: z.string(),
    userId: z.string(),
    email: z.string(),
    name: z.string().nullable(),
    university: z.string().nullable(),
    pose: z.string(),
    poseLabel: z.string(),
    submittedAt: z.string(),
    selfieUrl: z.string().openapi({ description: 'Admin-only: GET it with the session cookie' }),
    mainPhotoId: z.string().nullable().openapi({ description: 'The main photo when the selfie was taken' }),
    mainPhotoChanged: z.boolean().openapi({ description: 'The student changed their main photo since' }),
    photos: z.array(z.object({ id: z.string(), url: z.string() })),
  })
  .openapi('VerificationQueueItem');

export const trustStatusRoute = createRoute({
  method: 'get',
  path: '/api/verification',
  tags,
  summary: 'Your own trust card: e-mail confirmed, school verified, photo verification, tries left today',
  ...user,
  responses: { 200: jsonResponse(z.object({ trust: TrustStatus }), 'Your trust card'), ...problems([401, 404]) },
});

export const challengeRoute = createRoute({
  method: 'post',
  path: '/api/verification/challenge',
  tags,
  summary: 'Draw a pose (valid 10 minutes, single use); the open one again if it is still valid. Spends a try',
  ...user,
  responses: {
    200: jsonResponse(z.object({ challenge: Challenge }), 'The pose to copy in the selfie'),
    ...problems([400, 401, 409, 429], { mutating: true }),
  },
});

export const submitSelfieRoute = createRoute({
  method: 'post',
  path: SELFIE_UPLOAD_PATH,
  tags,
  summary: 'Send the live selfie for a drawn pose (re-encoded, metadata stripped, seen only by admins)',
  ...user,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            challengeId: z.string().max(100),
            selfie: z.instanceof(File).openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: {
    201: jsonResponse(z.object({ trust: TrustStatus }), 'Queued for an admin; your trust card now'),
    ...problems([401, 409, 429], { body: true, mutating: true }),
  },
});

export const queueRoute = createRoute({
  method: 'get',
  path: '/api/admin/verifications',
  tags,
  summary: 'Selfies waiting for review, oldest first, with the requested pose and the student’s photos',
  ...admin,
  responses: {
    200: jsonResponse(z.object({ verifications: z.array(QueueItem) }), 'The queue'),
    ...problems([401, 403]),
  },
});

export const selfieRoute = createRoute({
  method: 'get',
  path: '/api/admin/verifications/{verificationId}/selfie',
  tags,
  summary: 'The selfie itself (admins only; never served under /media)',
  ...admin,
  request: { params: z.object({ verificationId: z.string().max(100) }) },
  responses: {
    200: {
      description: 'The re-encoded selfie',
      content: { 'image/webp': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...problems([400, 401, 403, 404]),
  },
});

export const reviewRoute = createRoute({
  method: 'post',
  path: '/api/admin/verifications/{verificationId}/review',
  tags,
  summary: 'Approve, or reject with a reason; audited, and the student is e-mailed',
  ...admin,
  request: {
    params: z.object({ verificationId: z.string().max(100) }),
    body: jsonBody(
      z.discriminatedUnion('decision', [
        z.strictObject({ decision: z.literal('approve') }),
        z.strictObject({ decision: z.literal('reject'), reason: RejectReason }),
      ]),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ status: z.enum(['approved', 'rejected']) }), 'Decided'),
    ...problems([401, 404, 409], { body: true, mutating: true }),
  },
});
