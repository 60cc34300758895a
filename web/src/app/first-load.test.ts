import { QueryClient, timeoutManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { defaultDeckRequest } from '../../../core/matching/filters';
import { EMPTY_FILTERS, toDeckRequest } from '../features/discovery/api/deck-filters';
import { coalesceQueryTimers, seedFirstLoad } from './first-load';

/** The data block of a page as the server writes it for a signed-in student (api/web-app.ts). */
function blockWith(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'nestmate-first-load';
  block.textContent = text;
  document.body.append(block);
  return block;
}

const me = { user: { id: 'u1', email: 'ana@ucla.edu', hasAgreement: true, hasProfile: true } };
const deck = { candidates: [{ userId: 'u2', name: 'Ben' }], searchRadius: 20, plan: 'free', activeFilterCount: 0 };

describe('seedFirstLoad (N178)', () => {
  it('puts the answers in the page into the cache under the keys the screens ask for, then drops the block', () => {
    const request = defaultDeckRequest('free');
    const block = blockWith(
      JSON.stringify({
        answers: [
          { endpoint: 'GET /api/me', response: me },
          { endpoint: 'GET /api/premium/status', response: { isPremium: false } },
          { endpoint: 'POST /api/discover/deck', body: request, response: deck },
          { endpoint: 'GET /api/conversations', response: { conversations: [{ id: 'c1' }], groupConversations: [] } },
          { endpoint: 'GET /api/matches', response: { matches: [{ id: 'm1' }] } },
          { endpoint: 'GET /api/super-likes/status', response: { remaining: 1, limit: 1 } },
          { endpoint: 'GET /api/boost/status', response: { active: false } },
          { endpoint: 'GET /api/notifications/unread-count', response: { unread: 3 } },
          { endpoint: 'GET /api/notifications/preferences', response: { preferences: {}, vapidPublicKey: null } },
          { endpoint: 'GET /api/profile', response: { profile: { name: 'Ana' } } },
          { endpoint: 'GET /api/groups', response: { groups: [], mode: 'solo' } },
          { endpoint: 'GET /api/hidden-words', response: { words: ['rent'] } },
          { endpoint: 'GET /api/unknown', response: { x: 1 } },
        ],
      }),
    );
    const client = new QueryClient();
    seedFirstLoad(client, block);
    expect(client.getQueryData(['me'])).toEqual(me.user);
    expect(client.getQueryData(['premium', 'status'])).toEqual({ isPremium: false });
    // The screen's own key for a student with no saved filters, with the result size it reads.
    expect(client.getQueryData(['discover', 'deck', toDeckRequest(EMPTY_FILTERS, 'free')])).toEqual({
      ...deck,
      resultCount: 1,
    });
    expect(client.getQueryData(['messaging', 'conversations'])).toEqual([{ id: 'c1' }]);
    expect(client.getQueryData(['messaging', 'conversations', 'groups'])).toEqual([]);
    expect(client.getQueryData(['messaging', 'matches'])).toEqual([{ id: 'm1' }]);
    // The app header's, the push offer's and the tabs' small queries (N256), each as its hook reads it.
    expect(client.getQueryData(['premium', 'super-likes'])).toEqual({ remaining: 1, limit: 1 });
    expect(client.getQueryData(['premium', 'boost'])).toEqual({ active: false });
    expect(client.getQueryData(['notifications', 'unread'])).toBe(3);
    expect(client.getQueryData(['notifications', 'preferences'])).toEqual({ preferences: {}, vapidPublicKey: null });
    expect(client.getQueryData(['profile', 'own'])).toEqual({ name: 'Ana' });
    expect(client.getQueryData(['groups'])).toEqual({ groups: [], mode: 'solo' });
    expect(client.getQueryData(['moderation', 'hidden-words'])).toEqual(['rent']);
    expect(client.getQueryCache().getAll()).toHaveLength(13);
    expect(document.getElementById('nestmate-first-load')).toBeNull();
  });

  it('asks for the same deck as the screen with no saved filters, on either plan', () => {
    for (const plan of ['free', 'gold'] as const)
      expect(toDeckRequest(EMPTY_FILTERS, plan)).toEqual(defaultDeckRequest(plan));
  });

  it('leaves the cache empty with an unreadable block', () => {
    const client = new QueryClient();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    seedFirstLoad(client, blockWith('{"answers": [oops'));
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('returns the screen the server prepared the page for, which main.tsx loads before rendering (N199)', () => {
    const answers = [{ endpoint: 'GET /api/me', response: me }];
    expect(seedFirstLoad(new QueryClient(), blockWith(JSON.stringify({ answers })))).toBeUndefined();
    expect(seedFirstLoad(new QueryClient(), blockWith(JSON.stringify({ answers, screen: 'app' })))).toBe('app');
  });
});

describe('coalesceQueryTimers (N259)', () => {
  it("puts the query cache's timers on one platform timer", () => {
    vi.useFakeTimers();
    try {
      coalesceQueryTimers();
      const queryClient = new QueryClient();
      // Each query set without an observer schedules its garbage collection.
      for (const key of ['me', 'deck', 'conversations', 'matches']) queryClient.setQueryData([key], { key });
      expect(vi.getTimerCount()).toBe(1);
      vi.advanceTimersByTime(5 * 60_000);
      expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    } finally {
      // The provider is global: the platform's own timers again for whatever runs after.
      timeoutManager.setTimeoutProvider({ setTimeout, clearTimeout, setInterval, clearInterval });
      vi.useRealTimers();
    }
  });
});
