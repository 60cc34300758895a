/** SQLite adapters for admin grants (D27) and the admin dashboard (issue 9). */
import { eq } from 'drizzle-orm';
import type { AdminRepository, AdminUserView, AutoFlagOutcomeRow, FlagStatus } from '../../../core/moderation/admin';
import {
  type AuditRow,
  autoFlagOutcomesSql,
  type FlagRow,
  flagOrder,
  HISTORY_SQL,
  REMOVE_CONTENT_SQL,
  type ReportRow,
  setUserStatusSql,
  toAuditEntry,
  toFlag,
  toReport,
} from '../shared/admin-rows';
import { RELEASE_HELD_SQL, type ReleasedRow, touchParams } from '../shared/messaging-rows';
import type { SqliteDb } from './client';
import { adminUsers, users } from './schema';

const FLAG_SELECT = `SELECT f.*, m.content AS message, m.held,
    (SELECT coalesce(p.name, '') || char(10) || coalesce(p.bio, '') ||
       coalesce((SELECT char(10) || group_concat(pp.response, char(10) ORDER BY pp.position) FROM profile_prompts pp WHERE pp.profile_id = p.id), '')
     FROM profiles p WHERE p.id = f.content_id) AS profile_text,
    (SELECT ph.storage_key FROM photos ph WHERE ph.id = f.content_id) AS photo_key,
    (SELECT g.name || char(10) || coalesce(g.description, '') FROM groups g WHERE f.content_type = 'other' AND g.id = f.content_id) AS group_text
  FROM content_flags f LEFT JOIN messages m ON f.content_type = 'message' AND m.id = f.content_id`;

export class SqliteAdminRepository implements AdminRepository {
  constructor(private readonly db: SqliteDb) {}

  private get sql() {
    return this.db.$client;
  }

