import { type QueryClient, timeoutManager } from '@tanstack/react-query';
import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { seedMe } from '../features/auth/api/get-me';
import { seedDeck } from '../features/discovery/api/get-deck';
import { seedMostCompatible } from '../features/discovery/api/get-most-compatible';
import { seedGroups } from '../features/groups/api/groups';
import { seedHiddenWords } from '../features/hidden-words/api/hidden-words';
import { seedConversations, seedMessagingMatches } from '../features/messaging/api/conversations';
import { seedUnreadCount } from '../features/notifications/api/notifications';
import { seedNotificationSettings } from '../features/notifications/api/preferences';
import { seedBoostStatus } from '../features/premium/api/boost';
import { seedPremiumStatus } from '../features/premium/api/get-premium-status';
import { seedSuperLikeStatus } from '../features/premium/api/get-super-like-status';
import { seedOwnProfile } from '../features/profiles/api/get-own-profile';
import type { DeckRequest, Endpoints } from '../lib/api-types';
import { coalescedTimeouts } from '../lib/coalesced-timeouts';

/**
 * The query cache's timers on one platform timer (N259), set before any query exists. A signed-in page
 * (the one with a first-load block, whose screens hold the most queries) loads this chunk; the landing
 * page does not, and keeps its first-load JavaScript within its budget.
 */
export function coalesceQueryTimers() {
  timeoutManager.setTimeoutProvider(coalescedTimeouts());
}

export type FirstLoadAnswer = { endpoint: string; body?: unknown; response: unknown };
type Response<E extends keyof Endpoints> = Endpoints[E]['response'];

/**
 * Puts the API answers the server wrote into the page (the `<script type="application/json">` block
 * of api/web-app.ts, N178) into the query cache before the first render, so the screen shows at once
 * instead of asking for them again. The block is read once and removed; the answers then live in the
 * cache like any fetched data (dropped at sign-out). An unreadable block leaves the cache empty and
 * the screens fetch as usual. Returns the screen the page was prepared for, which main.tsx loads
 * before the first render (N199).
 */
export function seedFirstLoad(queryClient: QueryClient, block: Element): FirstScreen | undefined {
  block.remove();
  let data: { answers: FirstLoadAnswer[]; screen?: FirstScreen };
  try {
    data = JSON.parse(block.textContent ?? '') as typeof data;
  } catch (error) {
    console.error('Unreadable first-load data; the page fetches it instead', error);
    return undefined;
  }
  seedAnswers(queryClient, data.answers);
  return data.screen;
}

/**
 * Where each answer goes: the query its screen asks for, under that feature's key (also for the server's
 * render, N220). Besides the screen's own data, the app header's and the chat's small queries are
 * answered in the page (N256), so the first render does not start seven requests and re-render for each.
 */
const SEEDS: { [E in keyof Endpoints]?: (queryClient: QueryClient, response: Response<E>, body: unknown) => void } = {
  'GET /api/me': seedMe,
  'GET /api/premium/status': seedPremiumStatus,
  'POST /api/discover/deck': (queryClient, response, body) => seedDeck(queryClient, body as DeckRequest, response),
  'GET /api/discover/most-compatible': seedMostCompatible,
  'GET /api/conversations': seedConversations,
  'GET /api/matches': seedMessagingMatches,
  'GET /api/super-likes/status': seedSuperLikeStatus,
  'GET /api/boost/status': seedBoostStatus,
  'GET /api/notifications/unread-count': seedUnreadCount,
  'GET /api/notifications/preferences': seedNotificationSettings,
  'GET /api/profile': seedOwnProfile,
  'GET /api/groups': seedGroups,
  'GET /api/hidden-words': seedHiddenWords,
};

/** Each answer into the cache under the key its screen asks for; an endpoint without a seed is left out. */
export function seedAnswers(queryClient: QueryClient, answers: FirstLoadAnswer[]) {
  for (const { endpoint, body, response } of answers) {
    const seed = SEEDS[endpoint as keyof Endpoints] as
      | ((queryClient: QueryClient, response: unknown, body: unknown) => void)
      | undefined;
    seed?.(queryClient, response, body);
  }
}

/**
 * The first render of a page with a first-load block: the screen the server rendered into #root from
 * the same answers is hydrated (N220), as a transition, so React yields to the browser between parts
 * instead of one long task; an empty #root is rendered as before. A server markup the browser's first
 * render does not match is rendered again by React: logged, not an error.
 */
export function renderFirstScreen(root: HTMLElement, app: ReactNode) {
  if (!root.firstElementChild) {
    createRoot(root).render(app);
    return;
  }
  startTransition(() => {
    hydrateRoot(root, app, {
      onRecoverableError: (error) => console.warn('The server-rendered first screen was rendered again', error),
    });
  });
}

/** The screen the server prepared the page for: `app` when it preloaded the app screen's chunks (N199). */
export type FirstScreen = 'app';
