/**
 * The messaging API of api/routes/messaging (conversations, messages, read receipts, delete,
 * icebreakers, call settings) and the realtime socket at /api/realtime, backed by the in-memory
 * db. Errors carry the server's titles and details, from core.
 */
import { HttpResponse, http, type WebSocketHandlerConnection, ws } from 'msw';
import { ENTITLEMENTS } from '../../../core/billing/entitlements';
import { cleanMessage, MESSAGE_MESSAGES } from '../../../core/messaging/rules';
import { NUDGE_MESSAGES, warningFor } from '../../../core/moderation/warnings';
import { GENERIC_MESSAGES } from '../../../core/shared/errors';
import { MESSAGE_MAX } from '../../../core/shared/sanitize';
import { db } from './db';
import { seedMatch } from './discovery-handlers';

type Client = WebSocketHandlerConnection['client'];
type Other = {
  userId: string;
  name: string;
  university: string;
  profilePhotoUrl: string | null;
  badges: { schoolVerified: boolean; photoVerified: boolean };
};

const problem = (status: number, code: string, title: string, detail: string) =>
  HttpResponse.json(
    { type: `https://nestmate.app/problems/${code.toLowerCase()}`, title, status, detail, code },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );

const currentUserId = () => db.session.getAll()[0]?.userId ?? null;
const unauthenticated = () => problem(401, 'AUTH.UNAUTHENTICATED', 'Unauthorized', 'User not authenticated');
const notFound = () => problem(404, 'MESSAGES.CONVERSATION_NOT_FOUND', 'Not found', MESSAGE_MESSAGES.notFound);

/** Test switches: failures the server can answer with, and the socket's behaviour. */
export const messagingTest = {
  rateLimited: false,
  icebreakersFail: false,
  deleteFails: false,
  /** false: the socket is refused (closed at once), as when the server is unreachable. */
  acceptSockets: true,
  /** Client frames received on the socket (calls signalling). */
  received: [] as unknown[],
  /** GET …/messages requests with their query, to check polling. */
  messageRequests: [] as string[],
  /** The server's pending automatic flags by message id (issue 15): the recipient sees a warning. */
  flags: new Map<string, string>(),
  /** Sends containing this text answer "Are you sure?" unless confirmed (issue 15's nudge). */
  nudgeOn: null as string | null,
  /** Sends containing this text are held back for an admin (issue 15): the sender sees "Pending review". */
  holdOn: null as string | null,
  /** Ids of messages held back for an admin. */
  held: new Set<string>(),
  /** Ids of "Ask to verify" system messages (issue 16). */
  verificationRequests: new Set<string>(),
  /** Bodies of POST …/messages, to check what the composer sent. */
  sent: [] as { content: string; confirmed?: boolean }[],
};

const liveClients = new Set<Client>();
let seq = 0;

export function resetMessagingTest() {
  Object.assign(messagingTest, {
    rateLimited: false,
    icebreakersFail: false,
    deleteFails: false,
    acceptSockets: true,
    received: [],
    messageRequests: [],
    flags: new Map(),
    nudgeOn: null,
    holdOn: null,
    held: new Set(),
    verificationRequests: new Set(),
    sent: [],
  });
  for (const c of liveClients) c.close();
  liveClients.clear();
}

/** Sends a server frame to every open socket. */
export function pushFrame(frame: object) {
  for (const c of liveClients) c.send(JSON.stringify(frame));
}

/** Drops every open socket (the live channel fails). */
export function dropSockets() {
  for (const c of liveClients) c.close();
  liveClients.clear();
}

export const openSocketCount = () => liveClients.size;

const messageDto = (m: NonNullable<ReturnType<typeof db.message.findFirst>>) => ({
  id: m.id,
  seq: m.seq,
  conversationId: m.conversationId,
  senderId: m.senderId,
  content: m.content,
  createdAt: m.createdAt,
  isRead: m.isRead,
  // As the server: the viewer's own messages never show they were flagged.
  warning: warningFor({ senderId: m.senderId, flag: flagOf(m.id) }, currentUserId() ?? ''),
  pendingReview: messagingTest.held.has(m.id),
  kind: messagingTest.verificationRequests.has(m.id) ? ('verification_request' as const) : ('text' as const),
});

const flagOf = (id: string) => {
  const reason = messagingTest.flags.get(id);
  return reason === undefined ? null : { reason, confidence: 0.99 };
};

/** Stores a message without telling anyone (as if the socket missed it). */
export function seedMessage(conversationId: string, senderId: string, content: string, createdAt = new Date()) {
  const m = db.message.create({
    seq: ++seq,
    conversationId,
    senderId,
    content,
    createdAt: createdAt.toISOString(),
    isRead: false,
  });
  return messageDto(m);
}

