import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

// Client errors (4xx) are answers, not glitches: retrying them only delays the message.
const shouldRetry = (failureCount: number, error: unknown) =>
  !(isApiError(error) && error.status < 500) && failureCount < 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
