/** What the SQLite and PostgreSQL admin repositories share (N29: same representation, same SQL). */
import type { AuditEntryView, FlagStatus, FlagView, ReportView } from '../../../core/moderation/admin';
import { severityRanks } from '../../../core/moderation/severity';
import { mediaUrl } from './media-url';

export type FlagRow = {
  id: string;
  content_type: string;
  content_id: string;
  author_id: string | null;
  flag_reason: string;
  status: FlagStatus;
  auto_flagged: number;
  confidence_score: number | null;
  flagged_by: string | null;
  created_at: number;
  reviewed_at: number | null;
  message: string | null;
  profile_text: string | null;
  photo_key: string | null;
  /** A group's name and description: group flags are filed as 'other' by group id (issue 15). */
  group_text: string | null;
  evidence: string | null;
  held: number | boolean | null;
};

function parseEvidence(json: string | null): string[] {
  if (!json) return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A removed group's name (issue 15): the group and its members stay, the flagged words go. */
export const REMOVED_GROUP_NAME = 'Group';

/**
 * What removing flagged content does (D22: hidden from everyone but admins), by content type, each
 * statement taking the content id. A profile's flag covers everything its owner wrote (the bio and
 * the prompt answers are screened together), so all of it goes and the owner writes it anew (N70).
 * Group text is filed as 'other' by group id (N56); an 'other' flag on anything else changes nothing.
 */
export const REMOVE_CONTENT_SQL: Record<string, string[]> = {
  message: ['UPDATE messages SET removed = 1 WHERE id = ?'],
  photo: ['DELETE FROM photos WHERE id = ?'],
  profile: [`UPDATE profiles SET bio = '' WHERE id = ?`, 'DELETE FROM profile_prompts WHERE profile_id = ?'],
  other: [`UPDATE groups SET name = '${REMOVED_GROUP_NAME}', description = NULL WHERE id = ?`],
};

/** `day` is the dialect's UTC 'YYYY-MM-DD' of reviewed_at. */
export const autoFlagOutcomesSql = (day: string) => `SELECT ${day} AS day, flag_reason AS reason,
    sum(CASE WHEN status = 'removed' THEN 1 ELSE 0 END) AS upheld,
    sum(CASE WHEN status = 'approved' THEN 1 ELSE 0 END) AS dismissed
  FROM content_flags WHERE auto_flagged = 1 AND status != 'pending' AND reviewed_at >= ?
  GROUP BY 1, 2`;

/**
 * The queue's order (issue 15): pending flags worst first (severity, then confidence, then
 * newest); reviewed ones newest first, as before (001 §6).
 */
export function flagOrder(status: FlagStatus): string {
  if (status !== 'pending') return 'f.created_at DESC, f.id';
  const ranks = severityRanks()
    .map(([reason, rank]) => `WHEN '${reason}' THEN ${rank}`)
    .join(' ');
  return `CASE f.flag_reason ${ranks} ELSE 0 END DESC, coalesce(f.confidence_score, 0) DESC, f.created_at DESC, f.id`;
}

export const toFlag = (r: FlagRow): FlagView => ({
  id: r.id,
  contentType: r.content_type,
  contentId: r.content_id,
  authorId: r.author_id,
  flagReason: r.flag_reason,
  status: r.status,
  autoFlagged: r.auto_flagged === 1,
  confidenceScore: r.confidence_score,
  flaggedBy: r.flagged_by,
  createdAt: new Date(r.created_at),
  reviewedAt: r.reviewed_at === null ? null : new Date(r.reviewed_at),
  content: r.message ?? r.profile_text ?? r.group_text ?? (r.photo_key ? mediaUrl(r.photo_key) : null),
  evidence: parseEvidence(r.evidence),
  held: r.held === 1 || r.held === true,
});

export type ReportRow = {
  id: string;
  report_category: string;
  severity_level: string;
  status: string;
  details: string | null;
  reporter_id: string | null;
  reported_user_id: string | null;
  created_at: number;
};

export const toReport = (r: ReportRow): ReportView => ({
  id: r.id,
  reportCategory: r.report_category,
  severityLevel: r.severity_level,
  status: r.status,
  details: r.details,
  reporterId: r.reporter_id,
  reportedUserId: r.reported_user_id,
  createdAt: new Date(r.created_at),
});

/** Flags on content by this author; this user's reports either way; audit entries about them or their flags and reports. */
export const HISTORY_SQL = {
  removedSince: `SELECT count(*) AS n FROM content_flags WHERE author_id = ? AND status = 'removed' AND reviewed_at >= ?`,
  reportsAgainst: 'SELECT * FROM user_reports WHERE reported_user_id = ? ORDER BY created_at DESC LIMIT ?',
  reportsBy: 'SELECT * FROM user_reports WHERE reporter_id = ? ORDER BY created_at DESC LIMIT ?',
  decisions: `SELECT * FROM audit_log WHERE (target_type = 'user' AND target_id = ?)
    OR (target_type = 'content_flag' AND target_id IN (SELECT id FROM content_flags WHERE author_id = ?))
    OR (target_type = 'user_report' AND target_id IN (SELECT id FROM user_reports WHERE reported_user_id = ?))
    ORDER BY created_at DESC LIMIT ?`,
};

export type AuditRow = {
  id: string;
  admin_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  details: string | Record<string, unknown>;
  created_at: number;
};

export const toAuditEntry = (r: AuditRow): AuditEntryView => ({
  id: r.id,
  adminId: r.admin_id,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  details: typeof r.details === 'string' ? (JSON.parse(r.details) as Record<string, unknown>) : r.details,
  createdAt: new Date(Number(r.created_at)),
});

/**
 * An account's new status. `onlyIfActive` changes only an active account: the automatic suspension
 * (N55) then happens once however many removals race to it; an admin may re-suspend at will.
 */
export const setUserStatusSql = (onlyIfActive: boolean) =>
  `UPDATE users SET status = ?, updated_at = ? WHERE id = ? AND ${onlyIfActive ? "status = 'active'" : "status != 'deleted'"}`;