  /** Returns false when no user has that e-mail. */
  async setActive(email: string, active: boolean, at: Date): Promise<boolean> {
    const user = this.db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (!user) return false;
    this.db
      .insert(adminUsers)
      .values({ userId: user.id, isActive: active, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({ target: adminUsers.userId, set: { isActive: active, updatedAt: at } })
      .run();
    return true;
  }

  async isActiveAdmin(userId: string) {
    return !!this.sql.prepare('SELECT 1 FROM admin_users WHERE user_id = ? AND is_active = 1').get(userId);
  }

  async stats() {
    const n = (q: string) => (this.sql.prepare(q).get() as { n: number }).n;
    return {
      totalUsers: n(`SELECT count(*) AS n FROM profiles`),
      totalReports: n('SELECT count(*) AS n FROM user_reports'),
      pendingReports: n(`SELECT count(*) AS n FROM user_reports WHERE status = 'pending'`),
      pendingFlags: n(`SELECT count(*) AS n FROM content_flags WHERE status = 'pending'`),
      pendingDataRequests: n(`SELECT count(*) AS n FROM data_export_requests WHERE status = 'pending'`),
    };
  }

  async recentReports(limit: number) {
    return (
      this.sql.prepare('SELECT * FROM user_reports ORDER BY created_at DESC LIMIT ?').all(limit) as ReportRow[]
    ).map(toReport);
  }

  async report(id: string) {
    const r = this.sql.prepare('SELECT * FROM user_reports WHERE id = ?').get(id) as ReportRow | undefined;
    return r ? toReport(r) : null;
  }

  async setReportStatus(id: string, status: string) {
    return this.sql.prepare('UPDATE user_reports SET status = ? WHERE id = ?').run(status, id).changes === 1;
  }

  async flags(status: FlagStatus, limit: number) {
    return (
      this.sql
        .prepare(`${FLAG_SELECT} WHERE f.status = ? ORDER BY ${flagOrder(status)} LIMIT ?`)
        .all(status, limit) as FlagRow[]
    ).map(toFlag);
  }

  async flag(id: string) {
    const r = this.sql.prepare(`${FLAG_SELECT} WHERE f.id = ?`).get(id) as FlagRow | undefined;
    return r ? toFlag(r) : null;
  }

  async reviewFlag(
    id: string,
    decision: 'approved' | 'removed',
    adminId: string | null,
    note: string | null,
    at: Date,
  ) {
    return this.sql.transaction(() => {
      const changed =
        this.sql
          .prepare(
            `UPDATE content_flags SET status = ?, reviewed_at = ?, reviewed_by = ?, review_note = ? WHERE id = ? AND status = 'pending'`,
          )
          .run(decision, at.getTime(), adminId, note, id).changes === 1;
      if (changed && decision === 'approved') {
        // Issue 15: an approved held message reaches its recipient.
        const released = this.sql.prepare(RELEASE_HELD_SQL.release).get(id) as ReleasedRow | undefined;
        if (released) {
          this.sql.prepare(RELEASE_HELD_SQL.touch).run(...touchParams(released));
          this.sql.prepare(RELEASE_HELD_SQL.unhide).run(released.conversation_id);
        }
      }
      if (!changed || decision !== 'removed') return changed;
      // D22: removed content is hidden from everyone but admins.
      const flag = this.sql.prepare('SELECT content_type, content_id FROM content_flags WHERE id = ?').get(id) as {
        content_type: string;
        content_id: string;
      };
      for (const statement of REMOVE_CONTENT_SQL[flag.content_type] ?? [])
        this.sql.prepare(statement).run(flag.content_id);
      return true;
    })();
  }

  async removedFlagsSince(authorId: string, since: Date) {
    return (this.sql.prepare(HISTORY_SQL.removedSince).get(authorId, since.getTime()) as { n: number }).n;
  }

  async userHistory(userId: string, limit: number) {
    const reports = (q: string) => (this.sql.prepare(q).all(userId, limit) as ReportRow[]).map(toReport);
    return {
      flags: (
        this.sql
          .prepare(`${FLAG_SELECT} WHERE f.author_id = ? ORDER BY f.created_at DESC LIMIT ?`)
          .all(userId, limit) as FlagRow[]
      ).map(toFlag),
      reportsAgainst: reports(HISTORY_SQL.reportsAgainst),
      reportsBy: reports(HISTORY_SQL.reportsBy),
      decisions: (this.sql.prepare(HISTORY_SQL.decisions).all(userId, userId, userId, limit) as AuditRow[]).map(
        toAuditEntry,
      ),
    };
  }

  async searchUsers(query: string, limit: number): Promise<AdminUserView[]> {
    const like = `%${query.trim().toLowerCase().replace(/[%_]/g, '')}%`;
    const rows = this.sql
      .prepare(
        `SELECT u.id, u.email, u.status, u.created_at, p.name FROM users u LEFT JOIN profiles p ON p.id = u.id
         WHERE lower(u.email) LIKE ? OR lower(coalesce(p.name, '')) LIKE ? ORDER BY u.created_at DESC LIMIT ?`,
      )
      .all(like, like, limit) as {
      id: string;
      email: string;
      status: string;
      created_at: number;
      name: string | null;
    }[];
    return rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      status: r.status,
      createdAt: new Date(r.created_at),
    }));
  }

  async setUserStatus(userId: string, status: 'active' | 'suspended', at: Date, onlyIfActive = false) {
    return this.sql.transaction(() => {
      const changed = this.sql.prepare(setUserStatusSql(onlyIfActive)).run(status, at.getTime(), userId).changes === 1;
      // A suspension ends every session at once.
      if (changed && status === 'suspended') {
        this.sql
          .prepare('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL')
          .run(at.getTime(), userId);
      }
      return changed;
    })();
  }

  async autoFlagOutcomes(since: Date) {
    return this.sql
      .prepare(autoFlagOutcomesSql(`strftime('%Y-%m-%d', reviewed_at / 1000, 'unixepoch')`))
      .all(since.getTime()) as AutoFlagOutcomeRow[];
  }

  async dailyCounts(since: Date) {
    const perDay = (table: string, column: string) =>
      this.sql
        .prepare(
          `SELECT strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch') AS day, count(*) AS n FROM ${table}
           WHERE ${column} >= ? GROUP BY day`,
        )
        .all(since.getTime()) as { day: string; n: number }[];
    return {
      signUps: perDay('users', 'created_at'),
      matches: perDay(
        `(SELECT matched_at FROM matches WHERE status = 'matched' AND user_id < matched_user_id)`,
        'matched_at',
      ),
      messages: perDay('messages', 'created_at'),
    };
  }

  async audit(e: Parameters<AdminRepository['audit']>[0]) {
    this.sql
      .prepare(
        'INSERT INTO audit_log (id, admin_id, action, target_type, target_id, details, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(e.id, e.adminId, e.action, e.targetType, e.targetId, JSON.stringify(e.details), e.at.getTime());
  }
}
