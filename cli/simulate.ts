/**
 * `nestmate simulate` (issue 9): a synthetic campus. Students get preferences from skewed,
 * realistic distributions; each one swipes through their deck and likes a card with a probability
 * driven by a hidden "true" compatibility (the visible score plus personal taste). The same run is
 * made with the production ranking and with the same decks shuffled, through the real core and
 * SQLite repositories, and the outcomes compared.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { uuidIds } from '../adapters/crypto/crypto';
import { openDatabase } from '../adapters/db/database';
import { seedCampus } from '../bench/seed-campus';
import { decideSwipe } from '../core/likes/rules';
import { compareWeights, drawLifestyle, type WeightSet } from '../core/matching/compare-weights';
import { compatibility } from '../core/matching/compatibility';
import { getDeck } from '../core/matching/get-deck';
import { seededRandom } from '../fixtures/random';

export type ArmResult = {
  arm: 'ranked' | 'random';
  users: number;
  swipes: number;
  likes: number;
  matches: number;
  matchesPer100Swipes: number;
  usersWithMatchShare: number;
  meanSwipesToFirstMatch: number | null;
};

/** Rewrites the seeded preferences with skewed distributions (most people are tidy-ish, few smoke). */
function realisticPreferences(file: string, seed: number) {
  const rnd = seededRandom(seed);
  const sql = new Database(file);
  const ids = (sql.prepare('SELECT user_id FROM roommate_preferences').all() as { user_id: string }[]).map(
    (r) => r.user_id,
  );
  const update = sql.prepare(
    `UPDATE roommate_preferences SET cleanliness = ?, sleep_schedule = ?, noise_level = ?, study_habits = ?, guest_policy = ?,
       smoking_tolerance = ? WHERE user_id = ?`,
  );
  sql.transaction(() => {
    for (const id of ids) {
      const p = drawLifestyle(rnd);
      update.run(p.cleanliness, p.sleepSchedule, p.noiseLevel, p.studyHabits, p.guestPolicy, p.smokingTolerance, id);
    }
  })();
  sql.close();
  return ids;
}

