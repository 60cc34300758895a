/** Capabilities messaging needs (style habit 3). */
import type { AutoFlag } from '../moderation/auto-flag';
import type { MessageClassifier } from '../moderation/classifier';
import { type MessageWarning, warningFor } from '../moderation/warnings';
import type { LiveNotificationEvent } from '../notifications/model';
import type { TrustBadges } from '../profiles/model';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import type { GroupCallEvent } from './group-calls';
import type { GroupChatRepository } from './group-chat';

/**
 * A student's text, or a system message: issue 16's "Ask to verify" request, or a group chat's
 * line about a join, leave, removal, rename or new invite code (issue 20).
 */
export type MessageKind = 'text' | 'verification_request' | 'system';

export type Message = {
  id: string;
  kind: MessageKind;
  seq: number;
  conversationId: string;
  senderId: string;
  content: string;
  createdAt: Date;
  isRead: boolean;
  /** Its pending automatic flag (issue 15), or null: never shown as such, only as the recipient's warning. */
  flag: { reason: string; confidence: number } | null;
  /** Held back for an admin (issue 15): only its sender reads it, marked "Pending review". */
  pendingReview: boolean;
};

export type ConversationSummary = {
  id: string;
  otherUserId: string;
  lastMessageAt: Date | null;
  lastMessageText: string | null;
  unreadCount: number;
  createdAt: Date;
};

export type Relationship = { matched: boolean; blocked: boolean; otherActive: boolean };

/** A message to store: delivered unless `pendingReview` holds it back (issue 15). */
export type SendInput = Omit<Message, 'seq' | 'isRead' | 'flag' | 'pendingReview' | 'kind'> & {
  pendingReview?: boolean;
  kind?: MessageKind;
};

export interface ConversationRepository {
  /** Creates the conversation and its two participants, or returns the existing one (001 §4). */
  ensure(id: string, user1: string, user2: string, now: Date): Promise<void>;
  participants(conversationId: string): Promise<string[] | null>;
  relationship(userId: string, otherId: string): Promise<Relationship>;
  list(userId: string): Promise<ConversationSummary[]>;
  /**
   * Counts the sender's messages in the window and, if `allowed` says so, stores the message;
   * atomic. `allowed` also learns when the oldest of them was sent, for `Retry-After` (D19).
   * A message with `pendingReview` is held back: it is not the conversation's preview, and only
   * its sender reads or counts it, until an admin approves it (issue 15).
   */
  send(
    message: SendInput,
    windowStart: Date,
    allowed: (sentInWindow: number, oldestInWindow: Date | null) => boolean,
  ): Promise<Message | null>;
  /** One message that is not removed, for publishing it once an admin released it; null otherwise. */
  message(messageId: string): Promise<Message | null>;
  /** Messages the viewer may see (held ones only to their sender), oldest first: after `after` (catch-up) or before `before` (history). */
  messages(
    conversationId: string,
    viewerId: string,
    page: { after?: number; before?: number; limit: number },
  ): Promise<Message[]>;
  /** Marks the other side's messages read; the highest sequence marked, or 0. */
  markRead(conversationId: string, readerId: string): Promise<number>;
  /** Hides the conversation for this participant; erases it once both have deleted it. */
  deleteFor(conversationId: string, userId: string): Promise<void>;
}

export type ContentFlagInput = {
  id: string;
  contentType: 'message' | 'profile' | 'photo' | 'other';
  contentId: string;
  authorId: string;
  flag: AutoFlag;
  /** The sender saw "Are you sure?" and sent it anyway (issue 15): the admin reads it on the flag. */
  sentAfterWarning?: boolean;
  at: Date;
};

export interface ContentFlagRepository {
  add(flag: ContentFlagInput): Promise<void>;
  /** Stored messages, not removed, that carry no content flag yet (re-scanned by the rules, D22). */
  unflaggedMessages(): Promise<Pick<Message, 'id' | 'senderId' | 'content'>[]>;
}

export type RealtimeEvent =
  | { type: 'message.created'; message: MessageDto }
  | { type: 'messages.read'; conversationId: string; readerId: string; upToSeq: number }
  /** Its list entry changed; for a group chat (issue 20) also its members and read counts. */
  | { type: 'conversation.updated'; conversationId: string }
  | { type: 'conversation.deleted'; conversationId: string }
  /** Someone joined or left a group the recipient is (or was) in (issue 17). */
  | { type: 'group.updated'; groupId: string }
  /** `byYou`: this student's like made the match (they see the dialog); the other side gets a notice (issue 17). */
  | {
      type: 'match.created';
      conversationId: string;
      userId: string;
      byYou: boolean;
      /** A group match (issue 20): `conversationId` is the conversation with everyone in it. */
      group?: boolean;
    }
  | { type: 'call'; signal: CallSignal }
  /** A call in a group conversation (issue 20, N127). */
  | { type: 'group-call'; event: GroupCallEvent }
  /** The notification centre (issue 19): a new item with the bell's number, or a new number. */
  | LiveNotificationEvent
  /**
   * A session family ended (sign-out, refresh-token reuse), or with `null` every session of the
   * user (password reset, suspension, deletion): the user's sockets of it close (issue 14). The
   * socket layer acts on it and never forwards it to the client.
   */
  | { type: 'session.ended'; sessionFamily: string | null };

/**
 * Close codes of /api/realtime in the range kept for applications (RFC 6455 §7.4.2). On either
 * the client refreshes its session over HTTP and reconnects with the new cookie; a socket cannot
 * receive cookies while it is open (issue 14).
 */
export const REALTIME_CLOSE = { sessionEnded: 4001, sessionExpired: 4002 } as const;

export type MessageDto = {
  id: string;
  kind: MessageKind;
  seq: number;
  conversationId: string;
  senderId: string;
  content: string;
  createdAt: string;
  isRead: boolean;
  /** For the recipient of a flagged scam, phishing or off-platform message only (issue 15). */
  warning: MessageWarning | null;
  /** The sender's own message is held back for an admin (issue 15); the recipient never receives it meanwhile. */
  pendingReview: boolean;
};

export type CallSignal = {
  kind: 'offer' | 'answer' | 'ice' | 'end' | 'decline' | 'ringing-timeout';
  callId: string;
  fromUserId: string;
  media?: 'video' | 'voice';
  sdp?: string;
  candidate?: unknown;
};

/** Delivers events to a user's open connections, in this process or (issue 10) any other. */
export interface RealtimeBus {
  publish(userId: string, event: RealtimeEvent): Promise<void>;
  subscribe(userId: string, handler: (event: RealtimeEvent) => void): () => void;
}

export type MessagingDeps = {
  clock: Clock;
  ids: IdGenerator;
  conversations: ConversationRepository;
  /** Group conversations (issue 20): membership, read positions, the list. */
  groupChats: GroupChatRepository;
  flags: ContentFlagRepository;
  /** The abuse classifier (issue 15) that decides what is flagged for review. */
  moderation: MessageClassifier;
  realtime: RealtimeBus;
  /** Issue 16: whether the other student is verified already ("Ask to verify"). */
  badges: { badges(userId: string): Promise<TrustBadges> };
};

/** The message as `viewerId` sees it: the sender never learns it was flagged (issue 15). */
export const toMessageDto = (m: Message, viewerId: string): MessageDto => ({
  id: m.id,
  kind: m.kind,
  seq: m.seq,
  conversationId: m.conversationId,
  senderId: m.senderId,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  isRead: m.isRead,
  warning: warningFor(m, viewerId),
  pendingReview: m.pendingReview,
});
