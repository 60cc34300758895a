/** What the SQLite and PostgreSQL safety repositories share (N29: same representation, same SQL). */
import type { PopularRequest } from '../../../core/feedback/feature-requests';
import type { DataRequest } from '../../../core/privacy/data-requests';
import type { Contact, NewReport } from '../../../core/safety/safety';

export type ContactRow = {
  id: string;
  name: string;
  phone: string;
  relationship: string;
  is_primary: number;
  created_at: number;
  updated_at: number;
};

export const toContact = (r: ContactRow): Contact => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  relationship: r.relationship,
  isPrimary: r.is_primary === 1,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export type RequestRow = {
  id: string;
  user_id: string;
  request_type: 'export' | 'deletion';
  status: 'pending' | 'completed';
  created_at: number;
  completed_at: number | null;
  expires_at: number | null;
  archive?: string | null;
};

export const toRequest = (r: RequestRow): DataRequest => ({
  id: r.id,
  userId: r.user_id,
  requestType: r.request_type,
  status: r.status,
  createdAt: new Date(r.created_at),
  completedAt: r.completed_at === null ? null : new Date(r.completed_at),
  expiresAt: r.expires_at === null ? null : new Date(r.expires_at),
});

/** Tables with a user_id column (or a named one) that hold the user's own data, for export and erasure. */

/** Tables with a user_id column (or a named one) that hold the user's own data, for export and erasure. */
export const USER_TABLES: [table: string, column: string][] = [
  ['users', 'id'],
  ['user_agreements', 'user_id'],
  ['profiles', 'id'],
  ['photos', 'user_id'],
  ['profile_prompts', 'profile_id'],
  ['roommate_preferences', 'user_id'],
  ['matches', 'user_id'],
  ['blocked_users', 'blocker_id'],
  ['user_reports', 'reporter_id'],
  ['emergency_contacts', 'user_id'],
  ['conversation_participants', 'user_id'],
  ['feature_requests', 'user_id'],
  ['feature_votes', 'user_id'],
  ['subscriptions', 'user_id'],
  ['balances', 'user_id'],
  ['boosts', 'user_id'],
  ['payments', 'user_id'],
  ['consent_logs', 'user_id'],
  ['data_export_requests', 'user_id'],
  ['security_incidents', 'reporter_id'],
  ['hidden_words', 'user_id'],
  // Selfie verifications with their storage keys while kept (issue 16 §2), like photos' keys.
  ['photo_verifications', 'user_id'],
  // The notification centre (issue 19): items, settings and the browsers subscribed to push.
  ['notifications', 'user_id'],
  ['notification_preferences', 'user_id'],
  ['push_subscriptions', 'user_id'],
  ['notification_state', 'user_id'],
  // Most Compatible today (issue 21): the student's picks of the last two days.
  ['most_compatible_picks', 'user_id'],
  // Roommate agreements (issue 21): the user's acceptances and the expenses they paid (N146).
  ['roommate_agreement_acceptances', 'user_id'],
  ['roommate_expenses', 'paid_by'],
  ['roommate_outcomes', 'user_id'],
];

/**
 * Files a report unless the reporter already has a pending one on that person (issue 14). Named
 * parameters (@reporter, @reported, …) work on both engines; the casts give PostgreSQL the column
 * types a bare parameter in a SELECT list lacks.
 */
export const INSERT_REPORT_UNLESS_OPEN = `INSERT INTO user_reports (id, reporter_id, reported_user_id, report_category, severity_level, details, status, created_at)
  SELECT CAST(@id AS TEXT), CAST(@reporter AS TEXT), CAST(@reported AS TEXT), CAST(@category AS TEXT),
         CAST(@severity AS TEXT), CAST(@details AS TEXT), 'pending', CAST(@at AS BIGINT)
  WHERE NOT EXISTS (
    SELECT 1 FROM user_reports WHERE reporter_id = @reporter AND reported_user_id = @reported AND status = 'pending'
  )`;

export const reportParams = (r: NewReport) => ({
  id: r.id,
  reporter: r.reporterId,
  reported: r.reportedUserId,
  category: r.category,
  severity: r.severity,
  details: r.details,
  at: r.at.getTime(),
});

/** The most voted requests, and whether the viewer voted for each today (issue 17: the button remembers). */
export const POPULAR_SQL = `SELECT f.id, f.title, f.category,
    (SELECT count(*) FROM feature_votes v WHERE v.request_id = f.id) AS vote_count,
    EXISTS (SELECT 1 FROM feature_votes v WHERE v.request_id = f.id AND v.user_id = ? AND v.day = ?) AS voted_today
  FROM feature_requests f ORDER BY vote_count DESC, f.created_at DESC LIMIT ?`;

export type PopularRow = {
  id: string;
  title: string;
  category: string;
  vote_count: number | string;
  voted_today: number | boolean;
};

export const toPopular = (r: PopularRow): PopularRequest => ({
  id: r.id,
  title: r.title,
  category: r.category,
  voteCount: Number(r.vote_count),
  votedToday: r.voted_today === true || r.voted_today === 1,
});

/**
 * The messages a data export carries (one parameter: the user). A 1:1 chat's whole history is the
 * user's, both sides, even after they cleared it; a group (or group match) chat's only from the user's joining on,
 * without lines between the user and someone blocked either way (what they could read, N117, N118).
 * A line held back for an admin is its sender's alone until released (issue 15).
 */
export const EXPORT_MESSAGES_SQL = `SELECT m.id, m.conversation_id, m.sender_id, m.content, m.created_at, m.is_read FROM messages m
  JOIN conversation_participants p ON p.conversation_id = m.conversation_id AND p.user_id = ?
  JOIN conversations c ON c.id = m.conversation_id
  WHERE m.removed = 0 AND (m.held = 0 OR m.sender_id = p.user_id)
    AND (c.user1_id IS NOT NULL OR (m.seq > p.cleared_seq AND NOT EXISTS (SELECT 1 FROM blocked_users b
      WHERE (b.blocker_id = p.user_id AND b.blocked_user_id = m.sender_id)
         OR (b.blocker_id = m.sender_id AND b.blocked_user_id = p.user_id))))
  ORDER BY m.seq`;
