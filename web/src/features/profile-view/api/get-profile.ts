import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PublicProfile } from '../../../lib/api-types';

export const getProfile = async (userId: string): Promise<PublicProfile> =>
  (await api('GET /api/profiles/{userId}', { params: { userId } })).profile;

export const profileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['profiles', userId], queryFn: () => getProfile(userId) });

/** Anyone's complete profile, for the profile view dialog (001 §2). */
export const useProfile = (userId: string | null) =>
  useQuery({ ...profileQueryOptions(userId ?? ''), enabled: userId !== null });
