/** The admin dashboard's use cases (001 §2, §4, §6; D22, D27): every action is audited. */
import type { SessionEndings } from '../accounts/ports';
import type { Clock } from '../shared/clock';
import { DomainError } from '../shared/errors';
import type { IdGenerator } from '../shared/ids';
import { err, ok, type Result } from '../shared/result';
import { categoryOfReason, SEVERITY_ORDER } from './severity';

export const ADMIN_MESSAGES = {
  denied: "Access Denied - You don't have admin privileges.",
  reviewed: 'This item has already been reviewed.',
  flagNotFound: 'Content flag not found.',
  reportNotFound: 'Report not found.',
  userNotFound: 'User not found.',
} as const;

export const adminErrors = {
  denied: () => new DomainError('AUTH.FORBIDDEN', ADMIN_MESSAGES.denied, undefined, 'Access Denied'),
  alreadyReviewed: () => new DomainError('MODERATION.ALREADY_REVIEWED', ADMIN_MESSAGES.reviewed),
  flagNotFound: () => new DomainError('MODERATION.FLAG_NOT_FOUND', ADMIN_MESSAGES.flagNotFound),
  reportNotFound: () => new DomainError('MODERATION.REPORT_NOT_FOUND', ADMIN_MESSAGES.reportNotFound),
  userNotFound: () => new DomainError('MODERATION.USER_NOT_FOUND', ADMIN_MESSAGES.userNotFound),
};

export type FlagStatus = 'pending' | 'approved' | 'removed';

export type FlagView = {
  id: string;
  contentType: string;
  contentId: string;
  authorId: string | null;
  flagReason: string;
  status: FlagStatus;
  autoFlagged: boolean;
  confidenceScore: number | null;
  flaggedBy: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
  /** The content itself, so the admin sees what they judge. */
  content: string | null;
  /** What in the content led to an automatic flag (issue 15): rule spans, profanity, strongest words. */
  evidence: string[];
  /** A message held back until this flag is reviewed (issue 15, N54): someone is waiting for it. */
  held: boolean;
};

export type ReportView = {
  id: string;
  reportCategory: string;
  severityLevel: string;
  status: string;
  details: string | null;
  reporterId: string | null;
  reportedUserId: string | null;
  createdAt: Date;
};

export type AdminUserView = { id: string; email: string; name: string | null; status: string; createdAt: Date };

export type AuditEntryView = {
  id: string;
  adminId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  createdAt: Date;
};

/** One user's record on one page (issue 15): flags on their content, reports both ways, decisions. */
export type UserHistory = {
  flags: FlagView[];
  reportsAgainst: ReportView[];
  reportsBy: ReportView[];
  decisions: AuditEntryView[];
};

/** Confirmed removals that suspend an author pending review (issue 15): 3 within 30 days. */
export const AUTO_SUSPEND_REMOVALS = 3;
export const AUTO_SUSPEND_WINDOW_MS = 30 * 86_400_000;

export interface AdminRepository {
  isActiveAdmin(userId: string): Promise<boolean>;
  stats(): Promise<{
    totalUsers: number;
    totalReports: number;
    pendingReports: number;
    pendingFlags: number;
    pendingDataRequests: number;
  }>;
  recentReports(limit: number): Promise<ReportView[]>;
  report(id: string): Promise<ReportView | null>;
  setReportStatus(id: string, status: string): Promise<boolean>;
  /** Pending flags worst first (severity, then confidence, then newest: issue 15); reviewed ones newest first. */
  flags(status: FlagStatus, limit: number): Promise<FlagView[]>;
  flag(id: string): Promise<FlagView | null>;
  /** Moves a pending flag to its decision (and hides removed content); false when it was no longer pending. */
  reviewFlag(
    id: string,
    decision: 'approved' | 'removed',
    adminId: string | null,
    note: string | null,
    at: Date,
  ): Promise<boolean>;
  /** Flags on this author's content that admins removed at or after `since` (by review time). */
  removedFlagsSince(authorId: string, since: Date): Promise<number>;
  /** The newest `limit` of each: flags on their content, reports against and by them, audit entries about them. */
  userHistory(userId: string, limit: number): Promise<UserHistory>;
  searchUsers(query: string, limit: number): Promise<AdminUserView[]>;
  /**
   * Suspends (ending sessions) or reactivates an account; false when no such active or suspended
   * user, or with `onlyIfActive` when the account was not active.
   */
  setUserStatus(userId: string, status: 'active' | 'suspended', at: Date, onlyIfActive?: boolean): Promise<boolean>;
  /** Reviewed automatic flags from `since` (by review time), counted per UTC day and reason: issue 15's feedback. */
  autoFlagOutcomes(since: Date): Promise<AutoFlagOutcomeRow[]>;
  /** Sign-ups, matches and messages counted per UTC day ('YYYY-MM-DD') from `since`; days without any are absent. */
  dailyCounts(since: Date): Promise<Record<AnalyticsSeries, { day: string; n: number }[]>>;
  audit(entry: {
    id: string;
    adminId: string | null;
    action: string;
    targetType: string;
    targetId: string;
    details: Record<string, unknown>;
    at: Date;
  }): Promise<void>;
}

