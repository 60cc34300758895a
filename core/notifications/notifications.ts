/** The notification centre's use cases (issue 19). */
import { DomainError, validationError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import {
  categoryOf,
  type LiveNotificationEvent,
  type NotificationInput,
  type NotificationPage,
  type NotificationPreferences,
  PUSH_CATEGORIES,
} from './model';
import type { NotificationDeps, PushPayload } from './ports';
import { decodeCursor, encodeCursor, inQuietHours, isTimeZone, NOTIFICATION_PAGE, present } from './rules';

export type NewNotification = Omit<NotificationInput, 'id' | 'at' | 'messageId' | 'detail' | 'actorId' | 'subjectId'> &
  Partial<Pick<NotificationInput, 'messageId' | 'detail' | 'actorId' | 'subjectId'>>;

/**
 * Stores a notification, tells the student's open tabs and pushes it to their browsers. Nothing
 * leaves when the stored item is not live (a blocked or gone student, a removed or held message:
 * N95). Push respects the student's switches and quiet hours; the bell always has it (N98).
 */
export async function notify(deps: NotificationDeps, input: NewNotification): Promise<void> {
  const stored = await deps.notifications.add({
    actorId: null,
    subjectId: null,
    messageId: null,
    detail: null,
    ...input,
    id: deps.ids.newId(),
    at: deps.clock.now(),
  });
  await deliver(deps, input.userId, stored.id);
}

/**
 * Tells the open tabs and the browsers of a notification already stored (by `notify`, or by the
 * write that caused it, in the same transaction: a like's, N187). The tabs hear its id; each
 * listening tab reads the item and the unread count itself (`liveFrame`, N186), so nothing is read
 * here unless the student has a push subscription.
 */
export async function deliver(deps: NotificationDeps, userId: string, id: string): Promise<void> {
  await deps.live(userId, { type: 'notification.stored', id });
  if (!deps.push.enabled) return;
  const subscriptions = await deps.pushSubscriptions.list(userId);
  if (subscriptions.length === 0) return;
  const live = await deps.notifications.get(userId, id);
  if (!live) return;
  const now = deps.clock.now();
  const prefs = await deps.preferences.get(userId);
  if (!prefs.push[categoryOf(live.kind)] || inQuietHours(prefs, now)) return;
  const dto = present(live, await deps.isGold(userId));
  const payload: PushPayload = { id: dto.id, kind: dto.kind, title: dto.title, body: dto.body, link: dto.link };
  for (const sub of subscriptions) {
    const outcome = await deps.push.send(sub, payload);
    // RFC 8030 §7.3: 404 and 410 mean the subscription is gone for good.
    if (outcome === 'gone') await deps.pushSubscriptions.drop(sub.endpoint);
  }
}

/**
 * What one open tab of `userId` is sent for a stored notification: the item as they see it now and
 * their unread count, or null when the item is not live (N95: nothing leaves).
 */
export async function liveFrame(
  deps: Pick<NotificationDeps, 'notifications' | 'isGold'>,
  userId: string,
  id: string,
): Promise<LiveNotificationEvent | null> {
  const live = await deps.notifications.get(userId, id);
  if (!live) return null;
  const [gold, unread] = await Promise.all([deps.isGold(userId), deps.notifications.unreadCount(userId)]);
  return { type: 'notification.created', notification: present(live, gold), unread };
}

/** Delivery faults are logged, never thrown into the write that caused the notification. */
export async function deliverSafely(deps: NotificationDeps, userId: string, id: string): Promise<void> {
  try {
    await deliver(deps, userId, id);
  } catch (e) {
    deps.log(`[notifications] delivering ${id} to ${userId} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Never lets a notification fault undo the write that caused it: logged and dropped. */
export async function notifySafely(deps: NotificationDeps, input: NewNotification): Promise<void> {
  try {
    await notify(deps, input);
  } catch (e) {
    deps.log(`[notifications] ${input.kind} for ${input.userId} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export async function listNotifications(
  deps: Pick<NotificationDeps, 'notifications' | 'isGold'>,
  userId: string,
  query: { cursor?: string; limit?: number },
): Promise<Result<NotificationPage, DomainError>> {
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (before === null) return err(validationError([{ path: 'cursor', message: 'Invalid cursor' }]));
  const limit = Math.min(query.limit ?? NOTIFICATION_PAGE.default, NOTIFICATION_PAGE.max);
  const rows = await deps.notifications.list(userId, { before, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const gold = await deps.isGold(userId);
  const last = page.at(-1);
  return ok({
    items: page.map((n) => present(n, gold)),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  });
}

async function afterRead(deps: Pick<NotificationDeps, 'notifications' | 'live'>, userId: string, changed: number) {
  const unread = await deps.notifications.unreadCount(userId);
  if (changed > 0) await deps.live(userId, { type: 'notification.read', unread });
  return unread;
}

export async function markNotificationsRead(
  deps: Pick<NotificationDeps, 'notifications' | 'live' | 'clock'>,
  userId: string,
  ids: string[] | null,
): Promise<{ unread: number }> {
  const changed = await deps.notifications.markRead(userId, ids, deps.clock.now());
  return { unread: await afterRead(deps, userId, changed) };
}

/** The student read the chat: its match and message notifications are read too (N96). */
export async function conversationRead(
  deps: Pick<NotificationDeps, 'notifications' | 'live' | 'clock'>,
  userId: string,
  conversationId: string,
) {
  const changed = await deps.notifications.markSubjectRead(
    userId,
    ['message', 'match', 'moderation.released'],
    conversationId,
    deps.clock.now(),
  );
  await afterRead(deps, userId, changed);
}

export function preferenceErrors(p: NotificationPreferences) {
  const fields = [];
  for (const key of ['quietStart', 'quietEnd'] as const) {
    const v = p[key];
    if (!Number.isInteger(v) || v < 0 || v >= 24 * 60) fields.push({ path: key, message: 'Choose a time of day' });
  }
  if (!isTimeZone(p.timeZone)) fields.push({ path: 'timeZone', message: 'Unknown time zone' });
  for (const c of PUSH_CATEGORIES)
    if (typeof p.push[c] !== 'boolean') fields.push({ path: `push.${c}`, message: 'Must be on or off' });
  return fields;
}

export async function savePreferences(
  deps: Pick<NotificationDeps, 'preferences' | 'clock'>,
  userId: string,
  prefs: NotificationPreferences,
  /** Spends the caller's write budget (issue 14), after validation and before the write. */
  reserve: () => Promise<void>,
): Promise<Result<NotificationPreferences, DomainError>> {
  const fields = preferenceErrors(prefs);
  if (fields.length > 0) return err(validationError(fields));
  await reserve();
  await deps.preferences.save(userId, prefs, deps.clock.now());
  return ok(prefs);
}

/** The push service's endpoint must be https (RFC 8030); the local twin's is http on this server. */
export const isPushEndpoint = (endpoint: string, localPrefix: string | null) =>
  endpoint.startsWith('https://') || (localPrefix !== null && endpoint.startsWith(localPrefix));

/** RFC 8291 §3: the browser's P-256 public key (65 bytes, uncompressed: base64url "B…") and a 16-byte secret. */
const P256DH = /^B[\w-]{86}=?$/;
const AUTH_SECRET = /^[\w-]{22}(==)?$/;

export function pushSubscriptionErrors(
  input: { endpoint: string; p256dh: string; auth: string },
  localEndpointPrefix: string | null,
) {
  const fields = [];
  if (!isPushEndpoint(input.endpoint, localEndpointPrefix))
    fields.push({ path: 'endpoint', message: 'Not a push service address' });
  if (!P256DH.test(input.p256dh)) fields.push({ path: 'keys.p256dh', message: 'Not a P-256 public key' });
  if (!AUTH_SECRET.test(input.auth)) fields.push({ path: 'keys.auth', message: 'Not a 16-byte secret' });
  return fields;
}

export async function subscribePush(
  deps: Pick<NotificationDeps, 'pushSubscriptions' | 'clock' | 'ids' | 'push'>,
  userId: string,
  input: { endpoint: string; p256dh: string; auth: string },
  reserve: () => Promise<void>,
): Promise<Result<{ subscribed: true }, DomainError>> {
  if (!deps.push.enabled) return err(pushDisabled());
  const fields = pushSubscriptionErrors(input, deps.push.localEndpointPrefix);
  if (fields.length > 0) return err(validationError(fields));
  await reserve();
  await deps.pushSubscriptions.save({ id: deps.ids.newId(), userId, ...input }, deps.clock.now());
  return ok({ subscribed: true });
}

export const pushDisabled = () =>
  new DomainError('NOTIFICATIONS.PUSH_DISABLED', 'Push notifications are not available.');
