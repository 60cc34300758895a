/**
 * The notification centre (issue 19): what a student is told about, in-app and by web push. Only
 * live, relevant things: the repository's reads leave out a notification whose other student is
 * blocked (either way), suspended or gone, or whose message was removed or is held back (N95).
 */

export const NOTIFICATION_KINDS = [
  'match',
  'message',
  'like',
  'group.joined',
  'group.left',
  'group.code',
  'verification.approved',
  'verification.rejected',
  'moderation.released',
  'subscription.renewed',
  'subscription.ending',
  'subscription.payment_failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The switches in Settings (issue 19): each kind belongs to one. */
export const PUSH_CATEGORIES = ['matches', 'messages', 'likes', 'groups', 'account'] as const;
export type PushCategory = (typeof PUSH_CATEGORIES)[number];

export const categoryOf = (kind: NotificationKind): PushCategory => {
  if (kind === 'match') return 'matches';
  if (kind === 'message') return 'messages';
  if (kind === 'like') return 'likes';
  if (kind.startsWith('group.')) return 'groups';
  return 'account';
};

/** A notification to store: `actorId` is the other student, `subjectId` the place it is about. */
export type NotificationInput = {
  id: string;
  userId: string;
  kind: NotificationKind;
  actorId: string | null;
  /** Conversation, group or verification id; the link is built from it. */
  subjectId: string | null;
  /** The message it announces (kind 'message'): hidden again if the message is removed or held. */
  messageId: string | null;
  /** A few words the text needs (a group's name), never message content. */
  detail: string | null;
  at: Date;
};

export type StoredNotification = Omit<NotificationInput, 'at'> & {
  createdAt: Date;
  readAt: Date | null;
  /** Unread messages it stands for (one unread notification per conversation, N96). */
  count: number;
  /** The other student's first name, read live (a renamed or hidden profile never shows stale). */
  actorName: string | null;
};

/** What a student sees: text built on the server, and where the item leads. */
export type NotificationDto = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string;
  createdAt: string;
  read: boolean;
  /** The other student, when the viewer may know who it is (never for a free user's like, D15). */
  actor: { id: string; name: string } | null;
};

export type NotificationPage = { items: NotificationDto[]; nextCursor: string | null };

export type NotificationPreferences = {
  push: Record<PushCategory, boolean>;
  /** Minutes after local midnight; start = end means no quiet hours. */
  quietStart: number;
  quietEnd: number;
  /** IANA time zone the quiet hours are read in (the browser's, saved with the settings). */
  timeZone: string;
  /** E-mail digest for the away (issue 19): off, after 6 hours away, or once a day. */
  digest: 'off' | '6h' | 'daily';
};

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  push: { matches: true, messages: true, likes: true, groups: true, account: true },
  quietStart: 23 * 60,
  quietEnd: 8 * 60,
  timeZone: 'America/New_York',
  digest: '6h',
};

export type PushSubscriptionRecord = {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * What the open tabs hear over the realtime bus. A notification is published as `notification.stored`
 * (its id only) and each listening tab's subscription turns it into `notification.created` with the
 * item as that student sees it and their unread count, read then (N186): a student with no open tab
 * costs the writer nothing. `notification.stored` never reaches a browser.
 */
export type LiveNotificationEvent =
  | { type: 'notification.stored'; id: string }
  | { type: 'notification.created'; notification: NotificationDto; unread: number }
  | { type: 'notification.read'; unread: number };
