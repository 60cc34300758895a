/** What the SQLite and PostgreSQL notification repositories share (N29: same representation, same SQL). */

import type { DigestCandidate, DigestItem } from '../../../core/notifications/digest';
import {
  DEFAULT_PREFERENCES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationPreferences,
  PUSH_CATEGORIES,
  type PushSubscriptionRecord,
  type StoredNotification,
} from '../../../core/notifications/model';
import { VISIBLE } from './discovery-rows';

export type NotificationRow = {
  id: string;
  user_id: string;
  kind: string;
  actor_id: string | null;
  subject_id: string | null;
  message_id: string | null;
  detail: string | null;
  count: number | string;
  read_at: number | string | null;
  created_at: number | string;
  actor_name: string | null;
};

/**
 * Live only (N95): the other student still active and unblocked either way (the deck's VISIBLE, with
 * @me the recipient), the message neither removed nor held back, and a like not yet answered (once
 * you liked back or passed, "someone liked you" is old news).
 */
export const LIVE = `(n.actor_id IS NULL OR (${VISIBLE('n.actor_id')}))
  AND (n.message_id IS NULL OR EXISTS (SELECT 1 FROM messages m WHERE m.id = n.message_id AND m.removed = 0 AND m.held = 0))
  AND (n.kind <> 'like' OR NOT EXISTS (SELECT 1 FROM matches s WHERE s.user_id = n.user_id AND s.matched_user_id = n.actor_id))`;

const COLUMNS = `n.id, n.user_id, n.kind, n.actor_id, n.subject_id, n.message_id, n.detail, n.count, n.read_at,
  n.created_at, (SELECT p.name FROM profiles p WHERE p.id = n.actor_id) AS actor_name`;

export const LIST_NOTIFICATIONS = `SELECT ${COLUMNS} FROM notifications n
  WHERE n.user_id = @me AND ${LIVE}
    AND (n.created_at < @beforeAt OR (n.created_at = @beforeAt AND n.id < @beforeId))
  ORDER BY n.created_at DESC, n.id DESC LIMIT @limit`;

/** The stored one, live or not (right after writing it). */
export const GET_STORED_NOTIFICATION = `SELECT ${COLUMNS} FROM notifications n WHERE n.user_id = @me AND n.id = @id`;
export const GET_NOTIFICATION = `${GET_STORED_NOTIFICATION} AND ${LIVE}`;

export const UNREAD_COUNT = `SELECT COUNT(*) AS n FROM notifications n WHERE n.user_id = @me AND n.read_at IS NULL AND ${LIVE}`;

export const INSERT_NOTIFICATION = `INSERT INTO notifications
  (id, user_id, kind, actor_id, subject_id, message_id, detail, count, read_at, created_at)
  VALUES (@id, @userId, @kind, @actorId, @subjectId, @messageId, @detail, 1, NULL, @at)`;

/**
 * A like's notification, written by the like's own transaction (N187): the liked student is told
 * by the liker. `@notice` is its id; on PostgreSQL it follows the swipe's check-and-write in one
 * statement (`likeNoticeAfterPg`).
 */
export const likeNoticeParams = (notice: string, likerId: string, likedId: string, at: number) => ({
  id: notice,
  userId: likedId,
  kind: 'like',
  actorId: likerId,
  subjectId: null,
  messageId: null,
  detail: null,
  at,
});

/** PostgreSQL: the like's notification, inserted only when `applied` (the CTE's check-and-write) is true. */
export const likeNoticeAfterPg = (applied: string) => `INSERT INTO notifications
  (id, user_id, kind, actor_id, subject_id, message_id, detail, count, read_at, created_at)
  SELECT @notice::text, @target::text, 'like', @me::text, NULL, NULL, NULL, 1, NULL, @now::bigint
  FROM ${applied} WHERE ${applied}.applied AND @notice::text IS NOT NULL`;

export const DELETE_NOTIFICATION = 'DELETE FROM notifications WHERE user_id = ? AND id = ?';

/** PostgreSQL: the insert answering the stored row, one statement instead of two (issue 18, N163). */
export const INSERT_NOTIFICATION_RETURNING_PG = `WITH n AS (${INSERT_NOTIFICATION} RETURNING *) SELECT ${COLUMNS} FROM n`;

