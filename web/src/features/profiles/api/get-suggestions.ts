import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SuggestionKind = 'universities' | 'majors';

export async function getSuggestions(kind: SuggestionKind, q: string): Promise<string[]> {
  const query = { q: q.trim().slice(0, 100) };
  const { items } =
    kind === 'universities'
      ? await api('GET /api/reference/universities', { query })
      : await api('GET /api/reference/majors', { query });
  return items;
}

/**
 * University or major suggestions (001 §5: case-insensitive substring match, at most 50). The
 * server answers from the same `suggest` rule; the previous list stays while the next loads.
 */
export const useSuggestions = (kind: SuggestionKind, q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['suggestions', kind, q.trim().toLowerCase()],
    queryFn: () => getSuggestions(kind, q),
    enabled,
    staleTime: 10 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
