import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints, OwnProfile } from '../../../lib/api-types';

export const ownProfileQueryKey = ['profile', 'own'] as const;

export const getOwnProfile = async (): Promise<OwnProfile> => (await api('GET /api/profile')).profile;

export const ownProfileQueryOptions = () => queryOptions({ queryKey: ownProfileQueryKey, queryFn: getOwnProfile });

/** The signed-in user's own profile with its completion (GET /api/profile). */
export const useOwnProfile = () => useQuery(ownProfileQueryOptions());

/** The profile answered in the page the server sent (N178). */
export const seedOwnProfile = (queryClient: QueryClient, answer: Endpoints['GET /api/profile']['response']) =>
  queryClient.setQueryData(ownProfileQueryKey, answer.profile);
