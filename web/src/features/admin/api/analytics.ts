import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const ANALYTICS_DAYS = 30;

/** Sign-ups, matches and messages per day over the last `days` days, and the auto-flag precision (issue 15). */
export const useAdminAnalytics = (days = ANALYTICS_DAYS) =>
  useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: () => api('GET /api/admin/analytics', { query: { days: String(days) } }),
  });

/** The check-in answers by compatibility band and by factor (issue 21's outcome loop, N160). */
export const useOutcomeAnalytics = () =>
  useQuery({
    queryKey: adminKeys.outcomes,
    queryFn: () => api('GET /api/admin/analytics/outcomes'),
  });
