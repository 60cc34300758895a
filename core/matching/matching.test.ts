import fc from 'fast-check';
import { clampRadius } from '../billing/entitlements';
import { compatibility, DEFAULT_SCORE, type MatchPerson, type MatchPreferences, money } from './compatibility';
import { withinReach } from './deck';
import { activeFilterCount, passesFilters, resolveDeckOptions } from './filters';
import { boundingBox, haversineMiles } from './geo';
import { campusesInReach } from './get-deck';

const slider = fc.integer({ min: 1, max: 5 });
const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });
const prefsArb: fc.Arbitrary<MatchPreferences> = fc.record({
  cleanliness: maybe(slider),
  sleepSchedule: maybe(slider),
  noiseLevel: maybe(slider),
  studyHabits: maybe(slider),
  guestPolicy: maybe(slider),
  smokingTolerance: maybe(fc.constantFrom('no_smoking', 'outside_only', 'vaping_ok', 'smoking_ok')),
  housingStatus: maybe(fc.constantFrom('looking_for_roommates', 'looking_to_join', 'flexible')),
  minBudget: maybe(fc.integer({ min: 100, max: 1500 })),
  maxBudget: maybe(fc.integer({ min: 1500, max: 3000 })),
  moveInDate: maybe(fc.constantFrom('2027-01-05', '2027-03-25', '2027-06-15', '2027-08-20')),
  genderPreference: fc.subarray(['Male', 'Female', 'Non-binary']),
  dealbreakers: fc.subarray(['smoking', 'messy roommates', 'loud parties', 'pets', 'late nights']),
});
const personArb: fc.Arbitrary<MatchPerson> = fc.record({
  gender: maybe(fc.constantFrom('Male', 'Female', 'Non-binary')),
  preferences: maybe(prefsArb),
  pets: maybe(fc.constantFrom('no_pets', 'have_pets', 'want_pets', 'allergic')),
});

describe('compatibility (D12)', () => {
  it('is symmetric: score(a, b) = score(b, a)', () => {
    fc.assert(
      fc.property(personArb, personArb, (a, b) => {
        expect(compatibility(a, b).score).toBe(compatibility(b, a).score);
      }),
      { seed: 12, numRuns: 500 },
    );
  });

  it('stays within 0–100 and explains itself with at most 3 reasons', () => {
    fc.assert(
      fc.property(personArb, personArb, (a, b) => {
        const c = compatibility(a, b);
        expect(c.score).toBeGreaterThanOrEqual(0);
        expect(c.score).toBeLessThanOrEqual(100);
        expect(c.reasons.length).toBeLessThanOrEqual(3);
      }),
      { seed: 13, numRuns: 500 },
    );
  });

  it('never drops when one side moves a slider closer to the other', () => {
    fc.assert(
      fc.property(prefsArb, prefsArb, slider, slider, (pa, pb, x, y) => {
        const far = Math.abs(x - y) >= 1 ? x : null;
        fc.pre(far !== null);
        const closer = x + Math.sign(y - x);
        // Without dealbreakers: a dealbreaker may rightly fire as a value moves (e.g. "messy").
        const a = (v: number): MatchPerson => ({
          gender: 'Female',
          preferences: { ...pa, cleanliness: v, dealbreakers: [] },
        });
        const b: MatchPerson = { gender: 'Female', preferences: { ...pb, cleanliness: y, dealbreakers: [] } };
        expect(compatibility(a(closer), b).score).toBeGreaterThanOrEqual(compatibility(a(x), b).score);
      }),
      { seed: 14, numRuns: 300 },
    );
  });

  it('shows 75 for a candidate without preferences (001 §7)', () => {
    expect(compatibility({ gender: null, preferences: null }, { gender: null, preferences: null }).score).toBe(
      DEFAULT_SCORE,
    );
  });

  it('explains a good fit in words', () => {
    const base: MatchPreferences = {
      cleanliness: 5,
      sleepSchedule: 1,
      noiseLevel: 2,
      studyHabits: 4,
      guestPolicy: 2,
      smokingTolerance: 'no_smoking',
      housingStatus: 'looking_for_roommates',
      minBudget: 800,
      maxBudget: 1100,
      moveInDate: '2027-08-20',
      genderPreference: [],
      dealbreakers: [],
    };
    const c = compatibility(
      { gender: 'Female', preferences: base },
      {
        gender: 'Female',
        preferences: { ...base, sleepSchedule: 2, housingStatus: 'looking_to_join', maxBudget: 1500 },
      },
    );
    expect(c.score).toBeGreaterThan(90);
    expect(c.reasons).toHaveLength(3);
    expect(c.factors.find((f) => f.key === 'housing')?.reason).toBe('One has a place, one is looking');
    expect(c.factors.find((f) => f.key === 'budget')?.reason).toBe('Budgets overlap $800–$1,100');
    expect(c.factors.find((f) => f.key === 'sleepSchedule')?.reason).toBe('Both early risers');
  });

  it('costs points for a dealbreaker and for a gender preference that excludes', () => {
    const p = (over: Partial<MatchPreferences>): MatchPreferences => ({
      cleanliness: 3,
      sleepSchedule: 3,
      noiseLevel: 3,
      studyHabits: 3,
      guestPolicy: 3,
      smokingTolerance: 'outside_only',
      housingStatus: 'flexible',
      minBudget: null,
      maxBudget: null,
      moveInDate: null,
      genderPreference: [],
      dealbreakers: [],
      ...over,
    });
    const smoker = { gender: 'Male', preferences: p({ smokingTolerance: 'smoking_ok' }) };
    const neutral = compatibility({ gender: 'Female', preferences: p({}) }, smoker).score;
    const hates = compatibility(
      { gender: 'Female', preferences: p({ dealbreakers: ['smoking inside'] }) },
      smoker,
    ).score;
    expect(hates).toBeLessThan(neutral - 10);
    const womenOnly = compatibility(
      { gender: 'Female', preferences: p({ genderPreference: ['Female'] }) },
      smoker,
    ).score;
    expect(womenOnly).toBeLessThan(neutral);
  });
});

