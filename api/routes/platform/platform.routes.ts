/** Cross-cutting routes: public config, consent log, security events, CSP reports, dev mailbox. */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems } from '../../openapi';

const tags = ['Platform'];

export const configRoute = createRoute({
  method: 'get',
  path: '/api/config',
  tags,
  summary: 'Public feature flags the client needs before sign-in',
  'x-access': 'anonymous',
  responses: { 200: jsonResponse(z.object({ ageGateEnabled: z.boolean() }), 'Flags'), ...problems([]) },
});

export const healthRoute = createRoute({
  method: 'get',
  path: '/api/health',
  tags,
  summary: 'Liveness and database check for load balancers',
  'x-access': 'anonymous',
  responses: { 200: jsonResponse(z.object({ status: z.literal('ok') }), 'Healthy'), ...problems([]) },
});

export const logConsentRoute = createRoute({
  method: 'post',
  path: '/api/log-consent',
  tags,
  summary: 'Record a cookie-consent decision (001 §7)',
  'x-access': 'anonymous',
  request: {
    body: jsonBody(
      z.strictObject({
        consentType: z.string().min(1).max(50),
        consentGiven: z.boolean(),
        consentMethod: z.string().min(1).max(50),
        consentVersion: z.string().min(1).max(20),
        legalBasis: z.string().min(1).max(50),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ logged: z.literal(true) }), 'Recorded'),
    ...problems([429], { body: true, mutating: true }),
  },
});

export const securityEventRoute = createRoute({
  method: 'post',
  path: '/api/security-events',
  tags,
  summary: 'Record a client-side security event (log_security_event, 001 §7)',
  'x-access': 'anonymous',
  request: {
    body: jsonBody(
      z.strictObject({
        event_type: z.literal('session_start'),
        event_details: z.strictObject({
          timestamp: z.string().max(100),
          user_agent: z.string().max(512),
          referrer: z.string().max(2048),
        }),
      }),
    ),
  },
  responses: {
    202: jsonResponse(z.object({ logged: z.literal(true) }), 'Recorded'),
    ...problems([429], { body: true, mutating: true }),
  },
});

export const CspReport = z.object({
  'csp-report': z
    .object({
      'blocked-uri': z.string().max(2048).optional(),
      'violated-directive': z.string().max(512).optional(),
      'effective-directive': z.string().max(512).optional(),
      'original-policy': z.string().max(4096).optional(),
      'document-uri': z.string().max(2048).optional(),
    })
    .passthrough(),
});

export const cspReportRoute = createRoute({
  method: 'post',
  path: '/api/csp-report',
  tags,
  summary: 'Content-Security-Policy violation reports sent by browsers (D28)',
  'x-access': 'anonymous',
  request: {
    body: {
      // Browsers send application/csp-report, which the JSON validator skips; the handler parses it.
      required: false,
      content: { 'application/csp-report': { schema: CspReport }, 'application/json': { schema: CspReport } },
    },
  },
  responses: { 204: { description: 'Recorded' }, ...problems([429], { body: true, mutating: true }) },
});

const MailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});

export const devMailboxRoute = createRoute({
  method: 'get',
  path: '/api/dev/mailbox',
  tags: ['Development'],
  summary: 'Mail in the outbox (development and test only; absent in production)',
  'x-access': 'anonymous',
  responses: { 200: jsonResponse(z.object({ messages: z.array(MailSchema) }), 'Newest first'), ...problems([]) },
});
