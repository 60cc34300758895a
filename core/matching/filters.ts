/**
 * The deck's options and the advanced filters (000 §3 filter set, §5, §6; 001 §3, §5; D16).
 * Radius and the three toggles are everyone's; everything else is Gold's.
 */
import { clampRadius, ENTITLEMENTS, type Plan, RADIUS_MIN, RADIUS_STEP } from '../billing/entitlements';
import { DomainError } from '../shared/errors';
import { err, ok, type Result } from '../shared/result';

export type AdvancedFilters = {
  university?: string | null;
  major?: string | null;
  graduationYearMin?: number | null;
  graduationYearMax?: number | null;
  housingStatus?: string | null;
  moveInDateStart?: string | null;
  moveInDateEnd?: string | null;
  minBudget?: number | null;
  maxBudget?: number | null;
  cleanlinessMin?: number | null;
  cleanlinessMax?: number | null;
  sleepScheduleMin?: number | null;
  sleepScheduleMax?: number | null;
  studyHabitsMin?: number | null;
  studyHabitsMax?: number | null;
  socialLevelMin?: number | null;
  socialLevelMax?: number | null;
  noiseLevelMin?: number | null;
  noiseLevelMax?: number | null;
  guestPolicyMin?: number | null;
  guestPolicyMax?: number | null;
  gender?: string[] | null;
  specificUniversities?: string[] | null;
};

export type DeckOptions = {
  searchRadius?: number | null;
  includeNearbyUniversities?: boolean;
  includeMetroArea?: boolean;
  prioritizeSameUniversity?: boolean;
  /** Issue 16: only photo-verified students. Free for everyone (safety is not paywalled), not an advanced filter. */
  verifiedOnly?: boolean;
  filters?: AdvancedFilters;
};

export type ResolvedDeckOptions = {
  searchRadius: number;
  includeNearbyUniversities: boolean;
  includeMetroArea: boolean;
  prioritizeSameUniversity: boolean;
  verifiedOnly: boolean;
  filters: AdvancedFilters;
};

export const FILTER_MESSAGES = {
  premiumTitle: 'Premium Feature',
  premium: 'Upgrade to Gold to use advanced filters',
  radius: (plan: Plan) =>
    `Search radius must be between ${RADIUS_MIN} and ${ENTITLEMENTS[plan].maxRadius} miles in steps of ${RADIUS_STEP}.`,
} as const;

export const premiumRequired = (message: string = FILTER_MESSAGES.premium) =>
  new DomainError('PREMIUM.REQUIRED', message, undefined, FILTER_MESSAGES.premiumTitle);

const isSet = (v: unknown) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0) && v !== '';

/** How many advanced filters are set (the badge on the Advanced Filters dialog). */
export function activeFilterCount(options: DeckOptions, plan: Plan): number {
  const advanced = Object.values(options.filters ?? {}).filter(isSet).length;
  const radius =
    options.searchRadius !== null &&
    options.searchRadius !== undefined &&
    options.searchRadius !== ENTITLEMENTS[plan].defaultRadius
      ? 1
      : 0;
  // 001 §5: the toggles' default (true) does not count as a filter.
  const toggles = [
    options.includeNearbyUniversities,
    options.includeMetroArea,
    options.prioritizeSameUniversity,
  ].filter((v) => v === false).length;
  return advanced + radius + toggles;
}

/**
 * The deck a student sees before touching the filters (001 §5: the toggles on, the plan's default
 * radius): what the web app asks for with no saved filters, and what the server puts into the first
 * page it serves a signed-in student (N178).
 */
export const defaultDeckRequest = (plan: Plan) => ({
  searchRadius: clampRadius(null, plan),
  includeNearbyUniversities: true,
  includeMetroArea: true,
  prioritizeSameUniversity: true,
  verifiedOnly: false,
});

/** D16: advanced filters only for Gold; the radius within the plan's bounds, on a 5-mile step. */
export function resolveDeckOptions(options: DeckOptions, plan: Plan): Result<ResolvedDeckOptions, DomainError> {
  const filters = options.filters ?? {};
  if (!ENTITLEMENTS[plan].advancedFilters && Object.values(filters).some(isSet)) return err(premiumRequired());
  const r = options.searchRadius;
  if (r !== null && r !== undefined) {
    if (!Number.isInteger(r) || r < RADIUS_MIN || r > ENTITLEMENTS[plan].maxRadius || r % RADIUS_STEP !== 0) {
      return err(
        new DomainError('VALIDATION', FILTER_MESSAGES.radius(plan), [
          { path: 'searchRadius', message: FILTER_MESSAGES.radius(plan) },
        ]),
      );
    }
  }
  return ok({
    searchRadius: clampRadius(r, plan),
    includeNearbyUniversities: options.includeNearbyUniversities ?? true,
    includeMetroArea: options.includeMetroArea ?? true,
    prioritizeSameUniversity: options.prioritizeSameUniversity ?? true,
    verifiedOnly: options.verifiedOnly ?? false,
    filters,
  });
}

