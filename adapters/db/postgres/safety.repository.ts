/** PostgreSQL adapters for safety, feedback and privacy (issue 8). */
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
import type { PgSql } from './sql';

export class PostgresSafetyRepository implements SafetyRepository {
  constructor(private readonly q: PgSql) {}

  async userExists(userId: string) {
    return !!(await this.q.get(`SELECT 1 FROM users WHERE id = ? AND status != 'deleted'`, [userId]));
  }

  async block(b: { id: string; blockerId: string; blockedUserId: string; reason: string | null; at: Date }) {
    await this.q.run(
      'INSERT INTO blocked_users (id, blocker_id, blocked_user_id, reason, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
      [b.id, b.blockerId, b.blockedUserId, b.reason, b.at.getTime()],
    );
  }

  async blocks(blockerId: string): Promise<BlockedUser[]> {
    const rows = (await this.q.all(
      `SELECT b.id, b.blocked_user_id, b.created_at, coalesce(p.name, 'Unknown User') AS name
         FROM blocked_users b LEFT JOIN profiles p ON p.id = b.blocked_user_id
         WHERE b.blocker_id = ? ORDER BY b.created_at DESC`,
      [blockerId],
    )) as {
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
      (await this.q.run('DELETE FROM blocked_users WHERE id = ? AND blocker_id = ?', [blockId, blockerId])).changes ===
      1
    );
  }

  async report(r: Parameters<SafetyRepository['report']>[0]) {
    return this.q.transaction(async (tx) => {
      // READ COMMITTED would let two duplicates both see "none open": serialise on the pair (N31).
      await tx.lockKey(`report:${r.reporterId}:${r.reportedUserId}`);
      return (await tx.run(INSERT_REPORT_UNLESS_OPEN, reportParams(r))).changes === 1;
    });
  }

  async contacts(userId: string) {
    return (
      (await this.q.all('SELECT * FROM emergency_contacts WHERE user_id = ? ORDER BY is_primary DESC, created_at ASC', [
        userId,
      ])) as ContactRow[]
    ).map(toContact);
  }

