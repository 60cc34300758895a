import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const marketingKey = ['settings', 'marketing-emails'] as const;

/** Whether the student gets tips and product updates by e-mail (issue 17; the Terms screen's promise). */
export const useMarketingEmails = () =>
  useQuery({ queryKey: marketingKey, queryFn: () => api('GET /api/me/marketing-emails') });

/** Turns it on or off; the server records each change like the agreement. */
export function useSetMarketingEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api('PUT /api/me/marketing-emails', { body: { enabled } }),
    onSuccess: (value) => queryClient.setQueryData(marketingKey, value),
  });
}
