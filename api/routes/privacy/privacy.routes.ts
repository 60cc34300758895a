/** Contracts of data requests (D25): export and deletion. */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Privacy'];
const Request = z
  .object({
    id: z.string(),
    requestType: z.enum(['export', 'deletion']),
    status: z.enum(['pending', 'completed']),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
  })
  .openapi('DataRequest');

export const listRequestsRoute = createRoute({
  method: 'get',
  path: '/api/data-requests',
  tags,
  summary: 'Your data requests',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: { 200: jsonResponse(z.object({ requests: z.array(Request) }), 'Requests'), ...problems([401]) },
});

export const createRequestRoute = createRoute({
  method: 'post',
  path: '/api/data-requests',
  tags,
  summary: 'Request a data export or account deletion (both start pending)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(z.strictObject({ requestType: z.enum(['export', 'deletion']) })) },
  responses: {
    201: jsonResponse(z.object({ request: Request }), 'Requested'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

export const downloadRoute = createRoute({
  method: 'get',
  path: '/api/data-requests/{requestId}/download',
  tags,
  summary: 'Download a completed export (7 days)',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: z.object({ requestId: z.string().max(100) }) },
  responses: {
    200: {
      description: 'The JSON archive',
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
    },
    ...problems([400, 401, 404, 409]),
  },
});
