import type { Endpoints } from '../../../lib/api-types';

export const adminKeys = {
  all: ['admin'] as const,
  access: ['admin', 'access'] as const,
  stats: ['admin', 'stats'] as const,
  reports: ['admin', 'reports'] as const,
  report: (id: string) => ['admin', 'reports', id] as const,
  flags: (status: FlagStatus) => ['admin', 'flags', status] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  history: (userId: string) => ['admin', 'history', userId] as const,
  analytics: (days: number) => ['admin', 'analytics', days] as const,
  outcomes: ['admin', 'analytics', 'outcomes'] as const,
};

export type AdminStats = Endpoints['GET /api/admin/stats']['response'];
export type AdminReport = Endpoints['GET /api/admin/reports']['response']['reports'][number];
export type ReportStatus = Endpoints['PUT /api/admin/reports/{reportId}']['body']['reportStatus'];
export type ContentFlag = Endpoints['GET /api/admin/flags']['response']['flags'][number];
export type FlagStatus = ContentFlag['status'];
export type FlagDecision = Endpoints['POST /api/admin/flags/{flagId}/review']['body']['decision'];
export type AdminUser = Endpoints['GET /api/admin/users']['response']['users'][number];
export type AccountStatus = Endpoints['PUT /api/admin/users/{userId}/status']['body']['accountStatus'];
export type UserHistory = Endpoints['GET /api/admin/users/{userId}/history']['response'];
export type AnalyticsDay = Endpoints['GET /api/admin/analytics']['response']['days'][number];
export type AutoFlagPrecision = Endpoints['GET /api/admin/analytics']['response']['autoFlagPrecision'];
export type OutcomeAnalytics = Endpoints['GET /api/admin/analytics/outcomes']['response'];

/** The texts of 001 §8 for this screen. */
export const ADMIN_TEXT = {
  deniedTitle: 'Access Denied',
  deniedDetail: "You don't have admin privileges.",
  flagsLoadFailed: 'Failed to load content flags.',
  reviewFailed: 'Failed to review content.',
  reviewTitle: 'Review Complete',
  reviewDone: (decision: FlagDecision) => `Content has been ${decision}.`,
  // Issue 15's bulk decisions; the items already reviewed by someone else are named, not hidden.
  bulkDone: (done: number, total: number, decision: FlagDecision) =>
    `${done} ${done === 1 ? 'item has' : 'items have'} been ${decision}.${
      done < total ? ` ${total - done} had already been reviewed or were gone.` : ''
    }`,
} as const;
