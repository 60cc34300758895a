/** SQLite adapters for safety, feedback and privacy (issue 8). */
import type { FeedbackRepository, PopularRequest } from '../../../core/feedback/feature-requests';
import type { DataRequest, PrivacyRepository } from '../../../core/privacy/data-requests';
import type { ContactInput } from '../../../core/safety/rules';
import type { BlockedUser, Contact, SafetyRepository } from '../../../core/safety/safety';
import {
  type ContactRow,
  EXPORT_MESSAGES_SQL,
  INSERT_REPORT_UNLESS_OPEN,
  POPULAR_SQL,
  type PopularRow,
  type RequestRow,
  reportParams,
  toContact,
  toPopular,
  toRequest,
  USER_TABLES,
} from '../shared/safety-rows';
import type { SqliteDb } from './client';

export class SqliteSafetyRepository implements SafetyRepository {
  constructor(private readonly db: SqliteDb) {}

  private get sql() {
    return this.db.$client;
  }

  async userExists(userId: string) {
    return !!this.sql.prepare(`SELECT 1 FROM users WHERE id = ? AND status != 'deleted'`).get(userId);
  }

  async block(b: { id: string; blockerId: string; blockedUserId: string; reason: string | null; at: Date }) {
    this.sql
      .prepare(
        'INSERT OR IGNORE INTO blocked_users (id, blocker_id, blocked_user_id, reason, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(b.id, b.blockerId, b.blockedUserId, b.reason, b.at.getTime());
  }

  async blocks(blockerId: string): Promise<BlockedUser[]> {
    const rows = this.sql
      .prepare(
        `SELECT b.id, b.blocked_user_id, b.created_at, coalesce(p.name, 'Unknown User') AS name
         FROM blocked_users b LEFT JOIN profiles p ON p.id = b.blocked_user_id
         WHERE b.blocker_id = ? ORDER BY b.created_at DESC`,
      )
      .all(blockerId) as {
      id: string;
      blocked_user_id: string;
      created_at: number;
      name: string;
    }[];
    return rows.map((r) => ({
      id: r.id,
      blockedUserId: r.blocked_user_id,
      name: r.name,
      // By name only: a block hides the photo bytes from both sides (issue 14), so no link to them.
      profilePhotoUrl: null,
      createdAt: new Date(r.created_at),
    }));
  }

  async unblock(blockerId: string, blockId: string) {
    return (
      this.sql.prepare('DELETE FROM blocked_users WHERE id = ? AND blocker_id = ?').run(blockId, blockerId).changes ===
      1
    );
  }

  async report(r: Parameters<SafetyRepository['report']>[0]) {
    // One statement: SQLite runs it under its write lock, so two duplicates cannot both insert.
    return this.sql.prepare(INSERT_REPORT_UNLESS_OPEN).run(reportParams(r)).changes === 1;
  }

  async contacts(userId: string) {
    return (
      this.sql
        .prepare('SELECT * FROM emergency_contacts WHERE user_id = ? ORDER BY is_primary DESC, created_at ASC')
        .all(userId) as ContactRow[]
    ).map(toContact);
  }

  async addContact(userId: string, c: Omit<Contact, 'isPrimary'>) {
    return this.sql.transaction(() => {
      const first = !this.sql.prepare('SELECT 1 FROM emergency_contacts WHERE user_id = ?').get(userId);
      this.sql
        .prepare(
          `INSERT INTO emergency_contacts (id, user_id, name, phone, relationship, is_primary, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          c.id,
          userId,
          c.name,
          c.phone,
          c.relationship,
          first ? 1 : 0,
          c.createdAt.getTime(),
          c.updatedAt.getTime(),
        );
      return { ...c, isPrimary: first };
    })();
  }

  async updateContact(userId: string, id: string, c: ContactInput, at: Date) {
    return (
      this.sql
        .prepare(
          'UPDATE emergency_contacts SET name = ?, phone = ?, relationship = ?, updated_at = ? WHERE id = ? AND user_id = ?',
        )
        .run(c.name, c.phone, c.relationship, at.getTime(), id, userId).changes === 1
    );
  }

  async deleteContact(userId: string, id: string) {
    return this.sql.transaction(() => {
      const removed =
        this.sql.prepare('DELETE FROM emergency_contacts WHERE id = ? AND user_id = ?').run(id, userId).changes === 1;
      // Keep one primary while contacts remain: the oldest takes over.
      if (
        removed &&
        !this.sql.prepare('SELECT 1 FROM emergency_contacts WHERE user_id = ? AND is_primary = 1').get(userId)
      ) {
        this.sql
          .prepare(
            `UPDATE emergency_contacts SET is_primary = 1 WHERE id = (SELECT id FROM emergency_contacts WHERE user_id = ? ORDER BY created_at LIMIT 1)`,
          )
          .run(userId);
      }
      return removed;
    })();
  }

  async setPrimary(userId: string, id: string, at: Date) {
    return this.sql.transaction(() => {
      if (!this.sql.prepare('SELECT 1 FROM emergency_contacts WHERE id = ? AND user_id = ?').get(id, userId))
        return false;
      this.sql
        .prepare('UPDATE emergency_contacts SET is_primary = 0, updated_at = ? WHERE user_id = ?')
        .run(at.getTime(), userId);
      this.sql.prepare('UPDATE emergency_contacts SET is_primary = 1 WHERE id = ?').run(id);
      return true;
    })();
  }

  async addIncident(i: Parameters<SafetyRepository['addIncident']>[0]) {
    const x = i.input;
    this.sql
      .prepare(
        `INSERT INTO security_incidents (id, reporter_id, incident_type, severity_level, subject, description, contact_email,
           affected_users_count, time_discovered, steps_taken, status, priority, acknowledge_by, respond_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'reported', ?, ?, ?, ?)`,
      )
      .run(
        i.id,
        i.reporterId,
        x.incident_type,
        x.severity_level,
        x.subject,
        x.description,
        x.contact_email,
        x.affected_users_count,
        x.time_discovered,
        x.steps_taken,
        i.priority,
        i.acknowledgeBy.getTime(),
        i.respondBy.getTime(),
        i.at.getTime(),
      );
  }
}

export class SqliteFeedbackRepository implements FeedbackRepository {
  constructor(private readonly db: SqliteDb) {}

  async add(r: Parameters<FeedbackRepository['add']>[0]) {
    this.db.$client
      .prepare(
        `INSERT INTO feature_requests (id, user_id, title, description, category, priority, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'submitted', ?)`,
      )
      .run(r.id, r.userId, r.title, r.description, r.category, r.priority, r.at.getTime());
  }

  async popular(limit: number, viewer: { userId: string; day: string }): Promise<PopularRequest[]> {
    return (this.db.$client.prepare(POPULAR_SQL).all(viewer.userId, viewer.day, limit) as PopularRow[]).map(toPopular);
  }

  async exists(id: string) {
    return !!this.db.$client.prepare('SELECT 1 FROM feature_requests WHERE id = ?').get(id);
  }

  async vote(requestId: string, userId: string, day: string, at: Date) {
    return (
      this.db.$client
        .prepare('INSERT OR IGNORE INTO feature_votes (request_id, user_id, day, created_at) VALUES (?, ?, ?, ?)')
        .run(requestId, userId, day, at.getTime()).changes === 1
    );
  }
}

const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'archive']);

export class SqlitePrivacyRepository implements PrivacyRepository {
  constructor(private readonly db: SqliteDb) {}

  private get sql() {
    return this.db.$client;
  }

  async create(r: DataRequest) {
    this.sql
      .prepare(
        `INSERT INTO data_export_requests (id, user_id, request_type, status, created_at) VALUES (?, ?, ?, 'pending', ?)`,
      )
      .run(r.id, r.userId, r.requestType, r.createdAt.getTime());
  }

  async list(userId: string) {
    return (
      this.sql
        .prepare(
          'SELECT id, user_id, request_type, status, created_at, completed_at, expires_at FROM data_export_requests WHERE user_id = ? ORDER BY created_at DESC',
        )
        .all(userId) as RequestRow[]
    ).map(toRequest);
  }

  async pending() {
    return (
      this.sql
        .prepare(
          `SELECT id, user_id, request_type, status, created_at, completed_at, expires_at FROM data_export_requests WHERE status = 'pending' ORDER BY created_at`,
        )
        .all() as RequestRow[]
    ).map(toRequest);
  }

  async collect(userId: string) {
    const out: Record<string, unknown> = {};
    for (const [table, column] of USER_TABLES) {
      const rows = this.sql.prepare(`SELECT * FROM ${table} WHERE ${column} = ?`).all(userId) as Record<
        string,
        unknown
      >[];
      out[table] = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !SECRET_COLUMNS.has(k))));
    }
    out.messages = this.sql.prepare(EXPORT_MESSAGES_SQL).all(userId);
    return out;
  }

  async complete(id: string, archive: string | null, at: Date, expiresAt: Date | null) {
    this.sql
      .prepare(
        `UPDATE data_export_requests SET status = 'completed', archive = ?, completed_at = ?, expires_at = ? WHERE id = ?`,
      )
      .run(archive, at.getTime(), expiresAt?.getTime() ?? null, id);
  }

  async archive(id: string) {
    const r = this.sql.prepare('SELECT user_id, archive, expires_at FROM data_export_requests WHERE id = ?').get(id) as
      | { user_id: string; archive: string | null; expires_at: number | null }
      | undefined;
    return r
      ? { userId: r.user_id, archive: r.archive, expiresAt: r.expires_at === null ? null : new Date(r.expires_at) }
      : null;
  }

  async hideAccount(userId: string, at: Date) {
    this.sql.transaction(() => {
      this.sql.prepare(`UPDATE users SET status = 'deleted', updated_at = ? WHERE id = ?`).run(at.getTime(), userId);
      this.sql
        .prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL')
        .run(at.getTime(), userId);
    })();
  }

  async eraseAccount(userId: string) {
    // Foreign keys cascade from users; the payments ledger has none, so it stays (D25: 7 years).
    this.sql.prepare('DELETE FROM users WHERE id = ?').run(userId);
  }
}