/**
 * The filter's housing values (000 §5 filter values) describe what the viewer wants; profiles hold
 * the wizard's values. This maps one onto the other (docs/decisions.md N17).
 */
export const HOUSING_FILTER_MATCHES: Record<string, string[]> = {
  looking_for_roommate: ['looking_for_roommates', 'looking_to_join', 'flexible'],
  have_housing_need_roommate: ['looking_for_roommates'],
  need_housing_and_roommate: ['looking_to_join'],
  flexible: ['flexible'],
};

const housingMatches = (filter: string, value: string | null) =>
  value !== null && (HOUSING_FILTER_MATCHES[filter] ?? [filter]).includes(value);

type Filterable = {
  university: string;
  major: string;
  graduationYear: number | null;
  gender: string | null;
  preferences: {
    housingStatus: string | null;
    moveInDate: string | null;
    minBudget: number | null;
    maxBudget: number | null;
    cleanliness: number | null;
    sleepSchedule: number | null;
    studyHabits: number | null;
    noiseLevel: number | null;
    guestPolicy: number | null;
  } | null;
};

const within = (v: number | null | undefined, min?: number | null, max?: number | null) =>
  (min === null || min === undefined || (v !== null && v !== undefined && v >= min)) &&
  (max === null || max === undefined || (v !== null && v !== undefined && v <= max));

/** Whether a candidate passes the advanced filters (all that are set must hold). */
export function passesFilters(c: Filterable, f: AdvancedFilters): boolean {
  const p = c.preferences;
  const eq = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (isSet(f.university) && !eq(c.university, f.university as string)) return false;
  if (isSet(f.specificUniversities) && !(f.specificUniversities as string[]).some((u) => eq(u, c.university)))
    return false;
  if (isSet(f.major) && !c.major.toLowerCase().includes((f.major as string).toLowerCase())) return false;
  if (!within(c.graduationYear, f.graduationYearMin, f.graduationYearMax)) return false;
  if (isSet(f.gender) && !(f.gender as string[]).includes(c.gender ?? '')) return false;
  const needsPrefs = [
    f.housingStatus,
    f.moveInDateStart,
    f.moveInDateEnd,
    f.minBudget,
    f.maxBudget,
    f.cleanlinessMin,
    f.cleanlinessMax,
    f.sleepScheduleMin,
    f.sleepScheduleMax,
    f.studyHabitsMin,
    f.studyHabitsMax,
    f.socialLevelMin,
    f.socialLevelMax,
    f.noiseLevelMin,
    f.noiseLevelMax,
    f.guestPolicyMin,
    f.guestPolicyMax,
  ].some(isSet);
  if (!needsPrefs) return true;
  if (!p) return false;
  if (isSet(f.housingStatus) && !housingMatches(f.housingStatus as string, p.housingStatus)) return false;
  if (isSet(f.moveInDateStart) && (!p.moveInDate || p.moveInDate < (f.moveInDateStart as string))) return false;
  if (isSet(f.moveInDateEnd) && (!p.moveInDate || p.moveInDate > (f.moveInDateEnd as string))) return false;
  // A budget filter keeps candidates whose range overlaps it.
  if (isSet(f.minBudget) && (p.maxBudget === null || p.maxBudget < (f.minBudget as number))) return false;
  if (isSet(f.maxBudget) && (p.minBudget === null || p.minBudget > (f.maxBudget as number))) return false;
  if (!within(p.cleanliness, f.cleanlinessMin, f.cleanlinessMax)) return false;
  if (!within(p.sleepSchedule, f.sleepScheduleMin, f.sleepScheduleMax)) return false;
  if (!within(p.studyHabits, f.studyHabitsMin, f.studyHabitsMax)) return false;
  // The social level is stored as noise_level (000 §3); both filter pairs read it.
  if (!within(p.noiseLevel, f.socialLevelMin, f.socialLevelMax)) return false;
  if (!within(p.noiseLevel, f.noiseLevelMin, f.noiseLevelMax)) return false;
  if (!within(p.guestPolicy, f.guestPolicyMin, f.guestPolicyMax)) return false;
  return true;
}
