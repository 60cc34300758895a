import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/random';
import { dailyMatching } from './daily-matching';
import { type Edge, matchingWeight, maxWeightMatching } from './max-weight';
import { blockingPairs, stableRoommates } from './stable-roommates';

/** The shared seeded generator (mulberry32), so every run repeats exactly. */
const rng = (seed: number) => {
  const random = seededRandom(seed);
  return () => random.next();
};

function shuffle<T>(xs: T[], random: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Random preferences; with `density` < 1 some pairs are unacceptable (both ways). */
function randomInstance(n: number, random: () => number, density = 1): number[][] {
  const ok = Array.from({ length: n }, () => new Array<boolean>(n).fill(false));
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const keep = random() < density;
      (ok[i] as boolean[])[j] = keep;
      (ok[j] as boolean[])[i] = keep;
    }
  return Array.from({ length: n }, (_, i) =>
    shuffle(
      [...Array(n).keys()].filter((j) => j !== i && (ok[i] as boolean[])[j]),
      random,
    ),
  );
}

/** Every matching of 0..n-1 over acceptable pairs (partial ones included). */
function* allMatchings(prefs: number[][]): Generator<Int32Array> {
  const n = prefs.length;
  const partner = new Int32Array(n).fill(-1);
  function* go(i: number): Generator<Int32Array> {
    if (i === n) {
      yield Int32Array.from(partner);
      return;
    }
    if (partner[i] !== -1) {
      yield* go(i + 1);
      return;
    }
    yield* go(i + 1); // i stays unmatched
    for (const j of prefs[i] as number[]) {
      if (j > i && partner[j] === -1 && (prefs[j] as number[]).includes(i)) {
        partner[i] = j;
        partner[j] = i;
        yield* go(i + 1);
        partner[i] = -1;
        partner[j] = -1;
      }
    }
  }
  yield* go(0);
}

const isMatching = (partner: Int32Array) => partner.every((j, i) => j === -1 || partner[j] === i);

const pairsOf = (partner: Int32Array, names: string[]) =>
  [...partner]
    .map((j, i) => (j > i ? `${names[i]}-${names[j]}` : null))
    .filter((x): x is string => x !== null)
    .sort();

describe("Irving's stable roommates", () => {
  it("finds the stable matching of Irving's six-person example (1-6, 2-3, 4-5)", () => {
    // Irving (1985): 1: 4 6 2 5 3, 2: 6 3 5 1 4, 3: 4 5 1 6 2, 4: 2 6 5 1 3, 5: 4 2 3 6 1, 6: 5 1 4 2 3.
    const prefs = [
      [4, 6, 2, 5, 3],
      [6, 3, 5, 1, 4],
      [4, 5, 1, 6, 2],
      [2, 6, 5, 1, 3],
      [4, 2, 3, 6, 1],
      [5, 1, 4, 2, 3],
    ].map((l) => l.map((x) => x - 1));
    const partner = stableRoommates(prefs);
    expect(partner).not.toBeNull();
    expect(pairsOf(partner as Int32Array, ['1', '2', '3', '4', '5', '6'])).toEqual(['1-6', '2-3', '4-5']);
    expect(blockingPairs(prefs, partner as Int32Array)).toEqual([]);
  });

  it('finds the unique stable matching of a small instance where everyone agrees on pairs', () => {
    // a and b are each other's first choice; c and d are left with each other.
    const prefs = [
      [1, 2, 3],
      [0, 3, 2],
      [0, 1, 3],
      [1, 0, 2],
    ];
    expect(pairsOf(stableRoommates(prefs) as Int32Array, ['a', 'b', 'c', 'd'])).toEqual(['a-b', 'c-d']);
  });

  it('reports no stable matching for the classic four-person instance', () => {
    // a: b c d, b: c a d, c: a b d, d: anyone. Whoever rooms with d is wanted by someone who wants them back.
    const prefs = [
      [1, 2, 3],
      [2, 0, 3],
      [0, 1, 3],
      [0, 1, 2],
    ];
    expect(stableRoommates(prefs)).toBeNull();
    for (const m of allMatchings(prefs)) expect(blockingPairs(prefs, m).length).toBeGreaterThan(0);
  });

  it('leaves one student unmatched when the count is odd', () => {
    const prefs = [
      [1, 2],
      [0, 2],
      [0, 1],
    ];
    const partner = stableRoommates(prefs) as Int32Array;
    expect(pairsOf(partner, ['a', 'b', 'c'])).toEqual(['a-b']);
    expect(partner[2]).toBe(-1);
    expect(blockingPairs(prefs, partner)).toEqual([]);
  });

  it('pairs only students who accept each other (lists made mutual)', () => {
    // b lists a first, but a does not list b: b pairs with c, and a is left out rather than paired with b.
    const prefs = [[2], [0, 2], [1, 0]];
    const partner = stableRoommates(prefs) as Int32Array;
    expect([...partner]).toEqual([-1, 2, 1]);
    expect(blockingPairs(prefs, partner)).toEqual([]);
  });

  it('agrees with brute force on 600 random instances (complete and incomplete lists, odd and even sizes)', () => {
    const random = rng(20261127);
    let stable = 0;
    let unstable = 0;
    for (let round = 0; round < 600; round++) {
      const n = 2 + (round % 7); // 2..8
      const prefs = randomInstance(n, random, round % 3 === 0 ? 0.6 : 1);
      const partner = stableRoommates(prefs);
      const stableOnes = [...allMatchings(prefs)].filter((m) => blockingPairs(prefs, m).length === 0);
      if (partner === null) {
        unstable++;
        expect(stableOnes).toEqual([]);
      } else {
        stable++;
        expect(isMatching(partner)).toBe(true);
        expect(blockingPairs(prefs, partner)).toEqual([]);
        // Every stable matching matches the same students (Gusfield & Irving 4.5.2).
        const matched = (m: Int32Array) => [...m].map((j) => j !== -1);
        for (const m of stableOnes) expect(matched(m)).toEqual(matched(partner));
      }
    }
    // Both outcomes occur, so both branches above were exercised.
    expect(stable).toBeGreaterThan(100);
    expect(unstable).toBeGreaterThan(10);
  });
});