/** Delivers a held message (issue 15) once its flag is approved: the repository already released it. */
export interface MessageReleases {
  released(messageId: string): Promise<void>;
}

export type AdminDeps = {
  clock: Clock;
  ids: IdGenerator;
  admin: AdminRepository;
  sessionEndings: SessionEndings;
  messageReleases: MessageReleases;
};

const audit = (
  deps: AdminDeps,
  adminId: string | null,
  action: string,
  targetType: string,
  targetId: string,
  details: Record<string, unknown> = {},
) => deps.admin.audit({ id: deps.ids.newId(), adminId, action, targetType, targetId, details, at: deps.clock.now() });

/** D27: an active admin_users row, checked on the server for every admin endpoint. */
export async function requireAdmin(
  deps: { admin: Pick<AdminRepository, 'isActiveAdmin'> },
  userId: string,
): Promise<Result<true, DomainError>> {
  return (await deps.admin.isActiveAdmin(userId)) ? ok(true) : err(adminErrors.denied());
}

export async function reviewFlag(
  deps: AdminDeps,
  adminId: string | null,
  flagId: string,
  decision: 'approved' | 'removed',
  note: string | null,
) {
  const flag = await deps.admin.flag(flagId);
  if (!flag) return err(adminErrors.flagNotFound());
  if (flag.status !== 'pending') return err(adminErrors.alreadyReviewed());
  if (!(await deps.admin.reviewFlag(flagId, decision, adminId, note, deps.clock.now())))
    return err(adminErrors.alreadyReviewed());
  await audit(deps, adminId, `flag.${decision}`, 'content_flag', flagId, {
    note,
    contentType: flag.contentType,
    contentId: flag.contentId,
  });
  if (decision === 'removed' && flag.authorId) await suspendRepeatOffender(deps, flag.authorId);
  if (decision === 'approved' && flag.contentType === 'message') await deps.messageReleases.released(flag.contentId);
  return ok({ status: decision });
}

/**
 * Issue 15: confirmed removals count against the author; the third within 30 days suspends the
 * account pending review, by the admins' own path (sessions and sockets end), audited as automatic.
 */
async function suspendRepeatOffender(deps: AdminDeps, authorId: string) {
  const now = deps.clock.now();
  const removals = await deps.admin.removedFlagsSince(authorId, new Date(now.getTime() - AUTO_SUSPEND_WINDOW_MS));
  if (removals < AUTO_SUSPEND_REMOVALS) return;
  // Only the removal that finds the account active suspends it: one audit entry, however many race.
  if (!(await deps.admin.setUserStatus(authorId, 'suspended', now, true))) return;
  await deps.sessionEndings.ended(authorId, null);
  await audit(deps, null, 'user.suspend', 'user', authorId, {
    automatic: true,
    reason: 'removed_content',
    removals,
    windowDays: AUTO_SUSPEND_WINDOW_MS / 86_400_000,
  });
}

/** How many flags one bulk decision may cover: a screenful of the queue. */
export const BULK_REVIEW_MAX = 100;

export type BulkReviewOutcome = 'approved' | 'removed' | 'not_found' | 'already_reviewed';

/**
 * Bulk approve or remove (issue 15): each flag goes through the one-flag path (audit, release,
 * repeat-offender count), so a bulk decision is exactly the sum of single ones. Each flag's outcome
 * is reported; one already reviewed elsewhere does not stop the rest.
 */
export async function reviewFlags(
  deps: AdminDeps,
  adminId: string | null,
  flagIds: readonly string[],
  decision: 'approved' | 'removed',
  note: string | null,
): Promise<{ flagId: string; outcome: BulkReviewOutcome }[]> {
  const results: { flagId: string; outcome: BulkReviewOutcome }[] = [];
  for (const flagId of new Set(flagIds)) {
    const r = await reviewFlag(deps, adminId, flagId, decision, note);
    const outcome: BulkReviewOutcome = r.ok
      ? decision
      : r.error.code === 'MODERATION.FLAG_NOT_FOUND'
        ? 'not_found'
        : 'already_reviewed';
    results.push({ flagId, outcome });
  }
  return results;
}

