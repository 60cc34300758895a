import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const useAdminStats = () => useQuery({ queryKey: adminKeys.stats, queryFn: () => api('GET /api/admin/stats') });
