import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type ReferenceKind = 'universities' | 'majors';

async function getReference(kind: ReferenceKind, q: string): Promise<string[]> {
  const query = { q: q.trim().slice(0, 100) };
  const { items } =
    kind === 'universities'
      ? await api('GET /api/reference/universities', { query })
      : await api('GET /api/reference/majors', { query });
  return items;
}

/** University or major suggestions for the filter fields (000 §3 reference lists), once two letters are typed. */
export const useReference = (kind: ReferenceKind, q: string, enabled: boolean) =>
  useQuery({
    queryKey: ['reference', kind, q.trim().toLowerCase()],
    queryFn: () => getReference(kind, q),
    enabled: enabled && q.trim().length >= 2,
    staleTime: 10 * 60 * 1000,
    placeholderData: keepPreviousData,
  });
