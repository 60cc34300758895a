import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { seedSignedInUser } from '../../../test/db';
import { server } from '../../../test/server';
import { messagingKeys, useConversations, useGroupConversations } from './conversations';

describe('the conversation lists (N256)', () => {
  it('share one request when both are refreshed at once, as a live catch-up does', async () => {
    seedSignedInUser();
    let requests = 0;
    const count = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === '/api/conversations') requests++;
    };
    server.events.on('request:start', count);
    try {
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const wrapper = ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      );
      const { result } = renderHook(() => ({ one: useConversations(), groups: useGroupConversations() }), { wrapper });
      await waitFor(() => expect(result.current.one.isSuccess && result.current.groups.isSuccess).toBe(true));
      expect(requests).toBe(1);
      expect(result.current.one.data).toEqual(expect.any(Array));
      expect(result.current.groups.data).toEqual(expect.any(Array));

      await client.invalidateQueries({ queryKey: messagingKeys.conversations });
      expect(requests).toBe(2);
    } finally {
      server.events.removeListener('request:start', count);
    }
  });
});
