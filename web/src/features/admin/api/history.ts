import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** One user's flags, reports both ways and admin decisions (issue 15); fetched only while shown. */
export const useUserHistory = (userId: string | null) =>
  useQuery({
    queryKey: adminKeys.history(userId ?? ''),
    queryFn: () => api('GET /api/admin/users/{userId}/history', { params: { userId: userId ?? '' } }),
    enabled: userId !== null,
  });
