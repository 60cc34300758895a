/** PostgreSQL adapters for the notification centre (issue 19), the twins of the SQLite ones. */

import type { DigestRepository } from '../../../core/notifications/digest';
import type {
  NotificationInput,
  NotificationKind,
  NotificationPreferences,
  PushSubscriptionRecord,
} from '../../../core/notifications/model';
import type {
  NotificationPreferenceRepository,
  NotificationRepository,
  PushSubscriptionRepository,
} from '../../../core/notifications/ports';
import type { EndingSubscriptions } from '../../../core/notifications/subscription-ending';
import {
  type CandidateRow,
  CLAIM_DIGEST,
  DIGEST_CANDIDATES,
  type DigestItemRow,
  DROP_PUSH_SUBSCRIPTION,
  ENDING_SUBSCRIPTIONS,
  type EndingRow,
  GET_NOTIFICATION,
  GET_PREFERENCES,
  GET_STORED_NOTIFICATION,
  INSERT_NOTIFICATION,
  INSERT_NOTIFICATION_RETURNING_PG,
  JOIN_UNREAD_MESSAGE,
  LIST_NOTIFICATIONS,
  LIST_PUSH_SUBSCRIPTIONS,
  listParams,
  MARK_ALL_READ,
  MARK_READ_PG,
  markSubjectRead,
  type NotificationRow,
  type PreferenceRow,
  type PushSubscriptionRow,
  preferenceParams,
  pushParams,
  REMOVE_PUSH_SUBSCRIPTION,
  SAVE_PREFERENCES,
  SAVE_PUSH_SUBSCRIPTION,
  TOUCH,
  toCandidate,
  toDigestItem,
  toEnding,
  toNotification,
  toPreferences,
  toPushSubscription,
  UNREAD_COUNT,
  UNREAD_MESSAGE_ID,
  UNREAD_SINCE,
} from '../shared/notifications-rows';
import type { PgSql } from './sql';

export class PostgresNotificationRepository implements NotificationRepository {
  constructor(private readonly q: PgSql) {}

  async add(input: NotificationInput) {
    const params = { ...input, at: input.at.getTime() };
    if (input.kind !== 'message' || input.subjectId === null) {
      // One insert, atomic on its own, answering the stored row: one round trip (issue 18, N163).
      const [inserted] = await this.q.cached<NotificationRow>(
        'notification_insert',
        INSERT_NOTIFICATION_RETURNING_PG,
        params,
      );
      if (!inserted) throw new Error('notification insert returned no row');
      return toNotification(inserted);
    }
    const id = await this.q.transaction(async (tx) => {
      // Two messages at once join one notification, never make two (N96): the recipient's row lock serialises them.
      await tx.lockUsers(input.userId);
      if ((await tx.run(JOIN_UNREAD_MESSAGE, params)).changes > 0)
        return (await tx.get<{ id: string }>(UNREAD_MESSAGE_ID, params))?.id ?? input.id;
      await tx.run(INSERT_NOTIFICATION, params);
      return input.id;
    });
    const [row] = await this.q.cached<NotificationRow>('notification_stored', GET_STORED_NOTIFICATION, {
      me: input.userId,
      id,
    });
    if (!row) throw new Error('notification vanished after insert');
    return toNotification(row);
  }

  async list(userId: string, page: { before?: { at: number; id: string }; limit: number }) {
    return (await this.q.all<NotificationRow>(LIST_NOTIFICATIONS, listParams(userId, page))).map(toNotification);
  }

  async get(userId: string, id: string) {
    const [row] = await this.q.cached<NotificationRow>('notification_get', GET_NOTIFICATION, { me: userId, id });
    return row ? toNotification(row) : null;
  }

  async unreadCount(userId: string) {
    const [row] = await this.q.cached<{ n: number | string }>('notification_unread', UNREAD_COUNT, { me: userId });
    return Number(row?.n ?? 0);
  }

  async markRead(userId: string, ids: string[] | null, at: Date) {
    if (ids === null) return (await this.q.run(MARK_ALL_READ, { me: userId, at: at.getTime() })).changes;
    return (await this.q.run(MARK_READ_PG, { me: userId, at: at.getTime(), ids: JSON.stringify(ids) })).changes;
  }

  async markSubjectRead(userId: string, kinds: NotificationKind[], subjectId: string, at: Date) {
    return (await this.q.run(markSubjectRead(kinds), { me: userId, subjectId, at: at.getTime() })).changes;
  }
}

export class PostgresNotificationPreferenceRepository implements NotificationPreferenceRepository {
  constructor(private readonly q: PgSql) {}

  async get(userId: string) {
    return toPreferences(
      (await this.q.cached<PreferenceRow>('notification_preferences', GET_PREFERENCES, [userId]))[0],
    );
  }

  async save(userId: string, prefs: NotificationPreferences, at: Date) {
    await this.q.run(SAVE_PREFERENCES, preferenceParams(userId, prefs, at));
  }
}

export class PostgresPushSubscriptionRepository implements PushSubscriptionRepository {
  constructor(private readonly q: PgSql) {}

  async save(sub: PushSubscriptionRecord, at: Date) {
    await this.q.run(SAVE_PUSH_SUBSCRIPTION, pushParams(sub, at));
  }

  async list(userId: string) {
    return (await this.q.cached<PushSubscriptionRow>('push_subscriptions', LIST_PUSH_SUBSCRIPTIONS, [userId])).map(
      toPushSubscription,
    );
  }

  async remove(userId: string, endpoint: string) {
    await this.q.run(REMOVE_PUSH_SUBSCRIPTION, [userId, endpoint]);
  }

  async drop(endpoint: string) {
    await this.q.run(DROP_PUSH_SUBSCRIPTION, [endpoint]);
  }
}

export class PostgresDigestRepository implements DigestRepository, EndingSubscriptions {
  constructor(private readonly q: PgSql) {}

  async touch(userId: string, at: Date) {
    await this.q.run(TOUCH, [userId, at.getTime()]);
  }

  async candidates(limit: number) {
    return (await this.q.all<CandidateRow>(DIGEST_CANDIDATES, [limit])).map(toCandidate);
  }

  async ending(from: Date, until: Date) {
    const rows = await this.q.all<EndingRow>(ENDING_SUBSCRIPTIONS, { from: from.getTime(), until: until.getTime() });
    return rows.map(toEnding);
  }

  async claim(userId: string, at: Date, notBefore: Date) {
    const params = { userId, at: at.getTime(), notBefore: notBefore.getTime() };
    return (await this.q.run(CLAIM_DIGEST, params)).changes === 1;
  }

  async unreadSince(userId: string, since: Date | null) {
    const rows = await this.q.all<DigestItemRow>(UNREAD_SINCE, { me: userId, since: since?.getTime() ?? 0 });
    return rows.map(toDigestItem);
  }
}
