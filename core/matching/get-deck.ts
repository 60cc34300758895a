/** get_potential_roommates_with_geo (001 §7) and get_filtered_profiles, as one use case. */
import { planOf } from '../billing/entitlements';
import { profileErrors } from '../profiles/errors';
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import type { MatchPerson } from './compatibility';
import { poolDealbreakers } from './dealbreakers';
import { buildDeck, type Campus, DECK_SIZE, type DeckEntry, placement } from './deck';
import { type DeckOptions, type ResolvedDeckOptions, resolveDeckOptions } from './filters';
import type { DiscoveryDeps } from './ports';

/** How many nearby profiles are scored per deck: the best 50 of them are shown (decisions N14). */
export const POOL_SIZE = 200;

const key = (name: string) => name.trim().toLowerCase();

/** The universities a deck draws from, own campus first, then nearest first. */
export function campusesInReach(viewer: Campus, campuses: Campus[], options: ResolvedDeckOptions): Campus[] {
  const reach = campuses
    .map((c) => ({ c, place: placement(viewer, c, options) }))
    .filter((x) => x.place !== null)
    .sort((a, b) => (a.place?.distanceMiles ?? 0) - (b.place?.distanceMiles ?? 0))
    .map((x) => x.c);
  return reach.some((c) => key(c.name) === key(viewer.name)) ? reach : [viewer, ...reach];
}

export async function getDeck(
  deps: Pick<DiscoveryDeps, 'clock' | 'discovery' | 'subscriptions'>,
  userId: string,
  input: DeckOptions,
  group: { memberIds: string[]; exclude?: string[] } | null = null,
): Promise<Result<{ entries: DeckEntry[]; options: ResolvedDeckOptions }, DomainError>> {
  const now = deps.clock.now();
  // Independent reads go out together: on PostgreSQL each is a round trip (issue 18 §8).
  const [subscription, viewer] = await Promise.all([deps.subscriptions.get(userId), deps.discovery.viewer(userId)]);
  const resolved = resolveDeckOptions(input, planOf(subscription, now));
  if (!resolved.ok) return resolved;
  if (!viewer?.complete) return err(profileErrors.notFound());

  const memberIds = group?.memberIds ?? [userId];
  const members: MatchPerson[] = (
    await Promise.all(memberIds.map((id) => (id === userId ? viewer : deps.discovery.viewer(id))))
  ).flatMap((m) => (m ? [m.person] : []));
  const options = resolved.value;
  const campuses = await deps.discovery.campuses();
  const reach = campusesInReach(viewer.campus, campuses, options);
  const pool = await deps.discovery.candidatePool(userId, {
    universities: reach.map((c) => c.name),
    // Issue 20 (N123): in group mode, also whoever is blocked either way with a member.
    exclude: [...new Set([userId, ...memberIds, ...(group?.exclude ?? [])])],
    limit: POOL_SIZE,
    now,
    verifiedOnly: options.verifiedOnly,
    dealbreakers: poolDealbreakers(members),
  });
  const ranked = buildDeck({ campus: viewer.campus, members }, pool, options, DECK_SIZE);
  // Only the cards that made the deck are read as cards (N208); one whose account went in between is left out.
  const cards = new Map((await deps.discovery.hydrate(ranked.map((e) => e.userId))).map((d) => [d.userId, d]));
  const entries: DeckEntry[] = ranked.flatMap((e) => {
    const card = cards.get(e.userId);
    return card ? [{ ...e, ...card }] : [];
  });
  return ok({ entries, options });
}
