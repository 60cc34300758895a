/** Contracts of groups, invite codes and solo/group mode (issue 7; 000 §4, §6; D18). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY } from '../../openapi';

const tags = ['Groups'];
const Id = z.string().max(100);
const user = { security: SESSION_SECURITY };

const Member = z
  .object({
    userId: z.string(),
    role: z.enum(['admin', 'member']),
    name: z.string(),
    profilePhotoUrl: z.string().nullable(),
    joinedAt: z.string(),
  })
  .openapi('GroupMember', { description: 'Name and photo only (000 §3)' });

export const GroupSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    inviteCode: z.string().nullable().openapi({ description: 'The current code while it is valid, else null' }),
    inviteCodeExpiresAt: z.string().nullable(),
    createdAt: z.string(),
    members: z.array(Member),
  })
  .openapi('Group');

const ModeSchema = z.object({
  mode: z.enum(['solo', 'group']),
  activeGroupId: z.string().nullable(),
});

const GroupBody = z.strictObject({
  name: z.string().max(500),
  description: z.string().max(2000).nullable().optional(),
});
const GroupParam = z.object({ groupId: Id });

export const listGroupsRoute = createRoute({
  method: 'get',
  path: '/api/groups',
  tags,
  summary: 'My groups with their members, and my mode (a mode naming a group I left reads as solo)',
  'x-access': 'user',
  ...user,
  responses: {
    200: jsonResponse(ModeSchema.extend({ groups: z.array(GroupSchema) }), 'Groups and mode'),
    ...problems([401]),
  },
});

export const createGroupRoute = createRoute({
  method: 'post',
  path: '/api/groups',
  tags,
  summary: 'Create a group; the creator is its admin (D18)',
  'x-access': 'user',
  ...user,
  request: { body: jsonBody(GroupBody) },
  responses: {
    201: jsonResponse(z.object({ group: GroupSchema }), 'Created'),
    ...problems([401, 429], { body: true, mutating: true }),
  },
});

export const updateGroupRoute = createRoute({
  method: 'put',
  path: '/api/groups/{groupId}',
  tags,
  summary: 'Rename a group or change its description (admin)',
  'x-access': 'group-admin',
  ...user,
  request: { params: GroupParam, body: jsonBody(GroupBody) },
  responses: {
    200: jsonResponse(z.object({ group: GroupSchema }), 'Saved'),
    ...problems([401, 404], { body: true, mutating: true }),
  },
});

export const deleteGroupRoute = createRoute({
  method: 'delete',
  path: '/api/groups/{groupId}',
  tags,
  summary: 'Delete a group (admin); its members go back to solo mode',
  'x-access': 'group-admin',
  ...user,
  request: { params: GroupParam },
  responses: {
    200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'),
    ...problems([400, 401, 404], { mutating: true }),
  },
});

export const inviteCodeRoute = createRoute({
  method: 'post',
  path: '/api/groups/{groupId}/invite-code',
  tags,
  summary: 'Generate a new invite code, valid 24 hours (admin; D18)',
  'x-access': 'group-admin',
  ...user,
  request: { params: GroupParam },
  responses: {
    201: jsonResponse(z.object({ inviteCode: z.string(), expiresAt: z.string() }), 'The new code'),
    ...problems([400, 401, 404, 429], { mutating: true }),
  },
});

export const joinGroupRoute = createRoute({
  method: 'post',
  path: '/api/groups/join',
  tags,
  summary: 'Join a group by invite code (upper-cased; at most 6 members)',
  'x-access': 'user',
  ...user,
  request: {
    body: jsonBody(z.strictObject({ inviteCode: z.string().max(100).openapi({ example: 'K7QX2M' }) })),
  },
  responses: {
    200: jsonResponse(z.object({ group: GroupSchema }), 'Joined'),
    ...problems([401, 404, 409, 429], { body: true, mutating: true }),
  },
});

export const leaveGroupRoute = createRoute({
  method: 'post',
  path: '/api/groups/{groupId}/leave',
  tags,
  summary: 'Leave a group; the longest-standing member succeeds the last admin, an empty group is deleted',
  'x-access': 'user',
  ...user,
  request: { params: GroupParam },
  responses: {
    200: jsonResponse(z.object({ left: z.literal(true) }), 'Left'),
    ...problems([400, 401, 404], { mutating: true }),
  },
});

export const removeMemberRoute = createRoute({
  method: 'delete',
  path: '/api/groups/{groupId}/members/{userId}',
  tags,
  summary: 'Remove a member (admin)',
  'x-access': 'group-admin',
  ...user,
  request: { params: GroupParam.extend({ userId: Id }) },
  responses: {
    200: jsonResponse(z.object({ removed: z.literal(true) }), 'Removed'),
    ...problems([400, 401, 404, 409], { mutating: true }),
  },
});

export const setModeRoute = createRoute({
  method: 'put',
  path: '/api/group-mode',
  tags,
  summary: 'Set the active group and solo/group mode (group mode needs an active group)',
  'x-access': 'user',
  ...user,
  request: { body: jsonBody(ModeSchema.strict()) },
  responses: {
    200: jsonResponse(ModeSchema, 'Saved'),
    ...problems([401, 404, 409], { body: true, mutating: true }),
  },
});
