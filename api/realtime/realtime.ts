/**
 * The WebSocket endpoint at /api/realtime (issue 5): authenticated by the session cookie, one
 * subscription per user on the realtime bus, heartbeats, per-connection rate and size caps, and
 * WebRTC signalling relayed to the other participant only (D21), and chat messages sent over the
 * socket through the same use case as the HTTP route. A socket lives no longer than its session
 * (issue 14): it closes when its session family or account ends, every frame is authorised against
 * the current state, and its access ends with its access token.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { planOf } from '../../core/billing/entitlements';
import type { SubscriptionRepository } from '../../core/matching/ports';
import { CALL_MESSAGES, type CallState, canStartCall, isPartOfCall } from '../../core/messaging/calls';
import { sendMessage } from '../../core/messaging/conversations';
import {
  endUnansweredGroupCall,
  type GroupCall,
  type GroupCallDeps,
  type GroupCallRepository,
  joinGroupCall,
  leaveGroupCall,
  recheckGroupCalls,
  relayGroupSignal,
  startGroupCall,
} from '../../core/messaging/group-calls';
import {
  type CallSignal,
  type ConversationRepository,
  type MessagingDeps,
  REALTIME_CLOSE,
  type RealtimeBus,
  type RealtimeEvent,
  toMessageDto,
} from '../../core/messaging/ports';
import { MESSAGE_MESSAGES } from '../../core/messaging/rules';
import type { Clock } from '../../core/shared/clock';
import type { IdGenerator } from '../../core/shared/ids';
import type { RateLimiter } from '../../core/shared/rate-limit';
import { MESSAGE_MAX } from '../../core/shared/sanitize';
import type { SessionUser } from '../context';
import type { AccessSession } from '../middleware/session';

export const REALTIME_PATH = '/api/realtime';
const MAX_FRAME_BYTES = 64 * 1024;
const HEARTBEAT_MS = 25_000;
/** Token bucket per connection: a flood from one client cannot starve the others. */
const FRAMES_PER_SECOND = 20;
const BURST = 40;

const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  // Calls in groups (issue 20, N127): start or join the conversation's call, leave it, or one
  // pair's WebRTC signal inside it.
  z.object({
    type: z.literal('group-call'),
    action: z.enum(['start', 'join', 'leave', 'signal']),
    conversationId: z.string().max(200).optional(),
    callId: z.string().max(100).optional(),
    media: z.enum(['video', 'voice']).optional(),
    toUserId: z.string().max(100).optional(),
    signal: z.enum(['offer', 'answer', 'ice']).optional(),
    sdp: z.string().max(20_000).optional(),
    candidate: z.unknown().optional(),
  }),
  z.object({
    type: z.literal('call'),
    toUserId: z.string().max(100),
    kind: z.enum(['offer', 'answer', 'ice', 'end', 'decline']),
    callId: z.string().max(100).optional(),
    media: z.enum(['video', 'voice']).optional(),
    sdp: z.string().max(20_000).optional(),
    candidate: z.unknown().optional(),
  }),
  // Sending a chat message over the socket: the same use case and rules as POST .../messages; the
  // sender gets `message.sent` with its `ref`, or an `error` with it (no HTTP round trip per message).
  z.object({
    type: z.literal('message.send'),
    ref: z.string().max(64),
    conversationId: z.string().max(200),
    content: z.string().max(MESSAGE_MAX + 1),
    // Issue 15: "Send anyway" after an error frame with MESSAGES.CONFIRM_NEEDED.
    confirmed: z.boolean().optional(),
  }),
]);

export type RealtimeDeps = {
  clock: Clock;
  ids: IdGenerator;
  bus: RealtimeBus;
  conversations: Pick<ConversationRepository, 'relationship'>;
  /** What sending a message over the socket needs (the same use case as the HTTP route). */
  messaging: MessagingDeps;
  subscriptions: SubscriptionRepository;
  /** Calls in groups (issue 20): who is in which conversation's call, stored so every process sees it. */
  groupCalls: GroupCallRepository;
  /** Budgets shared with the HTTP routes (a new group call spends from its caller's). */
  rateLimiter: RateLimiter;
  /** The session behind the upgrade's cookie and when its access token expires. */
  authenticate(cookieHeader: string | undefined): Promise<AccessSession | null>;
  /** Whether the session is still live (N3's rule, read afresh): asked for every frame (issue 14). */
  isLive(user: SessionUser): Promise<boolean>;
  allowedOrigins: string[];
  ringTimeoutMs: number;
  log(line: string): void;
};