/** A new message joins the conversation's unread message notification (N96): the newest message, one more. */
export const JOIN_UNREAD_MESSAGE = `UPDATE notifications SET count = count + 1, message_id = @messageId,
  created_at = @at, actor_id = @actorId
  WHERE user_id = @userId AND kind = 'message' AND subject_id = @subjectId AND read_at IS NULL`;

export const UNREAD_MESSAGE_ID = `SELECT id FROM notifications
  WHERE user_id = @userId AND kind = 'message' AND subject_id = @subjectId AND read_at IS NULL`;

export const MARK_ALL_READ = 'UPDATE notifications SET read_at = @at WHERE user_id = @me AND read_at IS NULL';
export const MARK_READ = `UPDATE notifications SET read_at = @at WHERE user_id = @me AND read_at IS NULL
  AND id IN (SELECT value FROM json_each(@ids))`;
export const MARK_READ_PG = `UPDATE notifications SET read_at = @at WHERE user_id = @me AND read_at IS NULL
  AND id IN (SELECT value FROM json_array_elements_text(@ids::json))`;
export const markSubjectRead = (kinds: NotificationKind[]) =>
  `UPDATE notifications SET read_at = @at WHERE user_id = @me AND read_at IS NULL AND subject_id = @subjectId
  AND kind IN (${kinds.map((k) => `'${NOTIFICATION_KINDS.includes(k) ? k : 'none'}'`).join(', ')})`;

const isKind = (k: string): k is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(k);

export const toNotification = (r: NotificationRow): StoredNotification => ({
  id: r.id,
  userId: r.user_id,
  kind: isKind(r.kind) ? r.kind : 'message',
  actorId: r.actor_id,
  subjectId: r.subject_id,
  messageId: r.message_id,
  detail: r.detail,
  count: Number(r.count),
  readAt: r.read_at === null ? null : new Date(Number(r.read_at)),
  createdAt: new Date(Number(r.created_at)),
  actorName: r.actor_name,
});

export const listParams = (me: string, page: { before?: { at: number; id: string }; limit: number }) => ({
  me,
  // Without a cursor, everything is before the end of time.
  beforeAt: page.before?.at ?? Number.MAX_SAFE_INTEGER,
  beforeId: page.before?.id ?? '',
  limit: page.limit,
});

export type PreferenceRow = { push: string; quiet_start: number; quiet_end: number; time_zone: string; digest: string };

export const GET_PREFERENCES =
  'SELECT push, quiet_start, quiet_end, time_zone, digest FROM notification_preferences WHERE user_id = ?';
export const SAVE_PREFERENCES = `INSERT INTO notification_preferences
  (user_id, push, quiet_start, quiet_end, time_zone, digest, updated_at)
  VALUES (@userId, @push, @quietStart, @quietEnd, @timeZone, @digest, @at)
  ON CONFLICT (user_id) DO UPDATE SET push = excluded.push, quiet_start = excluded.quiet_start,
  quiet_end = excluded.quiet_end, time_zone = excluded.time_zone, digest = excluded.digest, updated_at = excluded.updated_at`;

export function toPreferences(r: PreferenceRow | undefined): NotificationPreferences {
  if (!r) return structuredClone(DEFAULT_PREFERENCES);
  let stored: Record<string, unknown> = {};
  try {
    stored = JSON.parse(r.push) as Record<string, unknown>;
  } catch {
    // A damaged row falls back to the defaults for the switches.
  }
  const push = { ...DEFAULT_PREFERENCES.push };
  for (const c of PUSH_CATEGORIES) if (typeof stored[c] === 'boolean') push[c] = stored[c];
  const digest = r.digest === 'off' || r.digest === 'daily' ? r.digest : '6h';
  return { push, quietStart: Number(r.quiet_start), quietEnd: Number(r.quiet_end), timeZone: r.time_zone, digest };
}

export const preferenceParams = (userId: string, p: NotificationPreferences, at: Date) => ({
  userId,
  push: JSON.stringify(p.push),
  quietStart: p.quietStart,
  quietEnd: p.quietEnd,
  timeZone: p.timeZone,
  digest: p.digest,
  at: at.getTime(),
});

export const SAVE_PUSH_SUBSCRIPTION = `INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at)
  VALUES (@id, @userId, @endpoint, @p256dh, @auth, @at)
  ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
  created_at = excluded.created_at`;
export const LIST_PUSH_SUBSCRIPTIONS =
  'SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY created_at, id';
