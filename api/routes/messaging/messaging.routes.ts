/** Contracts of conversations, messages, icebreakers and call settings (issue 5). */
import { createRoute, z } from '@hono/zod-openapi';
import { jsonBody, jsonResponse, problems, SESSION_SECURITY, TrustBadgesSchema } from '../../openapi';

const tags = ['Messaging'];
const Id = z.string().max(200);

export const MessageSchema = z
  .object({
    id: z.string(),
    seq: z.number().int(),
    conversationId: z.string(),
    senderId: z.string(),
    content: z.string(),
    createdAt: z.string(),
    isRead: z.boolean(),
    // Issue 15: for the recipient of a flagged scam, phishing or off-platform message only.
    warning: z
      .object({ category: z.enum(['rental_scam', 'off_platform', 'phishing', 'investment']), text: z.string() })
      .nullable(),
    // Issue 15: the sender's own message is held back until an admin approves it.
    pendingReview: z.boolean(),
    // Issue 16: a student's text, or the "Ask to verify" system message; issue 20: a group chat's
    // system line (a join, leave, removal, rename or new invite code).
    kind: z.enum(['text', 'verification_request', 'system']),
  })
  .openapi('Message');

const ConversationSchema = z
  .object({
    id: z.string(),
    otherUser: z.object({
      userId: z.string(),
      name: z.string(),
      university: z.string(),
      profilePhotoUrl: z.string().nullable(),
      badges: TrustBadgesSchema,
    }),
    lastMessageAt: z.string().nullable(),
    lastMessageText: z.string().nullable(),
    unreadCount: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('Conversation');

/** A group's conversation (issue 20): its id is `group-<group id>`; members are the group's current ones. */
const GroupConversationSchema = z
  .object({
    id: z.string(),
    groupId: z.string(),
    /** 'group': the group's own chat; 'match': a group match's, with everyone in it (issue 20). */
    kind: z.enum(['group', 'match']),
    name: z.string(),
    members: z.array(z.object({ userId: z.string(), name: z.string(), profilePhotoUrl: z.string().nullable() })),
    lastMessageAt: z.string().nullable(),
    lastMessageText: z.string().nullable(),
    unreadCount: z.number().int(),
    createdAt: z.string(),
  })
  .openapi('GroupConversation');

const ConversationParam = z.object({ conversationId: Id });

export const listConversationsRoute = createRoute({
  method: 'get',
  path: '/api/conversations',
  tags,
  summary: 'Your conversations, most recent first',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z.object({ conversations: z.array(ConversationSchema), groupConversations: z.array(GroupConversationSchema) }),
      'Conversations, and the group chats of your groups (issue 20)',
    ),
    ...problems([401]),
  },
});

export const openConversationRoute = createRoute({
  method: 'post',
  path: '/api/conversations',
  tags,
  summary: 'Open the conversation with a match (create or get)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  request: { body: jsonBody(z.strictObject({ withUserId: Id })) },
  responses: {
    200: jsonResponse(z.object({ id: z.string() }), 'The conversation id'),
    ...problems([401, 404], { body: true, mutating: true }),
  },
});

export const listMessagesRoute = createRoute({
  method: 'get',
  path: '/api/conversations/{conversationId}/messages',
  tags,
  summary: 'Messages oldest first: after a sequence number (catch-up), or the page before one (history)',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: {
    params: ConversationParam,
    query: z.object({
      after: z.coerce.number().int().min(0).optional(),
      before: z.coerce.number().int().min(1).optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ messages: z.array(MessageSchema) }), 'Messages'),
    ...problems([400, 401, 404]),
  },
});

export const sendMessageRoute = createRoute({
  method: 'post',
  path: '/api/conversations/{conversationId}/messages',
  tags,
  summary: 'Send a message (sanitised; 200 per hour; harassment, hate or sexual content needs `confirmed`)',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: {
    params: ConversationParam,
    body: jsonBody(
      z.strictObject({
        content: z.string().max(20_000),
        // Issue 15: "Send anyway" after the 409 MESSAGES.CONFIRM_NEEDED ("Are you sure?").
        confirmed: z.boolean().optional(),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ message: MessageSchema }), 'Sent'),
    ...problems([401, 404, 409, 429], { body: true, mutating: true }),
  },
});

export const askToVerifyRoute = createRoute({
  method: 'post',
  path: '/api/conversations/{conversationId}/verification-request',
  tags,
  summary:
    'Ask the other student to verify their photo: a polite system message in the chat (once a week per conversation; issue 16)',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: ConversationParam },
  responses: {
    201: jsonResponse(z.object({ message: MessageSchema }), 'Asked'),
    ...problems([400, 401, 404, 409, 429], { mutating: true }),
  },
});

export const markReadRoute = createRoute({
  method: 'post',
  path: '/api/conversations/{conversationId}/read',
  tags,
  summary: "Mark the other person's messages read",
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: ConversationParam },
  responses: {
    200: jsonResponse(z.object({ upToSeq: z.number().int() }), 'Read up to'),
    ...problems([400, 401, 404], { mutating: true }),
  },
});

export const deleteConversationRoute = createRoute({
  method: 'delete',
  path: '/api/conversations/{conversationId}',
  tags,
  summary: 'Delete the conversation for yourself (erased once both have deleted it)',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: ConversationParam },
  responses: {
    200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'),
    ...problems([400, 401, 404], { mutating: true }),
  },
});

export const icebreakersRoute = createRoute({
  method: 'get',
  path: '/api/conversations/{conversationId}/icebreakers',
  tags,
  summary: "Up to 3 openers built from the other person's profile",
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: ConversationParam },
  responses: {
    200: jsonResponse(z.object({ suggestions: z.array(z.string()) }), 'Suggestions'),
    ...problems([400, 401, 404]),
  },
});

export const callConfigRoute = createRoute({
  method: 'get',
  path: '/api/calls/config',
  tags: ['Calls'],
  summary: 'ICE servers for WebRTC calls, and whether you may start one (Gold)',
  'x-access': 'user',
  security: SESSION_SECURITY,
  responses: {
    200: jsonResponse(
      z.object({
        canCall: z.boolean(),
        iceServers: z.array(z.object({ urls: z.union([z.string(), z.array(z.string())]) })),
        ringTimeoutSeconds: z.number(),
      }),
      'Call settings',
    ),
    ...problems([401]),
  },
});

export const groupCallRoute = createRoute({
  method: 'get',
  path: '/api/conversations/{conversationId}/call',
  tags: ['Calls'],
  summary: 'The live call of a group chat or group match chat, for "Join call" (issue 20); null when none',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: ConversationParam },
  responses: {
    200: jsonResponse(
      z.object({
        call: z
          .object({
            id: z.string(),
            media: z.enum(['video', 'voice']),
            callerId: z.string(),
            participantIds: z.array(z.string()),
            createdAt: z.string().datetime(),
          })
          .nullable(),
      }),
      'The live call',
    ),
    ...problems([400, 401, 404]),
  },
});

export const groupReadsRoute = createRoute({
  method: 'get',
  path: '/api/conversations/{conversationId}/reads',
  tags,
  summary: 'How far each member of a group chat has read ("Read by 2 of 4"); current members only',
  'x-access': 'owner',
  security: SESSION_SECURITY,
  request: { params: ConversationParam },
  responses: {
    200: jsonResponse(
      z.object({ reads: z.array(z.object({ userId: z.string(), readSeq: z.number().int() })) }),
      'Read positions',
    ),
    ...problems([400, 401, 404]),
  },
});
