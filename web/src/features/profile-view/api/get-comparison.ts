import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Comparison } from '../../../lib/api-types';

export const getComparison = async (userId: string): Promise<Comparison> =>
  (await api('GET /api/profiles/{userId}/comparison', { params: { userId } })).comparison;

export const comparisonQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['profiles', userId, 'comparison'], queryFn: () => getComparison(userId) });

/** Every D12 factor side by side with the viewer's answers (issue 21). */
export const useComparison = (userId: string | null, enabled = true) =>
  useQuery({ ...comparisonQueryOptions(userId ?? ''), enabled: userId !== null && enabled });
