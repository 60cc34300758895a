import { useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** 001 §4 Admin access: checking, then granted or denied; other failures are errors. */
export type AdminAccess = 'granted' | 'denied';

/** The server decides (D27): 401 (no session) and 403 (not an active admin) both mean denied. */
export async function getAdminAccess(): Promise<AdminAccess> {
  try {
    await api('GET /api/admin/access');
    return 'granted';
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) return 'denied';
    throw error;
  }
}

export const useAdminAccess = (enabled: boolean) =>
  useQuery({ queryKey: adminKeys.access, queryFn: getAdminAccess, enabled, staleTime: 0, gcTime: 0 });
