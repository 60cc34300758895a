/** Capabilities the notification centre needs (style habit 3). */
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import type {
  LiveNotificationEvent,
  NotificationInput,
  NotificationKind,
  NotificationPreferences,
  PushSubscriptionRecord,
  StoredNotification,
} from './model';

export interface NotificationRepository {
  /**
   * Stores a notification. A message joins its conversation's unread message notification when
   * there is one (its count grows, it moves to the top), so a chat is one item in the bell (N96).
   */
  add(input: NotificationInput): Promise<StoredNotification>;
  /** The live ones (N95), newest first, after the cursor's item. */
  list(userId: string, page: { before?: { at: number; id: string }; limit: number }): Promise<StoredNotification[]>;
  /** One live notification of the user, or null. */
  get(userId: string, id: string): Promise<StoredNotification | null>;
  unreadCount(userId: string): Promise<number>;
  /** Marks these (or all, with null) read; how many changed. */
  markRead(userId: string, ids: string[] | null, at: Date): Promise<number>;
  /** Marks the notifications of `kinds` about `subjectId` read (the chat was read, N96); how many changed. */
  markSubjectRead(userId: string, kinds: NotificationKind[], subjectId: string, at: Date): Promise<number>;
}

export interface NotificationPreferenceRepository {
  get(userId: string): Promise<NotificationPreferences>;
  save(userId: string, prefs: NotificationPreferences, at: Date): Promise<void>;
}

export interface PushSubscriptionRepository {
  /** Adds or moves the endpoint to this user (one endpoint is one browser). */
  save(sub: PushSubscriptionRecord, at: Date): Promise<void>;
  list(userId: string): Promise<PushSubscriptionRecord[]>;
  remove(userId: string, endpoint: string): Promise<void>;
  /** A push service said the endpoint is gone (404/410): dropped for whoever held it. */
  drop(endpoint: string): Promise<void>;
}

/** What a push carries to the service worker: no message text, ever (issue 19). */
export type PushPayload = { id: string; kind: NotificationKind; title: string; body: string; link: string };

export type PushOutcome = 'sent' | 'gone' | 'failed';

/** Web push (RFC 8030, 8291 and VAPID 8292): `web-push` behind it, a local twin offline. */
export interface PushSender {
  readonly enabled: boolean;
  /** The VAPID public key browsers subscribe with, or null when push is off. */
  readonly publicKey: string | null;
  /** The local twin's endpoints (http on this server) are accepted besides https ones; null otherwise. */
  readonly localEndpointPrefix: string | null;
  send(sub: PushSubscriptionRecord, payload: PushPayload): Promise<PushOutcome>;
}

export type NotificationDeps = {
  clock: Clock;
  ids: IdGenerator;
  notifications: NotificationRepository;
  preferences: NotificationPreferenceRepository;
  pushSubscriptions: PushSubscriptionRepository;
  push: PushSender;
  /** Whether the user has Gold now (D15: who liked you). */
  isGold(userId: string): Promise<boolean>;
  /** Tells the user's open tabs, on every process (the realtime bus). */
  live(userId: string, event: LiveNotificationEvent): Promise<void>;
  log(line: string): void;
};
