/** What the SQLite and PostgreSQL admin repositories share (N29: same representation, same SQL). */
import type { FlagStatus, FlagView, ReportView } from '../../../core/moderation/admin';
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
};

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
  content: r.message ?? r.profile_text ?? (r.photo_key ? mediaUrl(r.photo_key) : null),
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
