import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/api-client';
import type { Endpoints, Me } from '../../../lib/api-types';

export const meQueryKey = ['me'] as const;

/**
 * The signed-in user, or null when there is no session: the server answers `user: null` when
 * signed out (issue 17), and 401 only for a lapsed session that the one refresh attempt could not renew.
 */
export async function getMe(): Promise<Me | null> {
  try {
    const { user } = await api('GET /api/me');
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 60_000 });

export const useMe = () => useQuery(meQueryOptions());

/** The session answered in the page the server sent (N178): no request for it. */
export const seedMe = (queryClient: QueryClient, answer: Endpoints['GET /api/me']['response']) =>
  queryClient.setQueryData(meQueryKey, answer.user);