/**
 * A call this process knows: `held` when its offer came in here (the ringing timer runs here, N24),
 * otherwise learnt from a signal of it delivered to one of this process's users.
 */
type LiveCall = CallState & { held: boolean; timer?: NodeJS.Timeout };

const ENDED: [number, string] = [REALTIME_CLOSE.sessionEnded, 'Session ended'];
const EXPIRED: [number, string] = [REALTIME_CLOSE.sessionExpired, 'Session expired, reconnect after refreshing'];
/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function attachRealtime(server: Server, deps: RealtimeDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const calls = new Map<string, LiveCall>();
  /** Open sockets per user here: a call none of whose parties has one here is forgotten. */
  const localSockets = new Map<string, number>();

  /**
   * Frames for one socket in one turn of the event loop leave in one write (N231): a message's
   * sender gets its copy and the `message.sent` ack, its recipient the message and the
   * notification, each pair in one writev instead of two. Flushed when the turn's I/O is handled.
   */
  const corked = new Set<Duplex>();
  const flush = () => {
    for (const socket of corked) socket.uncork();
    corked.clear();
  };
  const send = (ws: WebSocket, frame: object) => {
    if (ws.readyState !== ws.OPEN) return;
    const socket = (ws as WebSocket & { _socket?: Duplex })._socket;
    if (socket && !corked.has(socket)) {
      if (corked.size === 0) setImmediate(flush);
      socket.cork();
      corked.add(socket);
    }
    ws.send(JSON.stringify(frame));
  };
  const groupCallDeps: GroupCallDeps = {
    clock: deps.clock,
    ids: deps.ids,
    calls: deps.groupCalls,
    rateLimiter: deps.rateLimiter,
    groupChats: deps.messaging.groupChats,
    realtime: deps.bus,
  };
  /**
   * Ringing timers of the group calls started here, by call: a call nobody joined ends (N24's timeout).
   * Once someone joins, the call has been answered and lives until its last participant leaves (N254):
   * the join's `participant-joined` event, published to the caller from whichever process took it,
   * stops the timer.
   */
  const groupRings = new Map<string, NodeJS.Timeout>();
  const answered = (callId: string) => {
    clearTimeout(groupRings.get(callId));
    groupRings.delete(callId);
  };

  /**
   * A group call frame (N127). `mine` is the socket's own calls: it leaves them when it closes.
   * Whether the user may act is read afresh from the stored call and conversation every time.
   */
  async function handleGroupCall(
    user: SessionUser,
    ws: WebSocket,
    frame: Extract<z.infer<typeof ClientFrame>, { type: 'group-call' }>,
    mine: Set<string>,
  ) {
    const refuse = (error: { code: string; message: string; title?: string }) =>
      send(ws, {
        type: 'error',
        code: error.code,
        title: error.title,
        message: error.message,
        groupCall: { action: frame.action, callId: frame.callId, conversationId: frame.conversationId },
      });
    const invalid = { code: 'VALIDATION', message: 'Invalid input detected' };
    const joined = (call: GroupCall) => {
      mine.add(call.id);
      send(ws, {
        type: 'group-call',
        event: {
          kind: 'joined',
          callId: call.id,
          conversationId: call.conversationId,
          media: call.media,
          participantIds: call.participantIds.filter((id) => id !== user.id),
        },
      });
    };
    if (frame.action === 'start') {
      if (!frame.conversationId || !frame.media) return refuse(invalid);
      const plan = planOf(await deps.subscriptions.get(user.id), deps.clock.now());
      const started = await startGroupCall(groupCallDeps, plan, user.id, frame.conversationId, frame.media);
      if (!started.ok) return refuse(started.error);
      joined(started.value);
      if (started.value.callerId === user.id && started.value.participantIds.length === 1) {
        const callId = started.value.id;
        const timer = setTimeout(() => {
          groupRings.delete(callId);
          endUnansweredGroupCall(groupCallDeps, callId).catch((e) =>
            deps.log(`[realtime] group call timeout failed: ${String(e)}`),
          );
        }, deps.ringTimeoutMs);
        timer.unref();
        groupRings.set(callId, timer);
      }
      return;
    }
    if (!frame.callId) return refuse(invalid);
    if (frame.action === 'join') {
      const result = await joinGroupCall(groupCallDeps, user.id, frame.callId);
      if (!result.ok) return refuse(result.error);
      return joined(result.value);
    }
    if (frame.action === 'leave') {
      mine.delete(frame.callId);
      return leaveGroupCall(groupCallDeps, user.id, frame.callId);
    }
    if (!frame.toUserId || !frame.signal) return refuse(invalid);
    const relayed = await relayGroupSignal(groupCallDeps, user.id, {
      callId: frame.callId,
      toUserId: frame.toUserId,
      signal: frame.signal,
      sdp: frame.sdp,
      candidate: frame.candidate,
    });
    if (!relayed.ok) refuse(relayed.error);
  }

  const endCall = (callId: string) => {
    const call = calls.get(callId);
    if (call?.timer) clearTimeout(call.timer);
    calls.delete(callId);
  };

  async function handleCall(
    user: SessionUser,
    ws: WebSocket,
    frame: Extract<z.infer<typeof ClientFrame>, { type: 'call' }>,
  ) {
    const to = frame.toUserId;
    const signal = (callId: string): RealtimeEvent => ({
      type: 'call',
      signal: {
        kind: frame.kind,
        callId,
        fromUserId: user.id,
        media: frame.media,
        sdp: frame.sdp,
        candidate: frame.candidate,
      },
    });
    if (frame.kind === 'offer') {
      const plan = planOf(await deps.subscriptions.get(user.id), deps.clock.now());
      const allowed = canStartCall(plan, await deps.conversations.relationship(user.id, to));
      if (!allowed.ok) {
        send(ws, {
          type: 'error',
          code: allowed.error.code,
          title: allowed.error.title,
          message: allowed.error.message,
        });
        return;
      }
      const callId = deps.ids.newId();
      const timer = setTimeout(() => {
        const call = calls.get(callId);
        if (call?.state !== 'ringing') return;
        endCall(callId);
        const timeout: RealtimeEvent = {
          type: 'call',
          signal: { kind: 'ringing-timeout', callId, fromUserId: user.id },
        };
        void deps.bus.publish(user.id, timeout);
        void deps.bus.publish(to, timeout);
      }, deps.ringTimeoutMs);
      timer.unref();
      calls.set(callId, { callId, callerId: user.id, calleeId: to, state: 'ringing', held: true, timer });
      send(ws, { type: 'call.started', callId, toUserId: to });
      await deps.bus.publish(to, signal(callId));
      return;
    }
    // Only the two parties of a call someone really offered may signal it (issue 14): an invented
    // call id reaches no one.
    const call = frame.callId ? calls.get(frame.callId) : undefined;
    if (!isPartOfCall(call, user.id, to)) {
      send(ws, { type: 'error', code: 'CALLS.NO_SUCH_CALL', message: CALL_MESSAGES.noCall });
      return;
    }
    // A call held by another process (several processes, issue 10) is relayed while the two are
    // still matched and unblocked (D21, N24); that process hears of an answer or hang-up through
    // the caller's own subscription (onConnection).
    if (!call.held) {
      const rel = await deps.conversations.relationship(user.id, to);
      if (!rel.matched || rel.blocked || !rel.otherActive) {
        send(ws, { type: 'error', code: 'CALLS.NO_SUCH_CALL', message: CALL_MESSAGES.noCall });
        return;
      }
    }
    followUp(call.callId, frame.kind);
    await deps.bus.publish(to, signal(call.callId));
  }

  async function handleSend(
    user: SessionUser,
    ws: WebSocket,
    frame: Extract<z.infer<typeof ClientFrame>, { type: 'message.send' }>,
  ) {
    try {
      const sent = await sendMessage(deps.messaging, user.id, frame.conversationId, frame.content, {
        confirmed: frame.confirmed,
      });
      if (sent.ok) send(ws, { type: 'message.sent', ref: frame.ref, message: toMessageDto(sent.value, user.id) });
      else {
        // The hourly cap says when to try again, as the HTTP answer's Retry-After does (D19).
        const { retryAfterSeconds } = sent.error as { retryAfterSeconds?: number };
        send(ws, {
          type: 'error',
          ref: frame.ref,
          code: sent.error.code,
          message: sent.error.message,
          retryAfterSeconds,
        });
      }
    } catch (e) {
      deps.log(`[realtime] message send failed: ${String(e)}`);
      send(ws, { type: 'error', ref: frame.ref, code: 'INTERNAL', message: MESSAGE_MESSAGES.sendFailed });
    }
  }

  /** What a follow-up signal does to a call this process knows. */
  function followUp(callId: string, kind: string) {
    const call = calls.get(callId);
    if (!call) return;
    if (kind === 'answer') call.state = 'connected';
    if (kind === 'end' || kind === 'decline' || kind === 'ringing-timeout') endCall(callId);
  }

  /**
   * A signal delivered to `userId` here. Only the server relays signals, each one checked where it
   * was sent, so a call it names was really offered: this process learns the call, and its user may
   * then answer it or send ICE from here even when another process holds it (N24).
   */
  function learn(userId: string, signal: CallSignal) {
    const ending = signal.kind === 'end' || signal.kind === 'decline' || signal.kind === 'ringing-timeout';
    if (!ending && !calls.has(signal.callId)) {
      calls.set(signal.callId, {
        callId: signal.callId,
        callerId: signal.fromUserId,
        calleeId: userId,
        state: 'ringing',
        held: false,
      });
    }
    followUp(signal.callId, signal.kind);
  }

  /** Forgets calls none of whose parties has a socket here; a ringing call held here waits for its timer. */
  function forgetCallsWithoutParties() {
    for (const [callId, call] of calls) {
      if (call.held && call.state === 'ringing') continue;
      if (!localSockets.has(call.callerId) && !localSockets.has(call.calleeId)) endCall(callId);
    }
  }

  function onConnection(ws: WebSocket, session: AccessSession) {
    const { user } = session;
    let tokens = BURST;
    let last = Date.now();
    let alive = true;
    let closing = false;
    localSockets.set(user.id, (localSockets.get(user.id) ?? 0) + 1);
    /** The group calls this socket is in (N127): it leaves them when it closes. */
    const myGroupCalls = new Set<string>();

    /** Closes the socket for good with a code telling the client to refresh and reconnect. */
    const end = ([code, reason]: [number, string]) => {
      if (closing) return;
      closing = true;
      ws.close(code, reason);
    };
    /**
     * Why this socket may no longer act, from the current state (issue 14): its access token has
     * expired, or its session family was revoked or the account is no longer active. Nothing is
     * cached between frames.
     */
    const refusal = async (): Promise<[number, string] | null> => {
      if (deps.clock.now().getTime() >= session.expiresAt.getTime()) return EXPIRED;
      return (await deps.isLive(user)) ? null : ENDED;
    };
    const recheck = () => {
      refusal()
        .then((refused) => {
          if (refused) end(refused);
        })
        .catch((e) => deps.log(`[realtime] session check failed: ${String(e)}`));
    };

    const unsubscribe = deps.bus.subscribe(user.id, (event) => {
      // Not forwarded: the close code tells the client (issue 14).
      if (event.type === 'session.ended') {
        if (event.sessionFamily === null || event.sessionFamily === user.sessionFamily) end(ENDED);
        return;
      }
      if (closing) return;
      // The calls this user is in become known here; an answer or hang-up relayed by another
      // process still moves a call this process holds.
      if (event.type === 'call') learn(user.id, event.signal);
      if (event.type === 'group-call' && event.event.kind === 'ended') myGroupCalls.delete(event.event.callId);
      if (event.type === 'group-call' && event.event.kind === 'participant-joined') answered(event.event.callId);
      // A group left, a member removed, a block: this socket's group calls are checked again at once (N128).
      if (
        myGroupCalls.size > 0 &&
        (event.type === 'group.updated' ||
          event.type === 'conversation.updated' ||
          event.type === 'conversation.deleted')
      ) {
        recheckGroupCalls(groupCallDeps, user.id).catch((e) =>
          deps.log(`[realtime] group call check failed: ${String(e)}`),
        );
      }
      send(ws, event);
    });
    // The session may have ended between the upgrade's check and the subscription.
    recheck();
    const expiry = setTimeout(
      () => end(EXPIRED),
      Math.min(MAX_TIMER_MS, Math.max(0, session.expiresAt.getTime() - deps.clock.now().getTime())),
    );
    expiry.unref();
    const heartbeat = setInterval(() => {
      if (!alive) {
        ws.terminate();
        return;
      }
      alive = false;
      ws.ping();
      // A quiet socket is checked too: it may never send a frame (a CLI on SQLite publishes nothing here).
      recheck();
    }, HEARTBEAT_MS);
    heartbeat.unref();
    ws.on('pong', () => {
      alive = true;
    });

    async function onFrame(frame: z.infer<typeof ClientFrame>) {
      const refused = await refusal();
      if (closing) return;
      if (refused) return end(refused);
      if (frame.type === 'ping') send(ws, { type: 'pong' });
      else if (frame.type === 'message.send') await handleSend(user, ws, frame);
      else if (frame.type === 'group-call') await handleGroupCall(user, ws, frame, myGroupCalls);
      else await handleCall(user, ws, frame);
    }

    ws.on('message', (data, isBinary) => {
      if (closing) return;
      const now = Date.now();
      tokens = Math.min(BURST, tokens + ((now - last) / 1000) * FRAMES_PER_SECOND);
      last = now;
      if (tokens < 1) {
        closing = true;
        ws.close(1008, 'Too many messages');
        return;
      }
      tokens -= 1;
      let parsed: z.infer<typeof ClientFrame>;
      try {
        const result = ClientFrame.safeParse(isBinary ? null : JSON.parse(String(data)));
        if (!result.success) throw new Error('invalid frame');
        parsed = result.data;
      } catch {
        send(ws, { type: 'error', code: 'VALIDATION', message: 'Invalid input detected' });
        return;
      }
      onFrame(parsed).catch((e) => {
        deps.log(`[realtime] ${parsed.type} failed: ${String(e)}`);
        if (parsed.type === 'message.send')
          send(ws, { type: 'error', ref: parsed.ref, code: 'INTERNAL', message: MESSAGE_MESSAGES.sendFailed });
      });
    });
    ws.on('close', () => {
      closing = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      for (const callId of myGroupCalls) {
        leaveGroupCall(groupCallDeps, user.id, callId).catch((e) =>
          deps.log(`[realtime] group call leave failed: ${String(e)}`),
        );
      }
      myGroupCalls.clear();
      const n = (localSockets.get(user.id) ?? 1) - 1;
      if (n > 0) localSockets.set(user.id, n);
      else {
        localSockets.delete(user.id);
        forgetCallsWithoutParties();
      }
    });
    send(ws, { type: 'ready', userId: user.id });
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== REALTIME_PATH) {
      socket.destroy();
      return;
    }
    const refuse = (status: string) => {
      socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      socket.destroy();
    };
    const origin = req.headers.origin;
    const ownOrigin = req.headers.host ? `http://${req.headers.host}` : null;
    if (origin && !deps.allowedOrigins.includes(origin) && origin !== ownOrigin) return refuse('403 Forbidden');
    const session = await deps.authenticate(req.headers.cookie).catch(() => null);
    if (!session) return refuse('401 Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, session));
  }

  server.on('upgrade', (req, socket, head) => {
    void onUpgrade(req, socket, head);
  });

  return {
    /**
     * Ends every socket. With a reason (shutdown: 1012 Service Restart, issue 10) clients get a close
     * frame telling them to reconnect, which lands them on another process; stragglers are cut after 1 s.
     */
    close(reason?: { code: number; message: string }) {
      for (const call of calls.values()) if (call.timer) clearTimeout(call.timer);
      for (const timer of groupRings.values()) clearTimeout(timer);
      if (reason) for (const ws of wss.clients) ws.close(reason.code, reason.message);
      const cut = () => {
        for (const ws of wss.clients) ws.terminate();
      };
      if (reason) setTimeout(cut, 1000).unref();
      else cut();
      wss.close();
    },
  };
}
