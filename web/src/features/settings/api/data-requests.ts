import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DataRequest } from '../../../lib/api-types';

export const dataRequestKeys = { all: ['privacy', 'data-requests'] as const };

// The server builds an export within about ten seconds (D25): poll while one is pending.
const POLL_MS = 2000;

const hasPendingExport = (requests: DataRequest[] | undefined) =>
  requests?.some((r) => r.requestType === 'export' && r.status === 'pending') ?? false;

/** Your data requests, newest first; polled while an export is being built. */
export const useDataRequests = (enabled = true) =>
  useQuery({
    queryKey: dataRequestKeys.all,
    queryFn: async () => (await api('GET /api/data-requests')).requests,
    enabled,
    refetchInterval: (query) => (hasPendingExport(query.state.data) ? POLL_MS : false),
  });

/** Requests an export or a deletion (001 §4: each starts pending). */
export function useRequestData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestType: DataRequest['requestType']) => api('POST /api/data-requests', { body: { requestType } }),
    onSuccess: ({ request }) => {
      queryClient.setQueryData<DataRequest[]>(dataRequestKeys.all, (list) => [request, ...(list ?? [])]);
    },
  });
}

/** Fetches a completed export and saves it as a JSON file (available for 7 days, 001 §9). */
export async function downloadExport(request: DataRequest) {
  const archive = await api('GET /api/data-requests/{requestId}/download', { params: { requestId: request.id } });
  const blob = new Blob([JSON.stringify(archive, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `nestmate-export-${request.createdAt.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
