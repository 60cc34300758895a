/** Contracts of the admin dashboard (001 §2, §4, §6; D22, D27). Every route is admin-only. */
import { createRoute, z } from '@hono/zod-openapi';
import { BULK_REVIEW_MAX } from '../../../core/moderation/admin';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Admin'];
const admin = { 'x-access': 'admin' as const, security: SESSION_SECURITY };
const Id = z.string().max(100);

const Report = z
  .object({
    id: z.string(),
    reportCategory: z.string(),
    severityLevel: z.string(),
    status: z.string(),
    details: z.string().nullable(),
    reporterId: z.string().nullable(),
    reportedUserId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('AdminReport');

const Flag = z
  .object({
    id: z.string(),
    contentType: z.string(),
    contentId: z.string(),
    authorId: z.string().nullable(),
    flagReason: z.string(),
    status: z.enum(['pending', 'approved', 'removed']),
    autoFlagged: z.boolean(),
    confidenceScore: z.number().nullable(),
    flaggedBy: z.string().nullable(),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
    content: z.string().nullable(),
    evidence: z.array(z.string()).openapi({ description: 'What in the content led to an automatic flag (issue 15)' }),
    severity: z.enum(['high', 'medium', 'low']),
    held: z.boolean().openapi({ description: 'A message held back until this flag is reviewed' }),
  })
  .openapi('ContentFlag');

const PrecisionCell = z.object({ upheld: z.number(), dismissed: z.number(), precision: z.number().nullable() });
const PrecisionSeries = z.object({ total: PrecisionCell, weeks: z.array(PrecisionCell) });

export const adminMeRoute = createRoute({
  method: 'get',
  path: '/api/admin/access',
  tags,
  summary: 'Whether you are an admin (the dashboard checks this first)',
  ...admin,
  responses: { 200: jsonResponse(z.object({ admin: z.literal(true) }), 'Granted'), ...problems([401, 403]) },
});

export const statsRoute = createRoute({
  method: 'get',
  path: '/api/admin/stats',
  tags,
  summary: 'Stat cards: users, reports, pending reports, pending flags, pending data requests',
  ...admin,
  responses: {
    200: jsonResponse(
      z.object({
        totalUsers: z.number(),
        totalReports: z.number(),
        pendingReports: z.number(),
        pendingFlags: z.number(),
        pendingDataRequests: z.number(),
      }),
      'Counts',
    ),
    ...problems([401, 403]),
  },
});

export const reportsRoute = createRoute({
  method: 'get',
  path: '/api/admin/reports',
  tags,
  summary: 'The 10 newest user reports',
  ...admin,
  responses: { 200: jsonResponse(z.object({ reports: z.array(Report) }), 'Reports'), ...problems([401, 403]) },
});

export const reportRoute = createRoute({
  method: 'get',
  path: '/api/admin/reports/{reportId}',
  tags,
  summary: 'One report in detail',
  ...admin,
  request: { params: z.object({ reportId: Id }) },
  responses: { 200: jsonResponse(z.object({ report: Report }), 'Report'), ...problems([400, 401, 403, 404]) },
});

export const reportStatusRoute = createRoute({
  method: 'put',
  path: '/api/admin/reports/{reportId}',
  tags,
  summary: "Change a report's status",
  ...admin,
  request: {
    params: z.object({ reportId: Id }),
    body: jsonBody(z.strictObject({ reportStatus: z.enum(['pending', 'investigating', 'resolved', 'dismissed']) })),
  },
  responses: {
    200: jsonResponse(z.object({ status: z.string() }), 'Updated'),
    ...problems([401, 404], { body: true, mutating: true }),
  },
});

export const flagsRoute = createRoute({
  method: 'get',
  path: '/api/admin/flags',
  tags,
  summary:
    'Content flags by status (default pending) with the content and evidence; pending worst first (severity, confidence), reviewed newest first',
  ...admin,
  request: { query: z.object({ status: z.enum(['pending', 'approved', 'removed']).optional() }) },
  responses: { 200: jsonResponse(z.object({ flags: z.array(Flag) }), 'Flags'), ...problems([400, 401, 403]) },
});

export const reviewFlagRoute = createRoute({
  method: 'post',
  path: '/api/admin/flags/{flagId}/review',
  tags,
  summary: 'Approve or remove a pending flag (removed content is hidden from everyone but admins)',
  ...admin,
  request: {
    params: z.object({ flagId: Id }),
    body: jsonBody(
      z.strictObject({ decision: z.enum(['approved', 'removed']), note: z.string().max(1000).nullable().optional() }),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ status: z.string() }), 'Reviewed'),
    ...problems([401, 404, 409], { body: true, mutating: true }),
  },
});

