/**
 * The one WebSocket to /api/realtime (issue 5): server frames parsed with zod (style habit 8),
 * fanned out to subscribers; reconnects with backoff 1 s, 2 s, 4 s … 30 s. Messaging and calls
 * share it: calls receive it from app/ as a `RealtimeChannel`, so the features stay independent.
 * When the server ends the socket with its session (issue 14), the client renews the session over
 * HTTP first and reconnects at once with the new cookie.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { REALTIME_CLOSE } from '../../../../../core/messaging/ports';
import { refreshSession } from '../../../lib/api-client';
import { z } from '../../../lib/zod';

/**
 * The frames the server sends, one schema per `type`, each built when the first frame of its type
 * arrives (N198, N255): building them all at the first frame (`ready`) took 55–115 ms of a 4× slowed
 * CPU in one task of Discover's load, for frames most pages never receive.
 */
const FRAME_SCHEMAS = {
  ready: () => z.object({ type: z.literal('ready') }),
  pong: () => z.object({ type: z.literal('pong') }),
  'message.created': () =>
    z.object({
      type: z.literal('message.created'),
      message: z.object({
        id: z.string(),
        seq: z.number(),
        conversationId: z.string(),
        senderId: z.string(),
        content: z.string(),
        createdAt: z.string(),
        isRead: z.boolean(),
        // Issue 15: the recipient's warning under a flagged scam; null for everyone else.
        warning: z
          .object({ category: z.enum(['rental_scam', 'off_platform', 'phishing', 'investment']), text: z.string() })
          .nullable()
          .default(null),
        // Issue 15: the sender's own message is held back until an admin approves it.
        pendingReview: z.boolean().default(false),
        // Issue 16: a student's text, or the "Ask to verify" system message.
        kind: z.enum(['text', 'verification_request', 'system']).default('text'),
      }),
    }),
  'messages.read': () =>
    z.object({
      type: z.literal('messages.read'),
      conversationId: z.string(),
      readerId: z.string(),
      upToSeq: z.number(),
    }),
  'conversation.updated': () => z.object({ type: z.literal('conversation.updated'), conversationId: z.string() }),
  'conversation.deleted': () => z.object({ type: z.literal('conversation.deleted'), conversationId: z.string() }),
  // Issue 17: someone joined or left one of your groups.
  'group.updated': () => z.object({ type: z.literal('group.updated'), groupId: z.string() }),
  'match.created': () =>
    z.object({
      type: z.literal('match.created'),
      conversationId: z.string(),
      userId: z.string(),
      // Issue 17: false (or absent, from an older server) means the other side made the match.
      byYou: z.boolean().default(false),
      // Issue 20: a group match; the conversation holds everyone in it.
      group: z.boolean().default(false),
    }),
  call: () =>
    z.object({
      type: z.literal('call'),
      signal: z.object({
        kind: z.enum(['offer', 'answer', 'ice', 'end', 'decline', 'ringing-timeout']),
        callId: z.string(),
        fromUserId: z.string(),
        media: z.enum(['video', 'voice']).optional(),
        sdp: z.string().optional(),
        candidate: z.unknown().optional(),
      }),
    }),
  // Issue 19: the notification centre's bell; the notifications feature parses the item itself.
  'notification.created': () =>
    z.object({ type: z.literal('notification.created'), notification: z.unknown(), unread: z.number() }),
  'notification.read': () => z.object({ type: z.literal('notification.read'), unread: z.number() }),
  'call.started': () => z.object({ type: z.literal('call.started'), callId: z.string(), toUserId: z.string() }),
  /** Calls in groups (issue 20): the server's events about one call. */
  'group-call': () =>
    z.object({
      type: z.literal('group-call'),
      event: z.discriminatedUnion('kind', [
        z.object({
          kind: z.literal('ringing'),
          callId: z.string(),
          conversationId: z.string(),
          fromUserId: z.string(),
          media: z.enum(['video', 'voice']),
        }),
        z.object({
          kind: z.literal('joined'),
          callId: z.string(),
          conversationId: z.string(),
          media: z.enum(['video', 'voice']),
          participantIds: z.array(z.string()),
        }),
        z.object({ kind: z.literal('participant-joined'), callId: z.string(), userId: z.string() }),
        z.object({ kind: z.literal('participant-left'), callId: z.string(), userId: z.string() }),
        z.object({
          kind: z.literal('signal'),
          callId: z.string(),
          fromUserId: z.string(),
          signal: z.enum(['offer', 'answer', 'ice']),
          sdp: z.string().optional(),
          candidate: z.unknown().optional(),
        }),
        z.object({
          kind: z.literal('ended'),
          callId: z.string(),
          conversationId: z.string(),
          reason: z.enum(['ended', 'no-answer', 'removed']),
        }),
      ]),
    }),
  error: () =>
    z.object({
      type: z.literal('error'),
      code: z.string(),
      title: z.string().optional(),
      message: z.string(),
      // Issue 20: which group call action was refused.
      groupCall: z
        .object({
          action: z.enum(['start', 'join', 'leave', 'signal']),
          callId: z.string().optional(),
          conversationId: z.string().optional(),
        })
        .optional(),
    }),
};