export const REMOVE_PUSH_SUBSCRIPTION = 'DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?';
export const DROP_PUSH_SUBSCRIPTION = 'DELETE FROM push_subscriptions WHERE endpoint = ?';

export type PushSubscriptionRow = { id: string; user_id: string; endpoint: string; p256dh: string; auth: string };
export const toPushSubscription = (r: PushSubscriptionRow): PushSubscriptionRecord => ({
  id: r.id,
  userId: r.user_id,
  endpoint: r.endpoint,
  p256dh: r.p256dh,
  auth: r.auth,
});

export const pushParams = (s: PushSubscriptionRecord, at: Date) => ({ ...s, at: at.getTime() });

// The digest (issue 19, N104).

export const TOUCH = `INSERT INTO notification_state (user_id, last_active_at, last_digest_at) VALUES (?, ?, NULL)
  ON CONFLICT (user_id) DO UPDATE SET last_active_at = excluded.last_active_at`;

/** LIVE for every recipient at once: the recipient is the row's own user. */
const LIVE_FOR_ROW = LIVE.replaceAll('@me', 'n.user_id');

/** Unread, live message and match items after the last digest: what a digest is about. */
const DIGESTIBLE = `n.read_at IS NULL AND n.kind IN ('message', 'match') AND ${LIVE_FOR_ROW}`;

export const DIGEST_CANDIDATES = `SELECT u.id AS user_id, u.email, COALESCE(p.digest, '6h') AS digest,
    s.last_active_at, s.last_digest_at
  FROM users u
  LEFT JOIN notification_preferences p ON p.user_id = u.id
  LEFT JOIN notification_state s ON s.user_id = u.id
  WHERE u.status = 'active' AND COALESCE(p.digest, '6h') <> 'off'
    AND EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = u.id AND ${DIGESTIBLE}
      AND n.created_at > COALESCE(s.last_digest_at, 0))
  ORDER BY u.id LIMIT ?`;

/**
 * One statement that either takes the digest or changes nothing: the insert for a first digest, or
 * the update only while the last one is older than @notBefore. Two runs at once: one wins (N104).
 */
export const CLAIM_DIGEST = `INSERT INTO notification_state (user_id, last_active_at, last_digest_at) VALUES (@userId, NULL, @at)
  ON CONFLICT (user_id) DO UPDATE SET last_digest_at = excluded.last_digest_at
  WHERE notification_state.last_digest_at IS NULL OR notification_state.last_digest_at <= @notBefore`;

export const UNREAD_SINCE = `SELECT n.kind, n.count, (SELECT p.name FROM profiles p WHERE p.id = n.actor_id) AS actor_name
  FROM notifications n WHERE n.user_id = @me AND ${DIGESTIBLE} AND n.created_at > @since
  ORDER BY n.created_at DESC, n.id DESC LIMIT 50`;

export type CandidateRow = {
  user_id: string;
  email: string;
  digest: string;
  last_active_at: number | string | null;
  last_digest_at: number | string | null;
};
const time = (v: number | string | null) => (v === null ? null : new Date(Number(v)));
export const toCandidate = (r: CandidateRow): DigestCandidate => ({
  userId: r.user_id,
  email: r.email,
  digest: r.digest === 'daily' ? 'daily' : '6h',
  lastActiveAt: time(r.last_active_at),
  lastDigestAt: time(r.last_digest_at),
});
export type DigestItemRow = { kind: string; count: number | string; actor_name: string | null };
export const toDigestItem = (r: DigestItemRow): DigestItem => ({
  kind: r.kind === 'match' ? 'match' : 'message',
  count: Number(r.count),
  actorName: r.actor_name,
});

/** Gold that will not renew and ends in the window (issue 19's "Gold ends in 3 days"), active accounts. */
export const ENDING_SUBSCRIPTIONS = `SELECT s.user_id, s.subscription_end FROM subscriptions s
  JOIN users u ON u.id = s.user_id AND u.status = 'active'
  WHERE s.is_premium = 1 AND s.cancelled = 1 AND s.subscription_end > @from AND s.subscription_end <= @until
  ORDER BY s.subscription_end, s.user_id`;

export type EndingRow = { user_id: string; subscription_end: number | string };
export const toEnding = (r: EndingRow) => ({
  userId: r.user_id,
  endsAt: new Date(Number(r.subscription_end)),
});
