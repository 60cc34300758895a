/** PostgreSQL adapters for admin grants (D27) and the admin dashboard (issue 9). */
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
import type { PgSql } from './sql';

const FLAG_SELECT = `SELECT f.*, m.content AS message, m.held,
    (SELECT coalesce(p.name, '') || chr(10) || coalesce(p.bio, '') ||
       coalesce((SELECT chr(10) || string_agg(pp.response, chr(10) ORDER BY pp.position) FROM profile_prompts pp WHERE pp.profile_id = p.id), '')
     FROM profiles p WHERE p.id = f.content_id) AS profile_text,
    (SELECT ph.storage_key FROM photos ph WHERE ph.id = f.content_id) AS photo_key,
    (SELECT g.name || chr(10) || coalesce(g.description, '') FROM groups g WHERE f.content_type = 'other' AND g.id = f.content_id) AS group_text
  FROM content_flags f LEFT JOIN messages m ON f.content_type = 'message' AND m.id = f.content_id`;

export class PostgresAdminRepository implements AdminRepository {
  constructor(private readonly q: PgSql) {}

  /** Returns false when no user has that e-mail. */
  async setActive(email: string, active: boolean, at: Date): Promise<boolean> {
    const user = await this.q.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]);
    if (!user) return false;
    const now = at.getTime();
    await this.q.run(
      `INSERT INTO admin_users (user_id, is_active, created_at, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET is_active = excluded.is_active, updated_at = excluded.updated_at`,
      [user.id, active ? 1 : 0, now, now],
    );
    return true;
  }

  async isActiveAdmin(userId: string) {
    return !!(await this.q.get('SELECT 1 FROM admin_users WHERE user_id = ? AND is_active = 1', [userId]));
  }

  async stats() {
    const n = async (q: string) => ((await this.q.get(q)) as { n: number }).n;
    return {
      totalUsers: await n(`SELECT count(*) AS n FROM profiles`),
      totalReports: await n('SELECT count(*) AS n FROM user_reports'),
      pendingReports: await n(`SELECT count(*) AS n FROM user_reports WHERE status = 'pending'`),
      pendingFlags: await n(`SELECT count(*) AS n FROM content_flags WHERE status = 'pending'`),
      pendingDataRequests: await n(`SELECT count(*) AS n FROM data_export_requests WHERE status = 'pending'`),
    };
  }

  async recentReports(limit: number) {
    return (
      (await this.q.all('SELECT * FROM user_reports ORDER BY created_at DESC LIMIT ?', [limit])) as ReportRow[]
    ).map(toReport);
  }

  async report(id: string) {
    const r = (await this.q.get('SELECT * FROM user_reports WHERE id = ?', [id])) as ReportRow | undefined;
    return r ? toReport(r) : null;
  }

  async setReportStatus(id: string, status: string) {
    return (await this.q.run('UPDATE user_reports SET status = ? WHERE id = ?', [status, id])).changes === 1;
  }

  async flags(status: FlagStatus, limit: number) {
    return (
      (await this.q.all(`${FLAG_SELECT} WHERE f.status = ? ORDER BY ${flagOrder(status)} LIMIT ?`, [
        status,
        limit,
      ])) as FlagRow[]
    ).map(toFlag);
  }

  async flag(id: string) {
    const r = (await this.q.get(`${FLAG_SELECT} WHERE f.id = ?`, [id])) as FlagRow | undefined;
    return r ? toFlag(r) : null;
  }

  async reviewFlag(
    id: string,
    decision: 'approved' | 'removed',
    adminId: string | null,
    note: string | null,
    at: Date,
  ) {
    return this.q.transaction(async (tx) => {
      const changed =
        (
          await tx.run(
            `UPDATE content_flags SET status = ?, reviewed_at = ?, reviewed_by = ?, review_note = ? WHERE id = ? AND status = 'pending'`,
            [decision, at.getTime(), adminId, note, id],
          )
        ).changes === 1;
      if (changed && decision === 'approved') {
        // Issue 15: an approved held message reaches its recipient.
        const released = (await tx.get(RELEASE_HELD_SQL.release, [id])) as ReleasedRow | undefined;
        if (released) {
          await tx.run(RELEASE_HELD_SQL.touch, touchParams(released));
          await tx.run(RELEASE_HELD_SQL.unhide, [released.conversation_id]);
        }
      }
      if (!changed || decision !== 'removed') return changed;
      // D22: removed content is hidden from everyone but admins.
      const flag = (await tx.get('SELECT content_type, content_id FROM content_flags WHERE id = ?', [id])) as {
        content_type: string;
        content_id: string;
      };
      for (const statement of REMOVE_CONTENT_SQL[flag.content_type] ?? []) await tx.run(statement, [flag.content_id]);
      return true;
    });
  }

  async removedFlagsSince(authorId: string, since: Date) {
    const r = await this.q.get<{ n: number | string }>(HISTORY_SQL.removedSince, [authorId, since.getTime()]);
    return Number(r?.n ?? 0);
  }

  async userHistory(userId: string, limit: number) {
    const reports = async (q: string) => ((await this.q.all(q, [userId, limit])) as ReportRow[]).map(toReport);
    const [flags, reportsAgainst, reportsBy, decisions] = await Promise.all([
      this.q.all(`${FLAG_SELECT} WHERE f.author_id = ? ORDER BY f.created_at DESC LIMIT ?`, [userId, limit]),
      reports(HISTORY_SQL.reportsAgainst),
      reports(HISTORY_SQL.reportsBy),
      this.q.all(HISTORY_SQL.decisions, [userId, userId, userId, limit]),
    ]);
    return {
      flags: (flags as FlagRow[]).map(toFlag),
      reportsAgainst,
      reportsBy,
      decisions: (decisions as AuditRow[]).map(toAuditEntry),
    };
  }

  async searchUsers(query: string, limit: number): Promise<AdminUserView[]> {
    const like = `%${query.trim().toLowerCase().replace(/[%_]/g, '')}%`;
    const rows = (await this.q.all(
      `SELECT u.id, u.email, u.status, u.created_at, p.name FROM users u LEFT JOIN profiles p ON p.id = u.id
         WHERE lower(u.email) LIKE ? OR lower(coalesce(p.name, '')) LIKE ? ORDER BY u.created_at DESC LIMIT ?`,
      [like, like, limit],
    )) as {
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
    return this.q.transaction(async (tx) => {
      const changed = (await tx.run(setUserStatusSql(onlyIfActive), [status, at.getTime(), userId])).changes === 1;
      // A suspension ends every session at once.
      if (changed && status === 'suspended') {
        await tx.run('UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL', [
          at.getTime(),
          userId,
        ]);
      }
      return changed;
    });
  }

  async autoFlagOutcomes(since: Date) {
    const rows = await this.q.all<AutoFlagOutcomeRow>(
      autoFlagOutcomesSql(`to_char(to_timestamp(reviewed_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`),
      [since.getTime()],
    );
    // count and sum arrive as strings from pg.
    return rows.map((r) => ({ ...r, upheld: Number(r.upheld), dismissed: Number(r.dismissed) }));
  }

  async dailyCounts(since: Date) {
    const perDay = (table: string, column: string) =>
      this.q.all<{ day: string; n: number }>(
        `SELECT to_char(to_timestamp(${column} / 1000.0) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n
         FROM ${table} t WHERE ${column} >= ? GROUP BY day`,
        [since.getTime()],
      );
    return {
      signUps: await perDay('users', 'created_at'),
      matches: await perDay(
        `(SELECT matched_at FROM matches WHERE status = 'matched' AND user_id < matched_user_id)`,
        'matched_at',
      ),
      messages: await perDay('messages', 'created_at'),
    };
  }

  async audit(e: Parameters<AdminRepository['audit']>[0]) {
    await this.q.run(
      'INSERT INTO audit_log (id, admin_id, action, target_type, target_id, details, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [e.id, e.adminId, e.action, e.targetType, e.targetId, JSON.stringify(e.details), e.at.getTime()],
    );
  }
}
