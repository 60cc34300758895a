import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';
import { likesKeys } from './get-who-liked-me';

export type MatchRow = Endpoints['GET /api/matches']['response']['matches'][number];

/** Your matches, newest first (001 §7 matches read). */
export const useMatches = () =>
  useQuery({ queryKey: likesKeys.matches, queryFn: async () => (await api('GET /api/matches')).matches });
