import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { REPORT_CATEGORIES, SEVERITIES } from '../../../../../core/safety/rules';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type BlockedUser = Endpoints['GET /api/blocks']['response']['blocked'][number];
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
export type ReportSeverity = (typeof SEVERITIES)[number];

export const blockKeys = { all: ['safety', 'blocks'] as const };

/** People you blocked, newest first (001 §2 Blocked users). */
export const useBlockedUsers = () =>
  useQuery({ queryKey: blockKeys.all, queryFn: async () => (await api('GET /api/blocks')).blocked });

/** Blocks someone (D20). The caller drops them from the deck, likes, matches and chat (D19). */
export function useBlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockedUserId: string) => api('POST /api/blocks', { body: { blockedUserId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blockKeys.all }),
  });
}

export function useUnblockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) => api('DELETE /api/blocks/{blockId}', { params: { blockId } }),
    onSuccess: (_, blockId) => {
      // Leave the list at once; the refetch confirms it.
      queryClient.setQueryData<BlockedUser[]>(blockKeys.all, (list) => list?.filter((b) => b.id !== blockId));
      return queryClient.invalidateQueries({ queryKey: blockKeys.all });
    },
  });
}

export type ReportInput = {
  reportedUserId: string;
  category: ReportCategory;
  severity: ReportSeverity;
  details: string;
};

/** A user report for the moderators (D20): category, severity and optional details. */
export const useReportUser = () =>
  useMutation({
    mutationFn: ({ details, ...rest }: ReportInput) =>
      api('POST /api/reports', { body: { ...rest, details: details.trim() === '' ? null : details.trim() } }),
  });