export async function setReportStatus(deps: AdminDeps, adminId: string | null, reportId: string, status: string) {
  if (!(await deps.admin.setReportStatus(reportId, status))) return err(adminErrors.reportNotFound());
  await audit(deps, adminId, 'report.status', 'user_report', reportId, { status });
  return ok({ status });
}

export async function setUserStatus(
  deps: AdminDeps,
  adminId: string | null,
  userId: string,
  status: 'active' | 'suspended',
) {
  if (!(await deps.admin.setUserStatus(userId, status, deps.clock.now()))) return err(adminErrors.userNotFound());
  // The repository ended the sessions; open sockets close too, on every process (issue 14).
  if (status === 'suspended') await deps.sessionEndings.ended(userId, null);
  await audit(deps, adminId, status === 'suspended' ? 'user.suspend' : 'user.unsuspend', 'user', userId);
  return ok({ status });
}

export type AnalyticsSeries = 'signUps' | 'matches' | 'messages';
export type AnalyticsDay = { day: string } & Record<AnalyticsSeries, number>;

/** Every UTC day from `since` to `until` with its counts, days without activity as zeros (the dashboard's charts). */
export function dailySeries(
  since: Date,
  until: Date,
  counts: Record<AnalyticsSeries, { day: string; n: number }[]>,
): AnalyticsDay[] {
  const lookup = (series: AnalyticsSeries) => new Map(counts[series].map((r) => [r.day, Number(r.n)]));
  const [signUps, matches, messages] = [lookup('signUps'), lookup('matches'), lookup('messages')];
  const days: AnalyticsDay[] = [];
  for (let t = since.getTime(); t <= until.getTime(); t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    days.push({
      day,
      signUps: signUps.get(day) ?? 0,
      matches: matches.get(day) ?? 0,
      messages: messages.get(day) ?? 0,
    });
  }
  return days;
}

/** Reviewed automatic flags of one reason on one UTC day: removed means the admin upheld the flag. */
export type AutoFlagOutcomeRow = { day: string; reason: string; upheld: number; dismissed: number };

export type PrecisionCell = { upheld: number; dismissed: number; precision: number | null };

export type AutoFlagPrecision = {
  /** The first UTC day of each 7-day bucket, oldest first (the last may be shorter). */
  weeks: string[];
  overall: { total: PrecisionCell; weeks: PrecisionCell[] };
  /** Every category, worst first, even those with no reviews yet. */
  categories: { category: string; total: PrecisionCell; weeks: PrecisionCell[] }[];
};

const cell = (upheld: number, dismissed: number): PrecisionCell => ({
  upheld,
  dismissed,
  precision: upheld + dismissed === 0 ? null : Math.round((upheld / (upheld + dismissed)) * 1000) / 1000,
});

/**
 * The auto-flag precision admins observed (issue 15): of the automatic flags reviewed, the share
 * they upheld (removed), per category and per week from `since`, so a drifting category shows.
 */
export function autoFlagPrecision(since: Date, until: Date, rows: AutoFlagOutcomeRow[]): AutoFlagPrecision {
  const start = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
  const weeks: string[] = [];
  for (let t = start; t <= until.getTime(); t += 7 * 86_400_000) weeks.push(new Date(t).toISOString().slice(0, 10));
  const empty = () => weeks.map(() => [0, 0] as [number, number]);
  const categories = new Map<string, [number, number][]>(SEVERITY_ORDER.map((c) => [c, empty()]));
  const overall = empty();
  for (const r of rows) {
    const week = Math.floor((Date.parse(`${r.day}T00:00:00Z`) - start) / (7 * 86_400_000));
    if (week < 0 || week >= weeks.length) continue;
    const category = categoryOfReason(r.reason);
    if (!categories.has(category)) categories.set(category, empty());
    for (const counts of [categories.get(category) as [number, number][], overall]) {
      const c = counts[week] as [number, number];
      c[0] += Number(r.upheld);
      c[1] += Number(r.dismissed);
    }
  }
  const summarise = (counts: [number, number][]) => ({
    total: cell(
      counts.reduce((n, c) => n + c[0], 0),
      counts.reduce((n, c) => n + c[1], 0),
    ),
    weeks: counts.map(([u, d]) => cell(u, d)),
  });
  return {
    weeks,
    overall: summarise(overall),
    categories: [...categories].map(([category, counts]) => ({ category, ...summarise(counts) })),
  };
}
