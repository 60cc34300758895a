/**
 * Building a deck (D13): eligibility by distance, metro area and filters, then the order —
 * active boosts first, then those who super-liked you, then compatibility, with the same
 * university first when that toggle is on. At most 50 (001 §9).
 */
import { ENTITLEMENTS, type Plan } from '../billing/entitlements';
import type { TrustBadges } from '../profiles/model';
import {
  type Compatibility,
  compatibilityFactors,
  type Factor,
  groupCompatibility,
  type MatchPerson,
  reasonsOf,
  scoreOf,
} from './compatibility';
import { type AdvancedFilters, passesFilters, type ResolvedDeckOptions } from './filters';
import { haversineMiles, type Point } from './geo';

export const DECK_SIZE = 50;

export type Campus = { name: string; point: Point | null; metroGroup: string | null };

/**
 * A student of the deck's pool: what placing, filtering and scoring read. The pool holds about 200
 * of them; only the 50 that make the deck are read as cards (CardDetails, N208).
 */
export type PoolCandidate = {
  userId: string;
  university: string;
  major: string;
  graduationYear: number | null;
  campus: Campus;
  person: MatchPerson;
  isBoosted: boolean;
  superLikedYou: boolean;
  filterable: Parameters<typeof passesFilters>[0];
};

/** What only a card shows, read for the cards that made the deck (N208). */
export type CardDetails = {
  userId: string;
  name: string;
  bio: string;
  /** As shown: the self-description, or null for "Prefer not to say". */
  gender: string | null;
  photos: string[];
  prompt: { promptText: string; response: string } | null;
  badges: TrustBadges;
};

export type DeckCandidate = PoolCandidate & CardDetails;

/** A pool candidate placed and scored: the deck's order before its cards are read. */
export type RankedCandidate<C extends PoolCandidate = PoolCandidate> = C & {
  compatibility: Compatibility;
  distanceMiles: number | null;
  isSameUniversity: boolean;
  isMetroArea: boolean;
};

export type DeckEntry = RankedCandidate<DeckCandidate>;

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Where a candidate stands relative to the viewer's campus, or null when out of reach. */
export function placement(viewer: Campus, candidate: Campus, options: ResolvedDeckOptions) {
  const isSameUniversity = sameName(viewer.name, candidate.name);
  const isMetroArea = !isSameUniversity && viewer.metroGroup !== null && viewer.metroGroup === candidate.metroGroup;
  const distanceMiles = isSameUniversity
    ? 0
    : viewer.point && candidate.point
      ? haversineMiles(viewer.point, candidate.point)
      : null;
  if (isSameUniversity) return { isSameUniversity, isMetroArea, distanceMiles };
  if (isMetroArea && options.includeMetroArea) return { isSameUniversity, isMetroArea, distanceMiles };
  if (options.includeNearbyUniversities && distanceMiles !== null && distanceMiles <= options.searchRadius) {
    return { isSameUniversity, isMetroArea, distanceMiles };
  }
  return null;
}

type Placement = NonNullable<ReturnType<typeof placement>>;

/**
 * Whether the candidate could appear in some deck of the viewer (D13, issue 14): the deck's own
 * placement rule at the widest options the plan allows (its largest radius, nearby and metro on).
 * The server does not keep the viewer's toggles, and advanced filters only narrow a deck.
 */
export function withinReach(viewer: Campus, candidate: Campus, plan: Plan): boolean {
  const widest = {
    searchRadius: ENTITLEMENTS[plan].maxRadius,
    includeNearbyUniversities: true,
    includeMetroArea: true,
    prioritizeSameUniversity: true,
    verifiedOnly: false,
    filters: {},
  };
  return placement(viewer, candidate, widest) !== null;
}

export function buildDeck<C extends PoolCandidate>(
  viewer: { campus: Campus; members: MatchPerson[] },
  pool: C[],
  options: ResolvedDeckOptions,
  limit = DECK_SIZE,
): RankedCandidate<C>[] {
  const filters: AdvancedFilters = options.filters;
  const solo = viewer.members.length === 1 ? (viewer.members[0] as MatchPerson) : null;
  // Rank on scores alone; only the cards that make the deck are copied and get their reasons.
  const ranked: { c: C; place: Placement; score: number; factors: Factor[] | null }[] = [];
  for (const c of pool) {
    const place = placement(viewer.campus, c.campus, options);
    if (!place) continue;
    if (!passesFilters(c.filterable, filters)) continue;
    const factors = solo ? compatibilityFactors(solo, c.person) : null;
    const score = solo ? scoreOf(factors) : groupCompatibility(viewer.members, c.person).score;
    ranked.push({ c, place, score, factors });
  }
  const same = options.prioritizeSameUniversity;
  ranked.sort(
    (a, b) =>
      Number(b.c.isBoosted) - Number(a.c.isBoosted) ||
      Number(b.c.superLikedYou) - Number(a.c.superLikedYou) ||
      (same ? Number(b.place.isSameUniversity) - Number(a.place.isSameUniversity) : 0) ||
      b.score - a.score ||
      (a.c.userId < b.c.userId ? -1 : a.c.userId > b.c.userId ? 1 : 0),
  );
  return ranked.slice(0, limit).map(({ c, place, score, factors }) => ({
    ...c,
    ...place,
    compatibility: solo
      ? { score, factors: factors ?? [], reasons: reasonsOf(factors) }
      : groupCompatibility(viewer.members, c.person),
  }));
}
