/** Contracts of feature requests (001 §2 Feature Requests modal, §7). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Feedback'];

export const submitRoute = createRoute({
  method: 'post',
  path: '/api/feature-requests',
  tags,
  summary: 'Submit a feature request',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: {
    body: jsonBody(
      z.strictObject({
        title: z.string().max(1000),
        description: z.string().max(5000),
        category: z.string().max(50).optional(),
        priority: z.string().max(50).optional(),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ id: z.string(), status: z.literal('submitted') }), 'Submitted'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

export const popularRoute = createRoute({
  method: 'get',
  path: '/api/feature-requests/popular',
  tags,
  summary: 'The 5 most-voted requests (get_popular_feature_requests)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z.object({
        requests: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            category: z.string(),
            voteCount: z.number(),
            votedToday: z.boolean(),
          }),
        ),
      }),
      'Popular',
    ),
    ...problems([401]),
  },
});

export const voteRoute = createRoute({
  method: 'post',
  path: '/api/feature-requests/{featureRequestId}/vote',
  tags,
  summary: 'Vote for a request (once per day per request)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { params: z.object({ featureRequestId: z.string().max(100) }) },
  responses: {
    200: jsonResponse(z.object({ success: z.literal(true) }), 'Voted'),
    ...problems([400, 401, 404, 409, 429], { mutating: true }),
  },
});
