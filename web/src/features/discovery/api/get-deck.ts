import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { DeckRequest, Endpoints } from '../../../lib/api-types';

type DeckResponse = Endpoints['POST /api/discover/deck']['response'];

/** The deck as fetched, plus how many candidates it brought (the hints read the result size, 000 §9). */
export type Deck = DeckResponse & { resultCount: number };

export const deckKeys = { all: ['discover', 'deck'] as const };
const deckKey = (request: DeckRequest | null) => [...deckKeys.all, request] as const;

const toDeck = (deck: DeckResponse): Deck => ({ ...deck, resultCount: deck.candidates.length });

export async function getDeck(request: DeckRequest): Promise<Deck> {
  return toDeck(await api('POST /api/discover/deck', { body: request }));
}

/**
 * A deck answered in the page the server sent (N178), under its request: the screen takes it only
 * when it would ask for the same deck (no saved filters), else it fetches its own.
 */
export const seedDeck = (queryClient: QueryClient, request: DeckRequest, answer: DeckResponse) =>
  queryClient.setQueryData(deckKey(request), toDeck(answer));

/** Up to 50 candidates, best first (D13). Waits for the request (the plan must be known). */
export const useDeck = (request: DeckRequest | null) =>
  useQuery({
    queryKey: deckKey(request),
    queryFn: () => getDeck(request as DeckRequest),
    enabled: request !== null,
  });

/** After a swipe the card leaves every cached deck, so a remount never shows it again (001 §4). */
export function removeFromDecks(queryClient: QueryClient, userId: string) {
  queryClient.setQueriesData<Deck>({ queryKey: deckKeys.all }, (deck) =>
    deck ? { ...deck, candidates: deck.candidates.filter((c) => c.userId !== userId) } : deck,
  );
}