describe('money', () => {
  it('writes whole dollars as en-US does, without Intl', () => {
    expect([0, 7, 950, 1000, 12_500, 1_234_567].map(money)).toEqual([
      '$0',
      '$7',
      '$950',
      '$1,000',
      '$12,500',
      '$1,234,567',
    ]);
    const intl = new Intl.NumberFormat('en-US');
    fc.assert(fc.property(fc.integer({ min: -1e9, max: 1e12 }), (n) => money(n) === `$${intl.format(n)}`));
  });
});

describe('geo', () => {
  const ucla = { latitude: 34.0689, longitude: -118.4452 };
  const usc = { latitude: 34.0224, longitude: -118.2851 };
  it('measures with the 3959-mile Earth radius', () => {
    expect(haversineMiles(ucla, usc)).toBeCloseTo(9.75, 0);
    expect(haversineMiles(ucla, ucla)).toBe(0);
  });

  it('puts every point within the radius inside the bounding box', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (dy, dx) => {
          const p = { latitude: ucla.latitude + dy * 0.4, longitude: ucla.longitude + dx * 0.4 };
          const box = boundingBox(ucla, 25);
          if (haversineMiles(ucla, p) <= 25) {
            expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
            expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
            expect(p.longitude).toBeGreaterThanOrEqual(box.minLon);
            expect(p.longitude).toBeLessThanOrEqual(box.maxLon);
          }
        },
      ),
      { seed: 15, numRuns: 300 },
    );
  });

  it('reaches same university, metro area and radius as the toggles say', () => {
    const campuses = [
      { name: 'UCLA', point: ucla, metroGroup: 'Los Angeles Metro' },
      { name: 'USC', point: usc, metroGroup: 'Los Angeles Metro' },
      { name: 'Pepperdine', point: { latitude: 34.0363, longitude: -118.7089 }, metroGroup: 'Los Angeles Metro' },
      { name: 'UCSD', point: { latitude: 32.8801, longitude: -117.234 }, metroGroup: null },
    ];
    const me = campuses[0]!;
    const names = (o: Parameters<typeof campusesInReach>[2]) => campusesInReach(me, campuses, o).map((c) => c.name);
    const base = {
      searchRadius: 10,
      includeNearbyUniversities: true,
      includeMetroArea: true,
      prioritizeSameUniversity: true,
      verifiedOnly: false,
      filters: {},
    };
    expect(names(base)).toEqual(['UCLA', 'USC', 'Pepperdine']);
    expect(names({ ...base, includeMetroArea: false })).toEqual(['UCLA', 'USC']);
    expect(names({ ...base, includeMetroArea: false, includeNearbyUniversities: false })).toEqual(['UCLA']);
  });
});