describe('the max-weight fallback (greedy then improve)', () => {
  function bruteBest(n: number, edges: Edge[]): number {
    const prefs = Array.from({ length: n }, (_, i) =>
      edges.flatMap((e) => (e.a === i ? [e.b] : e.b === i ? [e.a] : [])),
    );
    let best = 0;
    for (const m of allMatchings(prefs)) best = Math.max(best, matchingWeight(edges, m));
    return best;
  }

  it('returns a matching of at least half the optimum, and the optimum on most small random instances (brute force)', () => {
    const random = rng(7);
    let exact = 0;
    let ratio = 0;
    const rounds = 300;
    for (let round = 0; round < rounds; round++) {
      const n = 3 + (round % 6);
      const edges: Edge[] = [];
      for (let a = 0; a < n; a++)
        for (let b = a + 1; b < n; b++)
          if (random() < 0.7) edges.push({ a, b, weight: 1 + Math.floor(random() * 200) });
      const partner = maxWeightMatching(n, edges);
      expect(isMatching(partner)).toBe(true);
      for (let i = 0; i < n; i++) {
        const j = partner[i] as number;
        if (j !== -1) expect(edges.some((e) => (e.a === i && e.b === j) || (e.a === j && e.b === i))).toBe(true);
      }
      const got = matchingWeight(edges, partner);
      const best = bruteBest(n, edges);
      expect(got * 2).toBeGreaterThanOrEqual(best);
      if (got === best) exact++;
      ratio += best === 0 ? 1 : got / best;
    }
    // Measured: the optimum on 94% of these instances, 99.6% of it on average.
    expect(exact / rounds).toBeGreaterThan(0.9);
    expect(ratio / rounds).toBeGreaterThan(0.99);
  });

  it('improves on greedy where greedy alone is stuck (a heavy middle edge)', () => {
    // Greedy takes b-c (10) and leaves a and d alone; a-b + c-d (9 + 9) is heavier.
    const edges: Edge[] = [
      { a: 1, b: 2, weight: 10 },
      { a: 0, b: 1, weight: 9 },
      { a: 2, b: 3, weight: 9 },
    ];
    const partner = maxWeightMatching(4, edges);
    expect(matchingWeight(edges, partner)).toBe(18);
  });
});