type FrameType = keyof typeof FRAME_SCHEMAS;
export type ServerFrame = { [K in FrameType]: z.infer<ReturnType<(typeof FRAME_SCHEMAS)[K]>> }[FrameType];

const builtFrameSchemas = new Map<FrameType, z.ZodType>();

/** A server frame of a type this client knows and of its shape; null otherwise (a newer server's frame). */
export function parseServerFrame(data: unknown): ServerFrame | null {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(FRAME_SCHEMAS, type)) return null;
  const known = type as FrameType;
  let schema = builtFrameSchemas.get(known);
  if (!schema) {
    schema = FRAME_SCHEMAS[known]();
    builtFrameSchemas.set(known, schema);
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? (parsed.data as ServerFrame) : null;
}

export type ClientFrame =
  | { type: 'ping' }
  | {
      type: 'call';
      toUserId: string;
      kind: 'offer' | 'answer' | 'ice' | 'end' | 'decline';
      callId?: string;
      media?: 'video' | 'voice';
      sdp?: string;
      candidate?: unknown;
    }
  | {
      type: 'group-call';
      action: 'start' | 'join' | 'leave' | 'signal';
      conversationId?: string;
      callId?: string;
      media?: 'video' | 'voice';
      toUserId?: string;
      signal?: 'offer' | 'answer' | 'ice';
      sdp?: string;
      candidate?: unknown;
    };

/** `open` once the server said `ready`; `down` while waiting to reconnect. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'down';

/** The part of a WebSocket the client uses, so tests can hand in a fake. */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;
const BACKOFF_START_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

export const backoffDelay = (attempt: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** attempt);

const defaultUrl = () => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/api/realtime`;
};

export class RealtimeClient {
  private socket: SocketLike | null = null;
  private listeners = new Set<(frame: ServerFrame) => void>();
  private statusListeners = new Set<() => void>();
  private users = 0;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  status: RealtimeStatus = 'idle';

  constructor(
    private readonly createSocket: SocketFactory = (url) => new WebSocket(url),
    private readonly url: () => string = defaultUrl,
    private readonly refresh: () => Promise<boolean> = refreshSession,
  ) {}

  /** Keeps the connection up while at least one user holds it; the returned function lets go. */
  retain(): () => void {
    this.users += 1;
    if (this.users === 1) this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) this.disconnect();
    };
  }

  subscribe(listener: (frame: ServerFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Sends a frame if the socket is open; false when it could not be sent. */
  send(frame: ClientFrame): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const l of this.statusListeners) l();
  }

  private connect() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.setStatus('connecting');
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url());
    } catch (error) {
      console.error('Realtime connection failed', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => {
      let frame: ServerFrame;
      try {
        const parsed = parseServerFrame(JSON.parse(String(event.data)));
        if (!parsed) return; // a frame type this client does not know yet
        frame = parsed;
      } catch (error) {
        console.error('Unreadable realtime frame', error);
        return;
      }
      if (frame.type === 'ready') {
        this.attempt = 0;
        this.setStatus('open');
      }
      for (const l of [...this.listeners]) l(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (event.code === REALTIME_CLOSE.sessionEnded || event.code === REALTIME_CLOSE.sessionExpired)
        this.reauthenticate();
      else this.scheduleReconnect();
    };
    socket.onerror = () => {
      // A close event follows; reconnecting is handled there.
    };
  }

  /**
   * A socket cannot receive cookies while open, so at the end of its access token (or its session)
   * the server closes it; a renewed session reconnects at once, a lost one waits as usual.
   */
  private reauthenticate() {
    this.setStatus('down');
    void this.refresh()
      .catch(() => false)
      .then((renewed) => {
        // Released, or connected again by a new holder, while the refresh ran.
        if (this.users === 0 || this.socket || this.timer) return;
        if (!renewed) return this.scheduleReconnect();
        this.attempt = 0;
        this.connect();
      });
  }

  private scheduleReconnect() {
    if (this.users === 0) {
      this.setStatus('idle');
      return;
    }
    this.setStatus('down');
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private disconnect() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close(1000, 'done');
    }
    this.attempt = 0;
    this.setStatus('idle');
  }
}

let client: RealtimeClient | null = null;
let factory: SocketFactory | undefined;

/** The app's single realtime client. */
export function getRealtime(): RealtimeClient {
  client ??= new RealtimeClient(factory);
  return client;
}

/** Tests: use a fake socket (or reset to the browser's) and start from a fresh client. */
export function setRealtimeSocketFactory(next: SocketFactory | undefined) {
  factory = next;
  client = null;
}

/** Holds the connection while mounted and calls `onFrame` for every server frame. */
export function useRealtimeFrames(onFrame: (frame: ServerFrame) => void) {
  const handler = useRef(onFrame);
  handler.current = onFrame;
  useEffect(() => {
    const rt = getRealtime();
    const unsubscribe = rt.subscribe((frame) => handler.current(frame));
    const release = rt.retain();
    return () => {
      unsubscribe();
      release();
    };
  }, []);
}

export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (cb) => getRealtime().onStatus(cb),
    () => getRealtime().status,
    () => 'idle',
  );
}