/** The other person sends a message: stored, then pushed on the socket as the server does. */
export function receiveMessage(conversationId: string, senderId: string, content: string) {
  const message = seedMessage(conversationId, senderId, content);
  pushFrame({ type: 'message.created', message });
  return message;
}

/**
 * A match with a conversation (the signed-in user's view). `messages` are oldest first;
 * `mine` marks the signed-in user's own.
 */
export function seedConversation(
  me: string,
  other: Partial<Other> = {},
  messages: { content: string; mine?: boolean; at?: Date; isRead?: boolean; flag?: string; held?: boolean }[] = [],
) {
  const match = seedMatch({
    ...(other.name ? { name: other.name } : {}),
    ...(other.university ? { university: other.university } : {}),
    profilePhotoUrl: other.profilePhotoUrl ?? null,
    ...(other.badges ? { badges: other.badges } : {}),
  });
  const person: Other = {
    userId: other.userId ?? match.userId,
    name: match.name,
    university: match.university,
    profilePhotoUrl: match.profilePhotoUrl,
    badges: match.badges,
  };
  db.conversation.create({
    id: match.conversationId,
    otherUserId: person.userId,
    data: JSON.stringify(person),
    createdAt: new Date('2026-01-01T00:00:00Z').toISOString(),
    hidden: false,
  });
  for (const m of messages) {
    const row = seedMessage(match.conversationId, m.mine ? me : person.userId, m.content, m.at);
    if (m.isRead) db.message.update({ where: { id: { equals: row.id } }, data: { isRead: true } });
    if (m.flag) messagingTest.flags.set(row.id, m.flag);
    if (m.held) messagingTest.held.add(row.id);
  }
  return { id: match.conversationId, other: person, match };
}

const messagesOf = (conversationId: string) =>
  db.message.findMany({ where: { conversationId: { equals: conversationId } } }).sort((a, b) => a.seq - b.seq);

const visibleConversation = (id: string) =>
  db.conversation.findFirst({ where: { id: { equals: id }, hidden: { equals: false } } });

export const realtimeLink = ws.link(/\/api\/realtime$/);