describe('the day’s matching', () => {
  const ids = Array.from({ length: 41 }, (_, i) => `user-${String(i).padStart(3, '0')}`);
  const random = rng(99);
  const table = ids.map(() => ids.map(() => 0));
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      // Few distinct scores, so ties are common and the seeded order matters.
      const s = 60 + 5 * Math.floor(random() * 6);
      (table[i] as number[])[j] = s;
      (table[j] as number[])[i] = s;
    }
  const byName = (order: string[], day: string, campus = 'Rutgers University') => {
    const index = order.map((id) => ids.indexOf(id));
    const result = dailyMatching({
      day,
      campus,
      ids: order,
      score: (i, j) => (table[index[i] as number] as number[])[index[j] as number] as number,
    });
    const pairs = new Map<string, string | null>();
    order.forEach((id, i) => {
      const j = result.partner[i] as number;
      pairs.set(id, j === -1 ? null : (order[j] as string));
    });
    return { result, pairs: [...pairs.entries()].sort() };
  };

  it('is stable over mutual compatibility, and someone is left out of an odd count', () => {
    const { result } = byName(ids, '2026-11-27');
    expect(result.method).toBe('stable');
    expect([...result.partner].filter((j) => j === -1)).toHaveLength(1);
    // No two students both score each other above their picks.
    const s = (i: number, j: number) => (table[i] as number[])[j] as number;
    for (let i = 0; i < ids.length; i++)
      for (let j = i + 1; j < ids.length; j++) {
        const pi = result.partner[i] as number;
        const pj = result.partner[j] as number;
        if (pi === j) continue;
        const iWants = pi === -1 || s(i, j) > s(i, pi);
        const jWants = pj === -1 || s(j, i) > s(j, pj);
        expect(iWants && jWants).toBe(false);
      }
    result.partner.forEach((j, i) => {
      if (j !== -1) expect(result.pairScore[i]).toBe(s(i, j));
    });
  });

  it('gives the same pairs for the same day and campus, whatever order the students come in', () => {
    const first = byName(ids, '2026-11-27');
    const again = byName(shuffle(ids, rng(1)), '2026-11-27');
    expect(again.pairs).toEqual(first.pairs);
  });

  it('breaks ties differently on another day or campus', () => {
    const today = byName(ids, '2026-11-27').pairs;
    expect(byName(ids, '2026-11-28').pairs).not.toEqual(today);
    expect(byName(ids, '2026-11-27', 'Princeton University').pairs).not.toEqual(today);
  });

  it('never pairs students kept apart (blocks, swipes)', () => {
    const result = dailyMatching({
      day: '2026-11-27',
      campus: 'c',
      ids: ['a', 'b', 'c', 'd'],
      score: (i, j) => (i + j === 1 ? 100 : 50), // a and b are perfect for each other
      apart: (i, j) => i + j === 1 && i * j === 0,
    });
    expect(result.partner[0]).not.toBe(1);
  });

  it('falls back to the max-weight matching when the lists have no stable matching', () => {
    // The classic instance as how much each wants the other: a: b > c > d, b: c > a > d, c: a > b > d.
    const want = [
      [0, 90, 80, 10],
      [80, 0, 90, 10],
      [90, 80, 0, 10],
      [50, 40, 30, 0],
    ];
    const result = dailyMatching({
      day: '2026-11-27',
      campus: 'c',
      ids: ['a', 'b', 'c', 'd'],
      score: (i, j) => (want[i] as number[])[j] as number,
      symmetric: false,
    });
    expect(result.method).toBe('max-weight');
    // By the score both ways: a-b, b-c and a-c weigh 170 each; with d: a-d 60, b-d 50, c-d 40.
    // The heaviest whole matching is b-c + a-d (230; a-b + c-d 210, a-c + b-d 220).
    expect([...result.partner]).toEqual([3, 2, 1, 0]);
    expect([...result.pairScore]).toEqual([30, 85, 85, 30]);
  });
});

describe('the day’s matching on a large campus (short lists)', () => {
  it('pairs everyone but one of an odd count, in rounds for those the short lists leave out', () => {
    const n = 301;
    const random = rng(5);
    const answers = Array.from({ length: n }, () => Math.floor(random() * 40));
    const result = dailyMatching({
      day: '2026-11-27',
      campus: 'Rutgers University',
      ids: Array.from({ length: n }, (_, i) => `u${i}`),
      score: (i, j) => 100 - Math.abs((answers[i] as number) - (answers[j] as number)),
      listLength: 3,
    });
    expect(result.method).toBe('stable');
    expect([...result.partner].filter((j) => j === -1)).toHaveLength(1);
    result.partner.forEach((j, i) => {
      if (j !== -1) expect(result.partner[j]).toBe(i);
    });
  });
});
