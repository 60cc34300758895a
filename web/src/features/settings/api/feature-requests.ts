import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FEATURE_CATEGORIES, FEATURE_PRIORITIES } from '../../../../../core/feedback/rules';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type FeatureCategory = (typeof FEATURE_CATEGORIES)[number];
export type FeaturePriority = (typeof FEATURE_PRIORITIES)[number];
export type PopularRequest = Endpoints['GET /api/feature-requests/popular']['response']['requests'][number];

export const featureRequestKeys = { popular: ['feedback', 'popular'] as const };

/** The five most-voted requests (001 §9). */
export const usePopularRequests = (enabled: boolean) =>
  useQuery({
    queryKey: featureRequestKeys.popular,
    queryFn: async () => (await api('GET /api/feature-requests/popular')).requests,
    enabled,
  });

export function useSubmitFeatureRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; description: string; category: FeatureCategory; priority: FeaturePriority }) =>
      api('POST /api/feature-requests', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: featureRequestKeys.popular }),
  });
}

/** One vote per request per day (001 §5); the server answers 409 "Unable to Vote" otherwise. */
export function useVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api('POST /api/feature-requests/{featureRequestId}/vote', { params: { featureRequestId: id } }),
    onSuccess: (_, id) => {
      queryClient.setQueryData<PopularRequest[]>(featureRequestKeys.popular, (list) =>
        list?.map((r) => (r.id === id ? { ...r, voteCount: r.voteCount + 1 } : r)),
      );
      return queryClient.invalidateQueries({ queryKey: featureRequestKeys.popular });
    },
  });
}