export const messagingHandlers = [
  realtimeLink.addEventListener('connection', ({ client }) => {
    if (!messagingTest.acceptSockets) {
      client.close();
      return;
    }
    liveClients.add(client);
    client.addEventListener('message', (event) => {
      messagingTest.received.push(JSON.parse(String(event.data)));
    });
    client.addEventListener('close', () => liveClients.delete(client));
    client.send(JSON.stringify({ type: 'ready', userId: currentUserId() }));
  }),

  http.get('/api/conversations', () => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const conversations = db.conversation
      .findMany({ where: { hidden: { equals: false } } })
      .map((c) => {
        const messages = messagesOf(c.id);
        const last = messages[messages.length - 1];
        return {
          id: c.id,
          otherUser: JSON.parse(c.data) as Other,
          lastMessageAt: last?.createdAt ?? null,
          lastMessageText: last?.content ?? null,
          unreadCount: messages.filter((m) => m.senderId !== me && !m.isRead).length,
          createdAt: c.createdAt,
        };
      })
      .sort((a, b) => (b.lastMessageAt ?? b.createdAt).localeCompare(a.lastMessageAt ?? a.createdAt));
    return HttpResponse.json({ conversations, groupConversations: [] });
  }),

  http.post('/api/conversations', async ({ request }) => {
    if (!currentUserId()) return unauthenticated();
    const { withUserId } = (await request.json()) as { withUserId: string };
    const row = db.match.findFirst({ where: { userId: { equals: withUserId } } });
    if (!row) return problem(403, 'MESSAGES.NOT_MATCHED', 'Forbidden', MESSAGE_MESSAGES.notMatched);
    const match = JSON.parse(row.data) as Other & { conversationId: string };
    const existing = db.conversation.findFirst({ where: { id: { equals: match.conversationId } } });
    if (existing) {
      db.conversation.update({ where: { id: { equals: existing.id } }, data: { hidden: false } });
    } else {
      db.conversation.create({
        id: match.conversationId,
        otherUserId: match.userId,
        data: JSON.stringify({
          userId: match.userId,
          name: match.name,
          university: match.university,
          profilePhotoUrl: match.profilePhotoUrl,
          badges: match.badges,
        }),
        createdAt: new Date().toISOString(),
        hidden: false,
      });
    }
    return HttpResponse.json({ id: match.conversationId });
  }),

  http.get('/api/conversations/:id/messages', ({ params, request }) => {
    if (!currentUserId()) return unauthenticated();
    const id = String(params.id);
    if (!visibleConversation(id)) return notFound();
    const url = new URL(request.url);
    messagingTest.messageRequests.push(url.search);
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const before = url.searchParams.get('before');
    const after = Number(url.searchParams.get('after') ?? 0);
    const all = messagesOf(id);
    const page =
      before !== null
        ? all.filter((m) => m.seq < Number(before)).slice(-limit)
        : all.filter((m) => m.seq > after).slice(0, limit);
    return HttpResponse.json({ messages: page.map(messageDto) });
  }),

  http.post('/api/conversations/:id/messages', async ({ params, request }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const id = String(params.id);
    if (!visibleConversation(id)) return notFound();
    const body = (await request.json()) as { content: string; confirmed?: boolean };
    messagingTest.sent.push(body);
    const { content } = body;
    if (messagingTest.nudgeOn !== null && content.includes(messagingTest.nudgeOn) && body.confirmed !== true) {
      return problem(409, 'MESSAGES.CONFIRM_NEEDED', NUDGE_MESSAGES.title, NUDGE_MESSAGES.detail);
    }
    if (content.length > MESSAGE_MAX) return problem(400, 'MESSAGES.TOO_LONG', 'Bad request', MESSAGE_MESSAGES.tooLong);
    const cleaned = cleanMessage(content);
    if (cleaned === null) return problem(400, 'MESSAGES.INVALID', 'Bad request', MESSAGE_MESSAGES.invalid);
    if (messagingTest.rateLimited) {
      return problem(429, 'MESSAGES.RATE_LIMITED', MESSAGE_MESSAGES.rateTitle, MESSAGE_MESSAGES.rate);
    }
    const stored = seedMessage(id, me, cleaned);
    const held = messagingTest.holdOn !== null && content.includes(messagingTest.holdOn);
    if (held) messagingTest.held.add(stored.id);
    // As the server: a held message goes to its sender only, marked for review.
    const message = { ...stored, pendingReview: held };
    pushFrame({ type: 'message.created', message });
    return HttpResponse.json({ message }, { status: 201 });
  }),

  http.post('/api/conversations/:id/verification-request', ({ params }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const id = String(params.id);
    if (!visibleConversation(id)) return notFound();
    // As the server: once a week per conversation.
    if (messagesOf(id).some((m) => m.senderId === me && messagingTest.verificationRequests.has(m.id)))
      return problem(429, 'RATE_LIMITED', 'Too many requests', GENERIC_MESSAGES.rateLimited);
    const stored = seedMessage(id, me, MESSAGE_MESSAGES.verificationRequest);
    messagingTest.verificationRequests.add(stored.id);
    const message = { ...stored, kind: 'verification_request' as const };
    pushFrame({ type: 'message.created', message });
    return HttpResponse.json({ message }, { status: 201 });
  }),

  http.post('/api/conversations/:id/read', ({ params }) => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const id = String(params.id);
    if (!visibleConversation(id)) return notFound();
    let upToSeq = 0;
    for (const m of messagesOf(id)) {
      if (m.senderId !== me && !m.isRead) {
        db.message.update({ where: { id: { equals: m.id } }, data: { isRead: true } });
        upToSeq = Math.max(upToSeq, m.seq);
      }
    }
    return HttpResponse.json({ upToSeq });
  }),

  http.delete('/api/conversations/:id', ({ params }) => {
    if (!currentUserId()) return unauthenticated();
    const id = String(params.id);
    if (!visibleConversation(id)) return notFound();
    if (messagingTest.deleteFails) return problem(500, 'INTERNAL', 'Internal server error', 'Something went wrong');
    db.conversation.update({ where: { id: { equals: id } }, data: { hidden: true } });
    db.message.deleteMany({ where: { conversationId: { equals: id } } });
    pushFrame({ type: 'conversation.deleted', conversationId: id });
    return HttpResponse.json({ deleted: true });
  }),

  http.get('/api/conversations/:id/icebreakers', ({ params }) => {
    if (!currentUserId()) return unauthenticated();
    const conversation = visibleConversation(String(params.id));
    if (!conversation) return notFound();
    if (messagingTest.icebreakersFail) {
      return problem(500, 'INTERNAL', 'Internal server error', 'Something went wrong');
    }
    const { name } = JSON.parse(conversation.data) as Other;
    const first = name.split(' ')[0];
    return HttpResponse.json({
      suggestions: [
        `Hi ${first}! How are you finding your classes this term?`,
        `Hey ${first}, what does your ideal weekend look like?`,
        `Hi ${first}! What part of town are you hoping to live in?`,
      ],
    });
  }),

  http.get('/api/calls/config', () => {
    const me = currentUserId();
    if (!me) return unauthenticated();
    const gold = db.plan.findFirst({ where: { userId: { equals: me } } })?.gold ?? false;
    return HttpResponse.json({
      canCall: ENTITLEMENTS[gold ? 'gold' : 'free'].calls,
      iceServers: [],
      ringTimeoutSeconds: 30,
    });
  }),
];
