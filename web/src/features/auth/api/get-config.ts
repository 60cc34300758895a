import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const configQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: () => api('GET /api/config'), staleTime: Number.POSITIVE_INFINITY });

export const useConfig = () => useQuery(configQueryOptions());
