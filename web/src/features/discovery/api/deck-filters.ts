import { useCallback, useEffect, useState } from 'react';
import { clampRadius, ENTITLEMENTS, type Plan } from '../../../../../core/billing/entitlements';
import type { AdvancedFilters } from '../../../../../core/matching/filters';
import type { DeckRequest } from '../../../lib/api-types';

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
 * The chosen filters and radius, kept per user in localStorage. When the plan changes, the radius
 * is capped at the new plan's default (000 §4) and kept within its bounds (clampRadius).
 */
export function useDeckFilters(userId: string, plan: Plan | undefined) {
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
    if (!plan || stored.plan === plan) return;
    const radius =
      stored.plan === undefined || stored.searchRadius === null
        ? stored.searchRadius === null
          ? null
          : clampRadius(stored.searchRadius, plan)
        : Math.min(clampRadius(stored.searchRadius, plan), ENTITLEMENTS[plan].defaultRadius);
    save({ ...stored, searchRadius: radius, plan });
  }, [plan, stored, save]);

  const apply = useCallback((next: DeckFilters) => save({ ...next, plan }), [save, plan]);
  const clear = useCallback(() => save({ ...EMPTY_FILTERS, plan }), [save, plan]);
  const { plan: _plan, ...filters } = stored;
  // Nothing saved for a plan yet and no radius chosen: the effect above only records the plan, so the
  // request is already the one it will be, and the first render asks for it (the deck a server-rendered
  // first screen shows, N220) instead of rendering a spinner first.
  const settled = stored.plan === plan || (stored.plan === undefined && stored.searchRadius === null);
  return { filters: filters as DeckFilters, apply, clear, ready: plan !== undefined && settled };
}
