import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type Prompt = Endpoints['GET /api/prompts']['response']['prompts'][number];

export const getPrompts = async (): Promise<Prompt[]> => (await api('GET /api/prompts')).prompts;

// The catalogue changes with a release, not during a visit.
export const promptsQueryOptions = () =>
  queryOptions({ queryKey: ['prompts'], queryFn: getPrompts, staleTime: 60 * 60 * 1000 });

/** The active prompt catalogue in display order (000 §7 Load prompts). */
export const usePrompts = () => useQuery(promptsQueryOptions());
