/**
 * Most Compatible today (issue 21): the time to compute one campus's matching of the day for
 * 10,000 students (BENCH_MC_STUDENTS changes it), through core's dailyMatching with the fast D12
 * scorer: every pair scored (n²/2), each student's best LIST_LENGTH kept, Irving's algorithm, and the
 * rounds for those left out. Also times the max-weight fallback alone on the same lists' edges.
 * Synthetic students from a seeded generator; no database. Never a timed test.
 * `npx tsx bench/most-compatible.ts` runs it alone (bench/results/most-compatible-latest.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { MatchPerson } from '../core/matching/compatibility';
import { dailyMatching, LIST_LENGTH } from '../core/most-compatible/daily-matching';
import { maxWeightMatching } from '../core/most-compatible/max-weight';
import { pairScorer } from '../core/most-compatible/pair-score';
import { seededRandom } from '../fixtures/random';

const STUDENTS = Number(process.env.BENCH_MC_STUDENTS ?? 10_000);

/** Students with the spread of answers the profile wizard allows (a few without some answers). */
export function syntheticCampus(n: number, seed = 21): MatchPerson[] {
  const rnd = seededRandom(seed);
  const slider = () => (rnd.next() < 0.05 ? null : rnd.int(1, 5));
  return Array.from({ length: n }, () => {
    const min = 500 + 50 * rnd.int(0, 20);
    return {
      gender: rnd.pick(['Female', 'Male', 'Non-binary']),
      pets: rnd.pick(['have_pets', 'no_pets', 'want_pets', null]),
      preferences: {
        cleanliness: slider(),
        sleepSchedule: slider(),
        noiseLevel: slider(),
        studyHabits: slider(),
        guestPolicy: slider(),
        smokingTolerance: rnd.pick(['no_smoking', 'no_smoking', 'outside_only', 'vaping_ok', 'smoking_ok']),
        housingStatus: rnd.pick(['looking_for_roommates', 'looking_to_join', 'looking_to_join']),
        minBudget: min,
        maxBudget: min + 50 * rnd.int(2, 16),
        moveInDate: `2027-0${rnd.int(5, 9)}-${String(rnd.int(1, 28)).padStart(2, '0')}`,
        genderPreference: rnd.next() < 0.6 ? [] : [rnd.pick(['Female', 'Male', 'Open to all'])],
        dealbreakers: rnd.next() < 0.7 ? [] : [rnd.pick(['no smokers', 'loud parties', 'no pets', 'messy'])],
      },
    };
  });
}

export function mostCompatibleBenchmark(n = STUDENTS) {
  const people = syntheticCampus(n);
  const ids = people.map((_, i) => `student-${String(i).padStart(6, '0')}`);
  const t0 = performance.now();
  const score = pairScorer(people);
  const result = dailyMatching({ day: '2026-11-27', campus: 'bench university', ids, score });
  const matchMs = performance.now() - t0;

  // The fallback on its own (a symmetric score always has a stable matching, so the matching above
  // never needs it): greedy-then-improve on a graph of the same size, each student's LIST_LENGTH best
  // among 4 × LIST_LENGTH others drawn at random.
  const rnd = seededRandom(7);
  const edges: { a: number; b: number; weight: number }[] = [];
  for (let a = 0; a < n; a++) {
    const drawn: [number, number][] = [];
    for (let k = 0; k < 4 * LIST_LENGTH; k++) {
      const b = rnd.int(0, n - 1);
      if (b !== a) drawn.push([b, score(a, b)]);
    }
    drawn.sort((x, y) => y[1] - x[1]);
    for (const [b, s] of drawn.slice(0, LIST_LENGTH)) edges.push({ a, b, weight: 2 * s });
  }
  const t2 = performance.now();
  const partner = maxWeightMatching(n, edges);
  const fallbackMs = performance.now() - t2;

  const paired = [...result.partner].filter((j) => j !== -1).length;
  const scores = [...result.pairScore].filter((s) => s >= 0).sort((a, b) => a - b);
  const round = (x: number) => Math.round(x);
  return {
    students: n,
    pairsScored: (n * (n - 1)) / 2,
    listLength: LIST_LENGTH,
    method: result.method,
    matchMs: round(matchMs),
    paired,
    unpaired: n - paired,
    medianPairScore: scores[Math.floor(scores.length / 2)] ?? null,
    lowestPairScore: scores[0] ?? null,
    fallback: {
      note: 'greedy-then-improve alone on a graph of the same size (each student: best 50 of 200 drawn)',
      edges: edges.length,
      ms: round(fallbackMs),
      paired: [...partner].filter((j) => j !== -1).length,
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`[bench] Most Compatible today: ${STUDENTS} students on one campus`);
  const figures = mostCompatibleBenchmark();
  console.log(
    `[bench] computed the day's matching of ${figures.students} students (${figures.pairsScored.toLocaleString('en-US')} pairs scored) ` +
      `in ${figures.matchMs} ms: ${figures.method}, ${figures.paired} paired, ${figures.unpaired} without a pick, ` +
      `median pair score ${figures.medianPairScore}`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    'bench/results/most-compatible-latest.json',
    `${JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  console.log(JSON.stringify(figures, null, 2));
}
