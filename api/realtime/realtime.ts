/**
 * The WebSocket endpoint at /api/realtime (issue 5): authenticated by the session cookie, one
 * subscription per user on the realtime bus, heartbeats, per-connection rate and size caps, and
 * WebRTC signalling relayed to the other participant only (D21), and chat messages sent over the
 * socket through the same use case as the HTTP route.
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
  type ConversationRepository,
  type MessagingDeps,
  type RealtimeBus,
  type RealtimeEvent,
  toMessageDto,
} from '../../core/messaging/ports';
import { MESSAGE_MESSAGES } from '../../core/messaging/rules';
import type { Clock } from '../../core/shared/clock';
import type { IdGenerator } from '../../core/shared/ids';
import { MESSAGE_MAX } from '../../core/shared/sanitize';
import type { SessionUser } from '../context';

export const REALTIME_PATH = '/api/realtime';
const MAX_FRAME_BYTES = 64 * 1024;
const HEARTBEAT_MS = 25_000;
/** Token bucket per connection: a flood from one client cannot starve the others. */
const FRAMES_PER_SECOND = 20;
const BURST = 40;

const ClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
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
  authenticate(cookieHeader: string | undefined): Promise<SessionUser | null>;
  allowedOrigins: string[];
  ringTimeoutMs: number;
  log(line: string): void;
};

export function attachRealtime(server: Server, deps: RealtimeDeps) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const calls = new Map<string, CallState & { timer: NodeJS.Timeout }>();

  const send = (ws: WebSocket, frame: object) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };

  const endCall = (callId: string) => {
    const call = calls.get(callId);
    if (call) clearTimeout(call.timer);
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
      calls.set(callId, { callId, callerId: user.id, calleeId: to, state: 'ringing', timer });
      send(ws, { type: 'call.started', callId, toUserId: to });
      await deps.bus.publish(to, signal(callId));
      return;
    }
    const noCall = () => send(ws, { type: 'error', code: 'CALLS.NO_SUCH_CALL', message: CALL_MESSAGES.noCall });
    const call = frame.callId ? calls.get(frame.callId) : undefined;
    if (call) {
      if (!isPartOfCall(call, user.id, to)) return noCall();
      followUp(call.callId, frame.kind);
      await deps.bus.publish(to, signal(call.callId));
      return;
    }
    // The call was offered through another process (several processes, issue 10): relay the signal
    // while the two are still matched and unblocked (D21). The process holding the call hears of an
    // answer or hang-up through the caller's own subscription (onConnection).
    if (!frame.callId) return noCall();
    const rel = await deps.conversations.relationship(user.id, to);
    if (!rel.matched || rel.blocked || !rel.otherActive) return noCall();
    await deps.bus.publish(to, signal(frame.callId));
  }

  async function handleSend(
    user: SessionUser,
    ws: WebSocket,
    frame: Extract<z.infer<typeof ClientFrame>, { type: 'message.send' }>,
  ) {
    try {
      const sent = await sendMessage(deps.messaging, user.id, frame.conversationId, frame.content);
      if (sent.ok) send(ws, { type: 'message.sent', ref: frame.ref, message: toMessageDto(sent.value) });
      else send(ws, { type: 'error', ref: frame.ref, code: sent.error.code, message: sent.error.message });
    } catch (e) {
      deps.log(`[realtime] message send failed: ${String(e)}`);
      send(ws, { type: 'error', ref: frame.ref, code: 'INTERNAL', message: MESSAGE_MESSAGES.sendFailed });
    }
  }

  /** What a follow-up signal does to a call this process holds. */
  function followUp(callId: string, kind: string) {
    const call = calls.get(callId);
    if (!call) return;
    if (kind === 'answer') call.state = 'connected';
    if (kind === 'end' || kind === 'decline') endCall(callId);
  }

  function onConnection(ws: WebSocket, user: SessionUser) {
    let tokens = BURST;
    let last = Date.now();
    let alive = true;
    const unsubscribe = deps.bus.subscribe(user.id, (event) => {
      // An answer or hang-up relayed by another process still moves a call this process holds.
      if (event.type === 'call') followUp(event.signal.callId, event.signal.kind);
      send(ws, event);
    });
    const heartbeat = setInterval(() => {
      if (!alive) {
        ws.terminate();
        return;
      }
      alive = false;
      ws.ping();
    }, HEARTBEAT_MS);
    heartbeat.unref();
    ws.on('pong', () => {
      alive = true;
    });
    ws.on('message', (data, isBinary) => {
      const now = Date.now();
      tokens = Math.min(BURST, tokens + ((now - last) / 1000) * FRAMES_PER_SECOND);
      last = now;
      if (tokens < 1) {
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
      if (parsed.type === 'ping') send(ws, { type: 'pong' });
      else if (parsed.type === 'message.send') void handleSend(user, ws, parsed);
      else void handleCall(user, ws, parsed).catch((e) => deps.log(`[realtime] call signal failed: ${String(e)}`));
    });
    ws.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
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
    const user = await deps.authenticate(req.headers.cookie).catch(() => null);
    if (!user) return refuse('401 Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, user));
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
      for (const call of calls.values()) clearTimeout(call.timer);
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
