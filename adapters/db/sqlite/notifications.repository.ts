/** SQLite adapters for the notification centre, its preferences and push subscriptions (issue 19). */

import type { Statement } from 'better-sqlite3';
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
  JOIN_UNREAD_MESSAGE,
  LIST_NOTIFICATIONS,
  LIST_PUSH_SUBSCRIPTIONS,
  listParams,
  MARK_ALL_READ,
  MARK_READ,
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
import { type SqliteDb, statementCache } from './client';

export class SqliteNotificationRepository implements NotificationRepository {
  /** Compiled once: a like and a message each store and read a notification (issue 18). */
  private readonly statement: (query: string) => Statement;

  constructor(private readonly db: SqliteDb) {
    this.statement = statementCache(db.$client);
  }

  private get sql() {
    return this.db.$client;
  }

  async add(input: NotificationInput) {
    const params = { ...input, at: input.at.getTime() };
    const joinsMessage = input.kind === 'message' && input.subjectId !== null;
    // One IMMEDIATE transaction: two messages at once join one notification, never make two (N96).
    // Any other kind is one insert, atomic on its own (N163).
    let id = input.id;
    if (joinsMessage) {
      id = this.sql
        .transaction(() => {
          if (this.statement(JOIN_UNREAD_MESSAGE).run(params).changes > 0)
            return (this.statement(UNREAD_MESSAGE_ID).get(params) as { id: string }).id;
          this.statement(INSERT_NOTIFICATION).run(params);
          return input.id;
        })
        .immediate();
    } else this.statement(INSERT_NOTIFICATION).run(params);
    return toNotification(this.statement(GET_STORED_NOTIFICATION).get({ me: input.userId, id }) as NotificationRow);
  }

  async list(userId: string, page: { before?: { at: number; id: string }; limit: number }) {
    return (this.sql.prepare(LIST_NOTIFICATIONS).all(listParams(userId, page)) as NotificationRow[]).map(
      toNotification,
    );
  }

  async get(userId: string, id: string) {
    const row = this.statement(GET_NOTIFICATION).get({ me: userId, id }) as NotificationRow | undefined;
    return row ? toNotification(row) : null;
  }

  async unreadCount(userId: string) {
    return Number((this.statement(UNREAD_COUNT).get({ me: userId }) as { n: number }).n);
  }

  async markRead(userId: string, ids: string[] | null, at: Date) {
    const params = { me: userId, at: at.getTime(), ids: JSON.stringify(ids ?? []) };
    return this.sql
      .prepare(ids === null ? MARK_ALL_READ : MARK_READ)
      .run(ids === null ? { me: userId, at: params.at } : params).changes;
  }

  async markSubjectRead(userId: string, kinds: NotificationKind[], subjectId: string, at: Date) {
    return this.sql.prepare(markSubjectRead(kinds)).run({ me: userId, subjectId, at: at.getTime() }).changes;
  }
}

export class SqliteNotificationPreferenceRepository implements NotificationPreferenceRepository {
  private readonly statement: (query: string) => Statement;

  constructor(private readonly db: SqliteDb) {
    this.statement = statementCache(db.$client);
  }

  async get(userId: string) {
    return toPreferences(this.statement(GET_PREFERENCES).get(userId) as PreferenceRow | undefined);
  }

  async save(userId: string, prefs: NotificationPreferences, at: Date) {
    this.db.$client.prepare(SAVE_PREFERENCES).run(preferenceParams(userId, prefs, at));
  }
}

export class SqlitePushSubscriptionRepository implements PushSubscriptionRepository {
  private readonly statement: (query: string) => Statement;

  constructor(private readonly db: SqliteDb) {
    this.statement = statementCache(db.$client);
  }

  async save(sub: PushSubscriptionRecord, at: Date) {
    this.db.$client.prepare(SAVE_PUSH_SUBSCRIPTION).run(pushParams(sub, at));
  }

  async list(userId: string) {
    return (this.statement(LIST_PUSH_SUBSCRIPTIONS).all(userId) as PushSubscriptionRow[]).map(toPushSubscription);
  }

  async remove(userId: string, endpoint: string) {
    this.db.$client.prepare(REMOVE_PUSH_SUBSCRIPTION).run(userId, endpoint);
  }

  async drop(endpoint: string) {
    this.db.$client.prepare(DROP_PUSH_SUBSCRIPTION).run(endpoint);
  }
}

export class SqliteDigestRepository implements DigestRepository, EndingSubscriptions {
  constructor(private readonly db: SqliteDb) {}

  async touch(userId: string, at: Date) {
    this.db.$client.prepare(TOUCH).run(userId, at.getTime());
  }

  async candidates(limit: number) {
    return (this.db.$client.prepare(DIGEST_CANDIDATES).all(limit) as CandidateRow[]).map(toCandidate);
  }

  async ending(from: Date, until: Date) {
    const rows = this.db.$client
      .prepare(ENDING_SUBSCRIPTIONS)
      .all({ from: from.getTime(), until: until.getTime() }) as EndingRow[];
    return rows.map(toEnding);
  }

  async claim(userId: string, at: Date, notBefore: Date) {
    const params = { userId, at: at.getTime(), notBefore: notBefore.getTime() };
    return this.db.$client.prepare(CLAIM_DIGEST).run(params).changes === 1;
  }

  async unreadSince(userId: string, since: Date | null) {
    const rows = this.db.$client.prepare(UNREAD_SINCE).all({ me: userId, since: since?.getTime() ?? 0 });
    return (rows as DigestItemRow[]).map(toDigestItem);
  }
}