export const bulkReviewFlagsRoute = createRoute({
  method: 'post',
  path: '/api/admin/flags/review',
  tags,
  summary: 'Approve or remove several pending flags at once; each outcome is reported (issue 15)',
  ...admin,
  request: {
    body: jsonBody(
      z.strictObject({
        flagIds: z.array(Id).min(1).max(BULK_REVIEW_MAX),
        decision: z.enum(['approved', 'removed']),
        note: z.string().max(1000).nullable().optional(),
      }),
    ),
  },
  responses: {
    200: jsonResponse(
      z.object({
        results: z.array(
          z.object({
            flagId: z.string(),
            outcome: z.enum(['approved', 'removed', 'not_found', 'already_reviewed']),
          }),
        ),
      }),
      'One outcome per distinct flag, in the order given',
    ),
    ...problems([401], { body: true, mutating: true }),
  },
});

export const usersRoute = createRoute({
  method: 'get',
  path: '/api/admin/users',
  tags,
  summary: 'Search users by e-mail or name',
  ...admin,
  request: { query: z.object({ q: z.string().max(200).optional() }) },
  responses: {
    200: jsonResponse(
      z.object({
        users: z.array(
          z.object({
            id: z.string(),
            email: z.string(),
            name: z.string().nullable(),
            status: z.string(),
            createdAt: z.string(),
          }),
        ),
      }),
      'Users',
    ),
    ...problems([400, 401, 403]),
  },
});

export const userStatusRoute = createRoute({
  method: 'put',
  path: '/api/admin/users/{userId}/status',
  tags,
  summary: 'Suspend (hidden from discovery, sessions ended) or reactivate an account',
  ...admin,
  request: {
    params: z.object({ userId: Id }),
    body: jsonBody(z.strictObject({ accountStatus: z.enum(['active', 'suspended']) })),
  },
  responses: {
    200: jsonResponse(z.object({ status: z.string() }), 'Updated'),
    ...problems([401, 404], { body: true, mutating: true }),
  },
});

export const userHistoryRoute = createRoute({
  method: 'get',
  path: '/api/admin/users/{userId}/history',
  tags,
  summary: "A user's flags, reports against and by them, and admin decisions, on one page (issue 15)",
  ...admin,
  request: { params: z.object({ userId: Id }) },
  responses: {
    200: jsonResponse(
      z.object({
        flags: z.array(Flag),
        reportsAgainst: z.array(Report),
        reportsBy: z.array(Report),
        decisions: z.array(
          z
            .object({
              id: z.string(),
              adminId: z.string().nullable(),
              action: z.string(),
              targetType: z.string(),
              targetId: z.string(),
              details: z.record(z.string(), z.unknown()),
              createdAt: z.string(),
            })
            .openapi('AdminDecision'),
        ),
      }),
      'Newest first, up to 100 of each',
    ),
    ...problems([400, 401, 403, 404]),
  },
});

export const analyticsRoute = createRoute({
  method: 'get',
  path: '/api/admin/analytics',
  tags,
  summary: 'Sign-ups, matches and messages per day; the auto-flag precision admins observed, per category and week',
  ...admin,
  request: { query: z.object({ days: z.coerce.number().int().min(1).max(365).optional() }) },
  responses: {
    200: jsonResponse(
      z.object({
        days: z.array(z.object({ day: z.string(), signUps: z.number(), matches: z.number(), messages: z.number() })),
        autoFlagPrecision: z
          .object({
            weeks: z.array(z.string()),
            overall: PrecisionSeries,
            categories: z.array(PrecisionSeries.extend({ category: z.string() })),
          })
          .openapi('AutoFlagPrecision', {
            description: 'Of the automatic flags reviewed, the share admins upheld (removed), by review week',
          }),
      }),
      'Per day',
    ),
    ...problems([400, 401, 403]),
  },
});

const RatingCell = z.object({
  answers: z.number().int(),
  meanRating: z.number().nullable().openapi({ description: 'Mean 1–5 rating; null without answers' }),
});

export const outcomeAnalyticsRoute = createRoute({
  method: 'get',
  path: '/api/admin/analytics/outcomes',
  tags,
  summary: "How living together went (the 30/90-day check-ins) by today's compatibility band and by D12 factor (N160)",
  ...admin,
  responses: {
    200: jsonResponse(
      z
        .object({
          answers: z.number().int().openapi({ description: 'Scored check-in answers (the bands add up to this)' }),
          unscored: z.number().int().openapi({ description: 'Answers left out: no profile on one side' }),
          bands: z.array(
            z.object({
              band: z.string(),
              answers: z.number().int(),
              meanRating: z
                .number()
                .nullable()
                .openapi({ description: 'Of the answers from people who moved in; null without any' }),
              didNotMoveInShare: z.number().nullable().openapi({ description: '0–1; null without answers' }),
            }),
          ),
          factors: z.array(
            z.object({
              key: z.string(),
              agreed: RatingCell.openapi({ description: 'The pair earned at least 75% of the factor’s weight' }),
              differed: RatingCell,
            }),
          ),
        })
        .openapi('OutcomeAnalytics'),
      'Scored with today’s compatibility; factor ratings only of people who moved in',
    ),
    ...problems([401, 403]),
  },
});