describe('filters and radius (D16, 001 §5)', () => {
  it('does not count defaults as active filters', () => {
    expect(
      activeFilterCount({ searchRadius: 20, includeMetroArea: true, includeNearbyUniversities: true }, 'free'),
    ).toBe(0);
    expect(activeFilterCount({ searchRadius: 30 }, 'gold')).toBe(0);
    expect(
      activeFilterCount({ searchRadius: 40, includeMetroArea: false, filters: { major: 'Art', gender: [] } }, 'gold'),
    ).toBe(3);
  });

  it('allows advanced filters for Gold only, and the radius within the plan', () => {
    expect(resolveDeckOptions({ filters: { major: 'Art' } }, 'free').ok).toBe(false);
    expect(resolveDeckOptions({ filters: { major: 'Art' } }, 'gold').ok).toBe(true);
    expect(resolveDeckOptions({ searchRadius: 25 }, 'free').ok).toBe(true);
    expect(resolveDeckOptions({ searchRadius: 30 }, 'free').ok).toBe(false);
    expect(resolveDeckOptions({ searchRadius: 5 }, 'gold').ok).toBe(false);
    const r = resolveDeckOptions({}, 'gold');
    expect(r.ok && r.value.searchRadius).toBe(30);
  });

  it('caps the radius at the new plan when it changes (000 §4)', () => {
    expect(clampRadius(50, 'free')).toBe(25);
    expect(clampRadius(null, 'free')).toBe(20);
    expect(clampRadius(45, 'gold')).toBe(45);
  });

  it('keeps candidates whose budget range overlaps the filter', () => {
    const c = {
      university: 'UCLA',
      major: 'Computer Science',
      graduationYear: 2027,
      gender: 'Female',
      preferences: {
        housingStatus: 'looking_to_join',
        moveInDate: '2027-08-20',
        minBudget: 900,
        maxBudget: 1200,
        cleanliness: 4,
        sleepSchedule: 2,
        studyHabits: 3,
        noiseLevel: 2,
        guestPolicy: null,
      },
    };
    expect(passesFilters(c, { minBudget: 1000, maxBudget: 1500 })).toBe(true);
    expect(passesFilters(c, { minBudget: 1300 })).toBe(false);
    expect(passesFilters(c, { major: 'computer' })).toBe(true);
    expect(passesFilters(c, { gender: ['Male'] })).toBe(false);
    expect(passesFilters(c, { guestPolicyMin: 2 })).toBe(false);
    expect(passesFilters(c, { moveInDateStart: '2027-06-01', moveInDateEnd: '2027-09-01' })).toBe(true);
  });
});

describe('withinReach (issue 14; D13)', () => {
  const ucla = { name: 'UCLA', point: { latitude: 34.0689, longitude: -118.4452 }, metroGroup: 'la' };
  const usc = { name: 'USC', point: { latitude: 34.0224, longitude: -118.2851 }, metroGroup: 'la' };
  // A campus about 40 miles due north: past the free plan's 25, within Gold's 50.
  const north = { name: 'North', point: { latitude: 34.65, longitude: -118.4452 }, metroGroup: null };
  const davis = { name: 'UC Davis', point: { latitude: 38.5382, longitude: -121.7617 }, metroGroup: null };

  it("uses the deck's placement at the plan's widest options", () => {
    expect(withinReach(ucla, { ...ucla, point: null }, 'free')).toBe(true);
    expect(withinReach(ucla, usc, 'free')).toBe(true);
    expect(haversineMiles(ucla.point, north.point)).toBeGreaterThan(25);
    expect(haversineMiles(ucla.point, north.point)).toBeLessThan(50);
    expect(withinReach(ucla, north, 'free')).toBe(false);
    expect(withinReach(ucla, north, 'gold')).toBe(true);
    expect(withinReach(ucla, davis, 'gold')).toBe(false);
  });
});
