/**
 * Most Compatible today (issue 21): the student's pick of the day at the top of Discover, with why.
 * The first request of the day for a campus computes the campus's matching and stores it (N133);
 * every later request, in any process (D4), reads it. Visibility is checked again on every read.
 */
import { compatibility, type MatchPerson } from '../matching/compatibility';
import { brokenRules } from '../matching/dealbreakers';
import { type Campus, placement } from '../matching/deck';
import { resolveDeckOptions } from '../matching/filters';
import { campusesInReach } from '../matching/get-deck';
import type { DiscoveryDeps, ProfileCard } from '../matching/ports';
import { profileErrors } from '../profiles/errors';
import type { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';
import { type CampusMatcher, inProcessMatcher } from './campus-matching';
import { hash32, pairOrder } from './daily-matching';
import type { MostCompatibleRepository, RosterEntry, StoredPick } from './ports';

export type MostCompatibleDeps = Pick<DiscoveryDeps, 'clock' | 'discovery' | 'swipes'> & {
  mostCompatible: MostCompatibleRepository;
  /** Where a campus's matching runs: in process by default; the server uses a worker thread (N137). */
  matchCampus?: CampusMatcher;
};

/** How many days of picks are kept (yesterday's stays readable around midnight). */
const KEEP_DAYS = 2;

export type MostCompatiblePick = {
  card: ProfileCard;
  score: number;
  /** The top factors that agree (D12's reasons), strongest first. */
  reasons: string[];
  isSameUniversity: boolean;
  distanceMiles: number | null;
};

/**
 * pick: today's pick, shown. answered: the student already liked or passed today's pick.
 * none: nobody today (an odd one out, no one compatible in reach, or the pick is no longer visible).
 */
export type MostCompatibleToday = {
  day: string;
  status: 'pick' | 'answered' | 'none';
  pick: MostCompatiblePick | null;
};

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
export const campusKey = (campus: Campus) => campus.name.trim().toLowerCase();

/** The campus's reach (the deck's, at its defaults): the campus itself, nearby ones and its metro area. */
async function reachOf(deps: Pick<MostCompatibleDeps, 'discovery'>, campus: Campus): Promise<Campus[]> {
  const defaults = resolveDeckOptions({}, 'free');
  if (!defaults.ok) return [campus];
  return campusesInReach(campus, await deps.discovery.campuses(), defaults.value);
}

/** Computes and stores the day's matching of one campus (and nearby); false when already stored. */
export async function computeCampusMatching(
  deps: Pick<MostCompatibleDeps, 'clock' | 'discovery' | 'mostCompatible' | 'matchCampus'>,
  campus: Campus,
  day: string,
): Promise<{ stored: boolean; method: 'stable' | 'max-weight'; students: number; paired: number }> {
  const reach = await reachOf(deps, campus);
  const roster = await deps.mostCompatible.roster(reach.map((c) => c.name));
  const index = new Map(roster.map((r, i) => [r.userId, i]));
  const apart: [number, number][] = [];
  for (const [a, b] of await deps.mostCompatible.apartPairs(roster.map((r) => r.userId))) {
    const i = index.get(a);
    const j = index.get(b);
    if (i !== undefined && j !== undefined) apart.push([i, j]);
  }
  const n = roster.length;
  const result = await (deps.matchCampus ?? inProcessMatcher)({
    day,
    campus: campusKey(campus),
    ids: roster.map((r) => r.userId),
    people: roster.map((r) => r.person),
    apart,
  });
  // Picks are stored for the campus's own students; nearby students get theirs from their own campus.
  const home = campusKey(campus);
  const picks: StoredPick[] = [];
  roster.forEach((r, i) => {
    if (r.university.trim().toLowerCase() !== home) return;
    const j = result.partner[i] as number;
    picks.push({
      userId: r.userId,
      pickUserId: j === -1 ? null : (roster[j]?.userId ?? null),
      score: j === -1 ? null : (result.pairScore[i] as number),
    });
  });
  const keepFrom = dayOf(new Date(Date.parse(`${day}T00:00:00Z`) - (KEEP_DAYS - 1) * 86_400_000));
  const stored = await deps.mostCompatible.saveRun(
    { day, campus: home, method: result.method, students: n, computedAt: deps.clock.now() },
    picks,
    keepFrom,
  );
  return { stored, method: result.method, students: n, paired: picks.filter((p) => p.pickUserId !== null).length };
}

/** Tries this many of the best free students when others claim them first. */
const LATE_ATTEMPTS = 3;

/**
 * A student who joined after their campus's run is paired with the most compatible student in reach
 * who has no pick today (an odd one out, or another late joiner of the campus): not part of the
 * stable matching, which stays as it was for everyone else (N136).
 */
async function pairLateJoiner(
  deps: MostCompatibleDeps,
  viewer: { userId: string; campus: Campus },
  day: string,
): Promise<StoredPick | null> {
  const home = campusKey(viewer.campus);
  const roster = await deps.mostCompatible.roster((await reachOf(deps, viewer.campus)).map((c) => c.name));
  const me = roster.find((r) => r.userId === viewer.userId);
  if (!me) return null; // not pairable (no photo, say): nothing to store
  const others = roster.filter((r) => r.userId !== viewer.userId);
  const states = await deps.mostCompatible.pickStates(
    day,
    others.map((r) => r.userId),
  );
  // Free: a row without a pick, or no row at all on the viewer's own campus (a nearby campus without
  // a row has not run yet today; its run will pair them).
  const free = others.filter((r) =>
    states.has(r.userId) ? states.get(r.userId) === null : r.university.trim().toLowerCase() === home,
  );
  const apart = new Set(
    (await deps.mostCompatible.apartPairs([viewer.userId, ...free.map((r) => r.userId)]))
      .filter(([a, b]) => a === viewer.userId || b === viewer.userId)
      .map(([a, b]) => (a === viewer.userId ? b : a)),
  );
  const seed = hash32(`${day}|${home}`);
  const salt = (id: string) => hash32(`${seed}|${id}`);
  const ranked = free
    .filter((r) => !apart.has(r.userId) && !breaksEitherWay(me.person, r.person))
    .map((r: RosterEntry) => ({
      r,
      score: compatibility(me.person, r.person).score,
      tie: pairOrder(seed, salt(viewer.userId), salt(r.userId)),
    }))
    .sort((x, y) => y.score - x.score || x.tie - y.tie);
  for (const { r, score } of ranked.slice(0, LATE_ATTEMPTS)) {
    const other = { userId: r.userId, campus: r.university.trim().toLowerCase() };
    if (await deps.mostCompatible.claimPair(day, { userId: viewer.userId, campus: home }, other, score)) {
      return { userId: viewer.userId, pickUserId: r.userId, score };
    }
  }
  await deps.mostCompatible.claimPair(day, { userId: viewer.userId, campus: home }, null, null);
  return deps.mostCompatible.pick(day, viewer.userId);
}

export async function getMostCompatible(
  deps: MostCompatibleDeps,
  userId: string,
): Promise<Result<MostCompatibleToday, DomainError>> {
  const day = dayOf(deps.clock.now());
  const viewer = await deps.discovery.viewer(userId);
  if (!viewer?.complete) return err(profileErrors.notFound());

  let stored = await deps.mostCompatible.pick(day, userId);
  if (!stored && !(await deps.mostCompatible.hasRun(day, campusKey(viewer.campus)))) {
    await computeCampusMatching(deps, viewer.campus, day);
    stored = await deps.mostCompatible.pick(day, userId);
  }
  // Not in today's run (completed their profile after it), or nobody today so far: pair with a
  // student who is free too, if any (N136).
  if (!stored?.pickUserId) stored = await pairLateJoiner(deps, { userId, campus: viewer.campus }, day);
  const none = { day, status: 'none' as const, pick: null };
  if (!stored?.pickUserId) return ok(none);

  // Read-time visibility (D13): a block either way, a suspended or deleted account since the run.
  const [card] = await deps.discovery.cards(userId, [stored.pickUserId]);
  if (!card) return ok(none);
  if (await deps.swipes.get(userId, card.userId)) return ok({ day, status: 'answered', pick: null });

  const compat = compatibility(viewer.person, card.person);
  const target = (await deps.discovery.campuses()).find((c) => c.name.toLowerCase() === card.university.toLowerCase());
  const place = placement(viewer.campus, target ?? { name: card.university, point: null, metroGroup: null }, {
    searchRadius: 10_000,
    includeNearbyUniversities: true,
    includeMetroArea: true,
    prioritizeSameUniversity: true,
    verifiedOnly: false,
    filters: {},
  });
  return ok({
    day,
    status: 'pick',
    pick: {
      card,
      score: compat.score,
      reasons: compat.reasons,
      isSameUniversity: place?.isSameUniversity ?? false,
      distanceMiles: place?.distanceMiles ?? null,
    },
  });
}

/** Either student breaks one of the other's structured dealbreakers (N151). */
const breaksEitherWay = (a: MatchPerson, b: MatchPerson) => brokenRules(a, b).length + brokenRules(b, a).length > 0;
