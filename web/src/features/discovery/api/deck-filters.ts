import { useCallback, useEffect, useState } from 'react';
import { clampRadius, ENTITLEMENTS, type Plan } from '../../../../../core/billing/entitlements';
import type { AdvancedFilters } from '../../../../../core/matching/filters';
import type { DeckRequest } from '../../../lib/api-types';
import { useHydrated } from '../../../lib/hydrated';

/** What the Advanced Filters dialog sets (000 §3 filter set); radius null means the plan's default. */
export type DeckFilters = {
  searchRadius: number | null;
  includeNearbyUniversities: boolean;
  includeMetroArea: boolean;
  prioritizeSameUniversity: boolean;
  /** Issue 16: only photo-verified students; free for everyone. */
  verifiedOnly: boolean;
  filters: AdvancedFilters;
};

type Stored = DeckFilters & { plan?: Plan };

// 001 §5: nearby universities, same-university priority and metro area default to on.
export const EMPTY_FILTERS: DeckFilters = {
  searchRadius: null,
  includeNearbyUniversities: true,
  includeMetroArea: true,
  prioritizeSameUniversity: true,
  verifiedOnly: false,
  filters: {},
};

const storageKey = (userId: string) => `nestmate:discover-filters:${userId}`;

function load(userId: string): Stored {
  // Rendered on the server (N221): the first deck there is asked with no saved filters (N178).
  if (typeof localStorage === 'undefined') return EMPTY_FILTERS;
  try {
    const raw = localStorage.getItem(storageKey(userId));
    if (!raw) return EMPTY_FILTERS;
    const parsed = JSON.parse(raw) as Partial<Stored>;
    return {
      searchRadius: typeof parsed.searchRadius === 'number' ? parsed.searchRadius : null,
      includeNearbyUniversities: parsed.includeNearbyUniversities !== false,
      includeMetroArea: parsed.includeMetroArea !== false,
      prioritizeSameUniversity: parsed.prioritizeSameUniversity !== false,
      verifiedOnly: parsed.verifiedOnly === true,
      filters: parsed.filters && typeof parsed.filters === 'object' ? parsed.filters : {},
      plan: parsed.plan === 'gold' || parsed.plan === 'free' ? parsed.plan : undefined,
    };
  } catch (error) {
    console.error('Unreadable saved filters; starting fresh', error);
    return EMPTY_FILTERS;
  }
}

const isSet = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The advanced filters without empty entries (what the badge counts and the server receives). */
export const cleanFilters = (filters: AdvancedFilters): AdvancedFilters =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => isSet(v))) as AdvancedFilters;

/** The deck request for a plan: the radius within its bounds, advanced filters only for Gold (D16). */
export function toDeckRequest(f: DeckFilters, plan: Plan): DeckRequest {
  const filters = cleanFilters(f.filters);
  return {
    searchRadius: clampRadius(f.searchRadius, plan),
    includeNearbyUniversities: f.includeNearbyUniversities,
    includeMetroArea: f.includeMetroArea,
    prioritizeSameUniversity: f.prioritizeSameUniversity,
    verifiedOnly: f.verifiedOnly,
    ...(ENTITLEMENTS[plan].advancedFilters && Object.keys(filters).length > 0 ? { filters } : {}),
  };
}

/**
 * The stored filters as they apply under `plan`: when the plan changed, the radius is capped at the new
 * plan's default (000 §4) and kept within its bounds (clampRadius). Pure, so the first render already asks
 * for the deck it will keep (N258).
 */
function forPlan(stored: Stored, plan: Plan): Stored {
  if (stored.plan === plan) return stored;
  const radius =
    stored.searchRadius === null
      ? null
      : stored.plan === undefined
        ? clampRadius(stored.searchRadius, plan)
        : Math.min(clampRadius(stored.searchRadius, plan), ENTITLEMENTS[plan].defaultRadius);
  return { ...stored, searchRadius: radius, plan };
}

/**
 * The chosen filters and radius, kept per user in localStorage, as they apply under the plan (forPlan,
 * saved once the plan is known). While a server-rendered Discover is hydrated, the filters are the ones
 * the server asked its deck with, none (N178): the browser's first render then matches the server's
 * markup, and the saved filters apply in the render right after (N258).
 */
export function useDeckFilters(userId: string, plan: Plan | undefined) {
  const hydrated = useHydrated();
  const [stored, setStored] = useState<Stored>(() => load(userId));
  const save = useCallback(
    (next: Stored) => {
      setStored(next);
      try {
        localStorage.setItem(storageKey(userId), JSON.stringify(next));
      } catch (error) {
        console.error('Could not save filters', error);
      }
    },
    [userId],
  );

  useEffect(() => {
    if (plan && stored.plan !== plan) save(forPlan(stored, plan));
  }, [plan, stored, save]);

  const apply = useCallback((next: DeckFilters) => save({ ...next, plan }), [save, plan]);
  const clear = useCallback(() => save({ ...EMPTY_FILTERS, plan }), [save, plan]);
  const current: Stored = !hydrated ? EMPTY_FILTERS : plan ? forPlan(stored, plan) : stored;
  const { plan: _plan, ...filters } = current;
  return { filters, apply, clear, ready: plan !== undefined };
}
