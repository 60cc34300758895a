import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type NotificationSettings = Endpoints['GET /api/notifications/preferences']['response'];
export type NotificationPreferences = NotificationSettings['preferences'];

const settingsKey = ['notifications', 'preferences'] as const;

export const useNotificationSettings = () =>
  useQuery({ queryKey: settingsKey, queryFn: () => api('GET /api/notifications/preferences') });

/** The settings answered in the page the server sent (N178). */
export const seedNotificationSettings = (queryClient: QueryClient, answer: NotificationSettings) =>
  queryClient.setQueryData(settingsKey, answer);

/** Saves switches, quiet hours and the digest; the browser's time zone goes with them (N98). */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      api('PUT /api/notifications/preferences', { body: { ...preferences, timeZone: browserTimeZone() } }),
    onSuccess: (value) => queryClient.setQueryData(settingsKey, value),
  });
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