async function runArm(
  arm: 'ranked' | 'random',
  users: number,
  rounds: number,
  perRound: number,
  seed: number,
): Promise<ArmResult> {
  const dir = mkdtempSync(join(tmpdir(), 'nestmate-sim-'));
  const file = join(dir, 'sim.sqlite');
  try {
    await seedCampus(file, users, seed);
    const ids = realisticPreferences(file, seed + 1);
    const db = openDatabase(`file:${file}`, uuidIds);
    const rnd = seededRandom(seed + 2);
    // Hidden taste: a fixed personal offset per pair direction, so people differ from the score.
    const taste = (a: string, b: string) => {
      let h = 0;
      for (const ch of a + b) h = (h * 31 + ch.charCodeAt(0)) | 0;
      return ((h >>> 0) % 21) - 10;
    };
    const persons = new Map<string, Awaited<ReturnType<typeof db.discovery.viewer>>>();
    for (const id of ids) persons.set(id, await db.discovery.viewer(id));
    let now = Date.now();
    const clock = { now: () => new Date(now) };
    let swipes = 0;
    let likes = 0;
    let matches = 0;
    const swipesToFirst = new Map<string, number>();
    const swipeCount = new Map<string, number>();
    for (let round = 0; round < rounds; round++) {
      for (const id of rnd.shuffle(ids)) {
        const deck = await getDeck({ clock, discovery: db.discovery, subscriptions: db.subscriptions }, id, {});
        if (!deck.ok) continue;
        const cards = arm === 'ranked' ? deck.value.entries : rnd.shuffle(deck.value.entries);
        const me = persons.get(id);
        for (const card of cards.slice(0, perRound)) {
          const other = persons.get(card.userId);
          if (!me || !other) continue;
          const truth = compatibility(me.person, other.person).score + taste(id, card.userId);
          const like = rnd.next() < 1 / (1 + Math.exp(-(truth - 68) / 6));
          swipes++;
          swipeCount.set(id, (swipeCount.get(id) ?? 0) + 1);
          const decided = await db.swipes.swipe(
            {
              userId: id,
              targetId: card.userId,
              action: like ? 'like' : 'pass',
              now: clock.now(),
              windowStart: new Date(now - 86_400_000),
              id: uuidIds.newId(),
              score: card.compatibility.score,
            },
            (state) =>
              decideSwipe(state, {
                userId: id,
                targetId: card.userId,
                action: like ? 'like' : 'pass',
                plan: 'free',
                now: clock.now(),
              }),
          );
          if (!decided.ok) continue;
          if (like) likes++;
          if (decided.value.record.status === 'matched') {
            matches++;
            for (const u of [id, card.userId]) if (!swipesToFirst.has(u)) swipesToFirst.set(u, swipeCount.get(u) ?? 0);
          }
        }
      }
      now += 86_400_000; // a day between rounds: daily like limits reset
    }
    db.close();
    const firsts = [...swipesToFirst.values()];
    return {
      arm,
      users,
      swipes,
      likes,
      matches,
      matchesPer100Swipes: Math.round((matches / Math.max(1, swipes)) * 10_000) / 100,
      usersWithMatchShare: Math.round((swipesToFirst.size / users) * 1000) / 1000,
      meanSwipesToFirstMatch: firsts.length
        ? Math.round((firsts.reduce((a, b) => a + b, 0) / firsts.length) * 10) / 10
        : null,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function simulate(
  options: { users: number; rounds: number; perRound: number; seed: number },
  onArm: (arm: string) => void = () => {},
) {
  const results: ArmResult[] = [];
  for (const arm of ['ranked', 'random'] as const) {
    onArm(arm);
    results.push(await runArm(arm, options.users, options.rounds, options.perRound, options.seed));
  }
  return results;
}

export function toCsv<T extends object>(results: T[]): string {
  const cols = Object.keys(results[0] ?? {}) as (keyof T)[];
  return [cols.join(','), ...results.map((r) => cols.map((c) => String(r[c] ?? '')).join(','))].join('\n');
}

export const WEIGHTS_FOOTER =
  'Nothing was changed: the outcomes come from a made-up model, not data, and weights stay a reviewed code change in core/matching/compatibility.ts (N149, N161).';

/**
 * `nestmate simulate --compare-weights` (N161): today's D12 weights and each alternative on a
 * synthetic campus of `users` students drawn from `seed`, judged against a hidden outcome model.
 */
export function simulateWeights(alternatives: WeightSet[], options: { users: number; seed: number }) {
  const report = compareWeights(alternatives, { students: options.users }, seededRandom(options.seed));
  const today = report.arms[0];
  const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;
  const rows = report.arms.map((arm) => ({
    weights: arm.name,
    spearman: arm.spearman === null ? null : round(arm.spearman, 3),
    households: arm.households,
    meanHouseholdOutcome: round(arm.meanHouseholdOutcome, 3),
    vsToday: today ? round(arm.meanHouseholdOutcome - today.meanHouseholdOutcome, 3) : 0,
  }));
  const model = Object.entries(report.outcomeModel.factors)
    .map(([k, share]) => `${share} ${k}`)
    .join(' + ');
  const header =
    `Synthetic campus: ${report.students} students, ${report.pairs} pairs, seed ${options.seed}. ` +
    `Outcome model (made up, not data): 1 + 4 × (${model}) match, plus noise (sd ${report.outcomeModel.noise}); ` +
    `mean over all pairs ${round(report.meanOutcomeAllPairs, 3)}. ` +
    'spearman: rank correlation of the scores with the outcomes over every pair; households: best-scored free pair first.';
  return { seed: options.seed, ...report, rows, header, note: WEIGHTS_FOOTER };
}