  async addContact(userId: string, c: Omit<Contact, 'isPrimary'>) {
    return this.q.transaction(async (tx) => {
      // The user's row lock: two contacts added at once must not both become primary.
      await tx.lockUsers(userId);
      const first = !(await tx.get('SELECT 1 FROM emergency_contacts WHERE user_id = ?', [userId]));
      await tx.run(
        `INSERT INTO emergency_contacts (id, user_id, name, phone, relationship, is_primary, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [c.id, userId, c.name, c.phone, c.relationship, first ? 1 : 0, c.createdAt.getTime(), c.updatedAt.getTime()],
      );
      return { ...c, isPrimary: first };
    });
  }

  async updateContact(userId: string, id: string, c: ContactInput, at: Date) {
    return (
      (
        await this.q.run(
          'UPDATE emergency_contacts SET name = ?, phone = ?, relationship = ?, updated_at = ? WHERE id = ? AND user_id = ?',
          [c.name, c.phone, c.relationship, at.getTime(), id, userId],
        )
      ).changes === 1
    );
  }

  async deleteContact(userId: string, id: string) {
    return this.q.transaction(async (tx) => {
      await tx.lockUsers(userId);
      const removed =
        (await tx.run('DELETE FROM emergency_contacts WHERE id = ? AND user_id = ?', [id, userId])).changes === 1;
      // Keep one primary while contacts remain: the oldest takes over.
      if (
        removed &&
        !(await tx.get('SELECT 1 FROM emergency_contacts WHERE user_id = ? AND is_primary = 1', [userId]))
      ) {
        await tx.run(
          `UPDATE emergency_contacts SET is_primary = 1 WHERE id = (SELECT id FROM emergency_contacts WHERE user_id = ? ORDER BY created_at LIMIT 1)`,
          [userId],
        );
      }
      return removed;
    });
  }

  async setPrimary(userId: string, id: string, at: Date) {
    return this.q.transaction(async (tx) => {
      await tx.lockUsers(userId);
      if (!(await tx.get('SELECT 1 FROM emergency_contacts WHERE id = ? AND user_id = ?', [id, userId]))) return false;
      await tx.run('UPDATE emergency_contacts SET is_primary = 0, updated_at = ? WHERE user_id = ?', [
        at.getTime(),
        userId,
      ]);
      await tx.run('UPDATE emergency_contacts SET is_primary = 1 WHERE id = ?', [id]);
      return true;
    });
  }

  async addIncident(i: Parameters<SafetyRepository['addIncident']>[0]) {
    const x = i.input;
    await this.q.run(
      `INSERT INTO security_incidents (id, reporter_id, incident_type, severity_level, subject, description, contact_email,
           affected_users_count, time_discovered, steps_taken, status, priority, acknowledge_by, respond_by, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'reported', ?, ?, ?, ?)`,
      [
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
      ],
    );
  }
}

export class PostgresFeedbackRepository implements FeedbackRepository {
  constructor(private readonly q: PgSql) {}

  async add(r: Parameters<FeedbackRepository['add']>[0]) {
    await this.q.run(
      `INSERT INTO feature_requests (id, user_id, title, description, category, priority, status, created_at)
         VALUES (?, ?, ?, ?, ?, ?, 'submitted', ?)`,
      [r.id, r.userId, r.title, r.description, r.category, r.priority, r.at.getTime()],
    );
  }

  async popular(limit: number, viewer: { userId: string; day: string }): Promise<PopularRequest[]> {
    return ((await this.q.all(POPULAR_SQL, [viewer.userId, viewer.day, limit])) as PopularRow[]).map(toPopular);
  }

  async exists(id: string) {
    return !!(await this.q.get('SELECT 1 FROM feature_requests WHERE id = ?', [id]));
  }

  async vote(requestId: string, userId: string, day: string, at: Date) {
    return (
      (
        await this.q.run(
          'INSERT INTO feature_votes (request_id, user_id, day, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
          [requestId, userId, day, at.getTime()],
        )
      ).changes === 1
    );
  }
}

const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'archive']);

export class PostgresPrivacyRepository implements PrivacyRepository {
  constructor(private readonly q: PgSql) {}

  async create(r: DataRequest) {
    await this.q.run(
      `INSERT INTO data_export_requests (id, user_id, request_type, status, created_at) VALUES (?, ?, ?, 'pending', ?)`,
      [r.id, r.userId, r.requestType, r.createdAt.getTime()],
    );
  }

  async list(userId: string) {
    return (
      (await this.q.all(
        'SELECT id, user_id, request_type, status, created_at, completed_at, expires_at FROM data_export_requests WHERE user_id = ? ORDER BY created_at DESC',
        [userId],
      )) as RequestRow[]
    ).map(toRequest);
  }

  async pending() {
    return (
      (await this.q.all(
        `SELECT id, user_id, request_type, status, created_at, completed_at, expires_at FROM data_export_requests WHERE status = 'pending' ORDER BY created_at`,
      )) as RequestRow[]
    ).map(toRequest);
  }

  async collect(userId: string) {
    const out: Record<string, unknown> = {};
    for (const [table, column] of USER_TABLES) {
      const rows = (await this.q.all(`SELECT * FROM ${table} WHERE ${column} = ?`, [userId])) as Record<
        string,
        unknown
      >[];
      out[table] = rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !SECRET_COLUMNS.has(k))));
    }
    out.messages = await this.q.all(EXPORT_MESSAGES_SQL, [userId]);
    return out;
  }

  async complete(id: string, archive: string | null, at: Date, expiresAt: Date | null) {
    await this.q.run(
      `UPDATE data_export_requests SET status = 'completed', archive = ?, completed_at = ?, expires_at = ? WHERE id = ?`,
      [archive, at.getTime(), expiresAt?.getTime() ?? null, id],
    );
  }

  async archive(id: string) {
    const r = (await this.q.get('SELECT user_id, archive, expires_at FROM data_export_requests WHERE id = ?', [id])) as
      | { user_id: string; archive: string | null; expires_at: number | null }
      | undefined;
    return r
      ? { userId: r.user_id, archive: r.archive, expiresAt: r.expires_at === null ? null : new Date(r.expires_at) }
      : null;
  }

  async hideAccount(userId: string, at: Date) {
    await this.q.transaction(async (tx) => {
      await tx.run(`UPDATE users SET status = 'deleted', updated_at = ? WHERE id = ?`, [at.getTime(), userId]);
      await tx.run('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [
        at.getTime(),
        userId,
      ]);
    });
  }

  async eraseAccount(userId: string) {
    // Foreign keys cascade from users; the payments ledger has none, so it stays (D25: 7 years).
    await this.q.run('DELETE FROM users WHERE id = ?', [userId]);
  }
}
