/** Contracts of blocks, reports, emergency contacts and security incidents (issue 8; D20). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Safety'];
const Id = z.string().max(100);
const Contact = z
  .object({
    id: z.string(),
    name: z.string(),
    phone: z.string(),
    relationship: z.string(),
    isPrimary: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('EmergencyContact');
const ContactBody = z.strictObject({
  name: z.string().max(500),
  // Spaces, dashes and parentheses are allowed and stripped; core checks the digits (001 §5).
  phone: z.string().max(100).openapi({ example: '+1 (310) 555-0100' }),
  relationship: z.enum([
    'Emergency Contact',
    'Parent',
    'Guardian',
    'Sibling',
    'Spouse',
    'Partner',
    'Friend',
    'Other Family',
  ]),
});
const ContactParam = z.object({ contactId: Id });
const user = { security: SESSION_SECURITY };

export const blockRoute = createRoute({
  method: 'post',
  path: '/api/blocks',
  tags,
  summary: 'Block someone: hidden both ways in discovery, likes, matches and chat (D19, D20)',
  'x-access': 'user',
  ...user,
  request: {
    body: jsonBody(z.strictObject({ blockedUserId: Id, reason: z.string().max(1000).nullable().optional() })),
  },
  responses: {
    201: jsonResponse(z.object({ blocked: z.literal(true) }), 'Blocked'),
    ...problems([401, 404, 429], { body: true, mutating: true }),
  },
});

export const listBlocksRoute = createRoute({
  method: 'get',
  path: '/api/blocks',
  tags,
  summary: 'People you blocked, newest first',
  'x-access': 'user',
  ...user,
  responses: {
    200: jsonResponse(
      z.object({
        blocked: z.array(
          z.object({
            id: z.string(),
            blockedUserId: z.string(),
            name: z.string(),
            profilePhotoUrl: z.string().nullable(),
            createdAt: z.string(),
          }),
        ),
      }),
      'Blocked users',
    ),
    ...problems([401]),
  },
});

export const unblockRoute = createRoute({
  method: 'delete',
  path: '/api/blocks/{blockId}',
  tags,
  summary: 'Unblock',
  'x-access': 'owner',
  ...user,
  request: { params: z.object({ blockId: Id }) },
  responses: {
    200: jsonResponse(z.object({ unblocked: z.literal(true) }), 'Unblocked'),
    ...problems([400, 401, 404, 429], { mutating: true }),
  },
});

export const reportRoute = createRoute({
  method: 'post',
  path: '/api/reports',
  tags,
  summary: 'Report someone to the moderators (D20)',
  'x-access': 'user',
  ...user,
  request: {
    body: jsonBody(
      z.strictObject({
        reportedUserId: Id,
        category: z.enum(['harassment', 'scam', 'fake_profile', 'inappropriate_content', 'safety_concern', 'other']),
        severity: z.enum(['low', 'medium', 'high', 'critical']),
        details: z.string().max(2000).nullable().optional(),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ id: z.string() }), 'Reported'),
    ...problems([401, 404, 409, 429], { body: true, mutating: true }),
  },
});

export const listContactsRoute = createRoute({
  method: 'get',
  path: '/api/emergency-contacts',
  tags,
  summary: 'Your emergency contacts, primary first',
  'x-access': 'user',
  ...user,
  responses: { 200: jsonResponse(z.object({ contacts: z.array(Contact) }), 'Contacts'), ...problems([401]) },
});

export const addContactRoute = createRoute({
  method: 'post',
  path: '/api/emergency-contacts',
  tags,
  summary: 'Add an emergency contact (the first one becomes primary)',
  'x-access': 'user',
  ...user,
  request: { body: jsonBody(ContactBody) },
  responses: {
    201: jsonResponse(z.object({ contact: Contact }), 'Added'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

export const updateContactRoute = createRoute({
  method: 'put',
  path: '/api/emergency-contacts/{contactId}',
  tags,
  summary: 'Edit an emergency contact',
  'x-access': 'owner',
  ...user,
  request: { params: ContactParam, body: jsonBody(ContactBody) },
  responses: {
    200: jsonResponse(z.object({ updated: z.literal(true) }), 'Saved'),
    ...problems([401, 404], { body: true, mutating: true }),
  },
});

export const deleteContactRoute = createRoute({
  method: 'delete',
  path: '/api/emergency-contacts/{contactId}',
  tags,
  summary: 'Delete an emergency contact',
  'x-access': 'owner',
  ...user,
  request: { params: ContactParam },
  responses: {
    200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'),
    ...problems([400, 401, 404], { mutating: true }),
  },
});

export const primaryContactRoute = createRoute({
  method: 'post',
  path: '/api/emergency-contacts/{contactId}/primary',
  tags,
  summary: 'Make this contact primary (the others stop being primary)',
  'x-access': 'owner',
  ...user,
  request: { params: ContactParam },
  responses: {
    200: jsonResponse(z.object({ primary: z.literal(true) }), 'Primary'),
    ...problems([400, 401, 404], { mutating: true }),
  },
});

export const incidentRoute = createRoute({
  method: 'post',
  path: '/api/security-incidents',
  tags,
  summary: 'Report a security incident (anyone; critical ones alert the security team)',
  'x-access': 'anonymous',
  request: {
    body: jsonBody(
      z.strictObject({
        incident_type: z.string().max(100),
        severity_level: z.string().max(50),
        subject: z.string().max(1000),
        description: z.string().max(10_000),
        contact_email: z.string().max(1000),
        affected_users_count: z.number().nullable(),
        time_discovered: z.string().max(100).nullable(),
        steps_taken: z.string().max(10_000).nullable(),
      }),
    ),
  },
  responses: {
    201: jsonResponse(
      z.object({
        id: z.string(),
        status: z.string(),
        priority: z.string(),
        acknowledgeBy: z.string(),
        respondBy: z.string(),
      }),
      'Reported',
    ),
    ...problems([429], { body: true, mutating: true }),
  },
});
