import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type MostCompatibleToday = Endpoints['GET /api/discover/most-compatible']['response'];
export type MostCompatiblePick = NonNullable<MostCompatibleToday['pick']>;

export const mostCompatibleKey = ['discover', 'most-compatible'] as const;

/** Today's pick (issue 21): the same all day, so it is not refetched on every focus. */
export const useMostCompatible = () =>
  useQuery({
    queryKey: mostCompatibleKey,
    queryFn: () => api('GET /api/discover/most-compatible'),
    staleTime: 5 * 60_000,
  });

/** After any swipe: the pick may now be answered (the server decides). */
export const refreshMostCompatible = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: mostCompatibleKey });

/** Today's pick as the page carried it (N178, N224): the server-rendered Discover shows it at once. */
export const seedMostCompatible = (queryClient: QueryClient, today: MostCompatibleToday) =>
  queryClient.setQueryData(mostCompatibleKey, today);
