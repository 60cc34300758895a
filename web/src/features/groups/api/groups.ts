import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Endpoints } from '../../../lib/api-types';

export type GroupsState = Endpoints['GET /api/groups']['response'];
export type Group = GroupsState['groups'][number];
export type GroupMember = Group['members'][number];
export type ModeSetting = Endpoints['PUT /api/group-mode']['body'];

export const groupKeys = { all: ['groups'] as const };

/** My groups with their members, and my mode (000 §4: fetched only when signed in). */
export const useGroups = () => useQuery({ queryKey: groupKeys.all, queryFn: () => api('GET /api/groups') });

/** The groups answered in the page the server sent (N178). */
export const seedGroups = (queryClient: QueryClient, answer: GroupsState) =>
  queryClient.setQueryData(groupKeys.all, answer);

/** The name shown on the mode chip, or null in solo mode. */
export const activeGroupName = (state: GroupsState | undefined) =>
  state?.mode === 'group' ? (state.groups.find((g) => g.id === state.activeGroupId)?.name ?? null) : null;

/**
 * Every group change refetches the groups; `onChanged` lets the app refresh what depends on the
 * mode (the deck) without this feature knowing about it.
 */
function useGroupMutation<V, R>(mutationFn: (vars: V) => Promise<R>, onChanged?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: groupKeys.all });
      onChanged?.();
    },
  });
}

export const useCreateGroup = () =>
  useGroupMutation((body: { name: string; description: string | null }) => api('POST /api/groups', { body }));

export const useUpdateGroup = () =>
  useGroupMutation(({ groupId, ...body }: { groupId: string; name: string; description: string | null }) =>
    api('PUT /api/groups/{groupId}', { params: { groupId }, body }),
  );

export const useJoinGroup = () =>
  useGroupMutation((inviteCode: string) => api('POST /api/groups/join', { body: { inviteCode } }));

export const useGenerateInviteCode = () =>
  useGroupMutation((groupId: string) => api('POST /api/groups/{groupId}/invite-code', { params: { groupId } }));

export const useLeaveGroup = (onChanged?: () => void) =>
  useGroupMutation((groupId: string) => api('POST /api/groups/{groupId}/leave', { params: { groupId } }), onChanged);

export const useDeleteGroup = (onChanged?: () => void) =>
  useGroupMutation((groupId: string) => api('DELETE /api/groups/{groupId}', { params: { groupId } }), onChanged);

export const useRemoveMember = (onChanged?: () => void) =>
  useGroupMutation(
    ({ groupId, userId }: { groupId: string; userId: string }) =>
      api('DELETE /api/groups/{groupId}/members/{userId}', { params: { groupId, userId } }),
    onChanged,
  );

export const useSetMode = (onChanged?: () => void) =>
  useGroupMutation((body: ModeSetting) => api('PUT /api/group-mode', { body }), onChanged);
