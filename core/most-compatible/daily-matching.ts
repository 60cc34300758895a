/**
 * The day's Most Compatible matching for one campus and its nearby campuses (issue 21): every
 * student ranks the others by mutual compatibility (D12), ties broken by a seeded order from the
 * day and the campus; Irving's algorithm pairs them stably, and when no stable matching exists a
 * heavy matching stands in (decisions N130, N131). Pure and deterministic: the same day, campus
 * and students give the same pairs in every process (D4).
 */
import { type Edge, maxWeightMatching } from './max-weight';
import { stableRoommates } from './stable-roommates';

/** How many of their best each student ranks (decisions N130): lists are the union of both sides'. */
export const LIST_LENGTH = 50;
/** Rounds for the students the first one leaves out (see the end of dailyMatching). */
const MAX_ROUNDS = 4;

export type DailyMatchingInput = {
  /** yyyy-mm-dd (UTC). */
  day: string;
  campus: string;
  /** Sorted or not: the order given does not change the result. */
  ids: readonly string[];
  /**
   * How much i would like to room with j (0–100). Mutual compatibility is symmetric (D12), so by
   * default it is asked once per pair and used both ways.
   */
  score: (i: number, j: number) => number;
  symmetric?: boolean;
  /** Pairs never matched (blocks either way, a swipe either way: decisions N132). */
  apart?: (i: number, j: number) => boolean;
  listLength?: number;
};

export type DailyMatching = {
  /** How the first round paired the campus: a stable matching, or the fallback when none exists. */
  method: 'stable' | 'max-weight';
  /** Partner index per student index (-1: nobody today), in the order of `ids`. */
  partner: Int32Array;
  /** The pair's mutual score (the score both ways, averaged) per student, -1 when unmatched. */
  pairScore: Int32Array;
};

/** FNV-1a, 32 bits: the seed of the day's order. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit integer mix (murmur3's finaliser). */
function mix(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The seeded tie order of a pair: one number per unordered pair, so every student breaks ties the
 * same way round and the preferences stay consistent with one ranking of pairs.
 */
export function pairOrder(seed: number, a: number, b: number): number {
  const lo = a < b ? a : b;
  const hi = a < b ? b : a;
  return mix(Math.imul(mix(seed ^ lo), 0x9e3779b1) ^ hi);
}

/** A student's best candidates so far: a heap with the worst kept on top, at most `size`. */
class TopList {
  readonly who: number[] = [];
  readonly score: number[] = [];
  readonly tie: number[] = [];
  constructor(private readonly size: number) {}
  /** x ranks below y: a lower score, or the same score and a later tie order. */
  private worse(x: number, y: number) {
    const sx = this.score[x] as number;
    const sy = this.score[y] as number;
    return sx < sy || (sx === sy && (this.tie[x] as number) > (this.tie[y] as number));
  }
  private swap(x: number, y: number) {
    for (const a of [this.who, this.score, this.tie]) [a[x], a[y]] = [a[y] as number, a[x] as number];
  }
  /** The tie order `tieOf(a, b)` is worked out only when the score alone does not decide. */
  offer(j: number, s: number, tieOf: (a: number, b: number) => number, a: number, b: number) {
    const len = this.who.length;
    if (len === this.size && s < (this.score[0] as number)) return;
    const t = tieOf(a, b);
    if (len === this.size && s === this.score[0] && t > (this.tie[0] as number)) return;
    if (len < this.size) {
      this.who.push(j);
      this.score.push(s);
      this.tie.push(t);
      let i = len;
      while (i > 0) {
        const p = (i - 1) >> 1;
        if (!this.worse(i, p)) break;
        this.swap(i, p);
        i = p;
      }
      return;
    }
    this.who[0] = j;
    this.score[0] = s;
    this.tie[0] = t;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let w = i;
      if (l < len && this.worse(l, w)) w = l;
      if (r < len && this.worse(r, w)) w = r;
      if (w === i) break;
      this.swap(w, i);
      i = w;
    }
  }
}

export function dailyMatching(input: DailyMatchingInput): DailyMatching {
  const seed = hash32(`${input.day}|${input.campus.trim().toLowerCase()}`);
  const n = input.ids.length;
  // Work in the order of the ids so the result does not depend on the order they were given in.
  const orig = [...input.ids.keys()].sort((x, y) => {
    const a = input.ids[x] as string;
    const b = input.ids[y] as string;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  const salt = orig.map((o) => hash32(`${seed}|${input.ids[o]}`));
  const tieOf = (a: number, b: number) => pairOrder(seed, salt[a] as number, salt[b] as number);
  const score = (a: number, b: number) => input.score(orig[a] as number, orig[b] as number);
  const apart = input.apart;
  const listLength = Math.max(1, input.listLength ?? LIST_LENGTH);
  const symmetric = input.symmetric ?? true;

  /** One matching among `members` (indices in id order): their lists, Irving, the fallback. */
  const round = (members: number[]) => {
    const m = members.length;
    const tops = Array.from({ length: m }, () => new TopList(listLength));
    for (let x = 0; x < m; x++) {
      const a = members[x] as number;
      const oa = orig[a] as number;
      const tx = tops[x] as TopList;
      for (let y = x + 1; y < m; y++) {
        const b = members[y] as number;
        if (apart?.(oa, orig[b] as number)) continue;
        const sab = score(a, b);
        const sba = symmetric ? sab : score(b, a);
        tx.offer(y, sab, tieOf, a, b);
        (tops[y] as TopList).offer(x, sba, tieOf, a, b);
      }
    }
    // Mutual lists: y is on x's list when either kept the other.
    const lists: Map<number, number>[] = Array.from({ length: m }, () => new Map());
    tops.forEach((t, x) => {
      t.who.forEach((y, k) => {
        (lists[x] as Map<number, number>).set(y, t.score[k] as number);
      });
    });
    tops.forEach((t, x) => {
      t.who.forEach((y, k) => {
        const ly = lists[y] as Map<number, number>;
        if (!ly.has(x))
          ly.set(x, symmetric ? (t.score[k] as number) : score(members[y] as number, members[x] as number));
      });
    });
    const scoreFor = (x: number, y: number) => (lists[x] as Map<number, number>).get(y) as number;
    const tie = (x: number, y: number) => tieOf(members[x] as number, members[y] as number);
    const preferences = lists.map((l, x) =>
      [...l.entries()].sort((p, q) => q[1] - p[1] || tie(x, p[0]) - tie(x, q[0])).map(([y]) => y),
    );
    let stable = true;
    let partner = stableRoommates(preferences);
    if (!partner) {
      stable = false;
      const edges: (Edge & { t: number })[] = [];
      preferences.forEach((list, x) => {
        for (const y of list)
          if (y > x) edges.push({ a: x, b: y, weight: scoreFor(x, y) + scoreFor(y, x), t: tie(x, y) });
      });
      edges.sort((p, q) => p.t - q.t);
      partner = maxWeightMatching(m, edges);
    }
    const pairs: [number, number, number][] = [];
    partner.forEach((y, x) => {
      if (y > x)
        pairs.push([members[x] as number, members[y] as number, Math.round((scoreFor(x, y) + scoreFor(y, x)) / 2)]);
    });
    return { stable, pairs };
  };

  // Short lists leave a few students with everyone on theirs taken: they get a round of their own,
  // among themselves, until no more pairs come out (decisions N130).
  const partner = new Int32Array(n).fill(-1);
  const pairScores = new Int32Array(n).fill(-1);
  let method: DailyMatching['method'] = 'stable';
  let members = [...Array(n).keys()];
  for (let r = 0; r < MAX_ROUNDS && members.length >= 2; r++) {
    const { stable, pairs } = round(members);
    if (r === 0 && !stable) method = 'max-weight';
    if (pairs.length === 0) break;
    for (const [a, b, s] of pairs) {
      partner[a] = b;
      partner[b] = a;
      pairScores[a] = s;
      pairScores[b] = s;
    }
    members = members.filter((a) => partner[a] === -1);
  }
  // Back to the caller's indices.
  const out = new Int32Array(n).fill(-1);
  const pairScore = new Int32Array(n).fill(-1);
  partner.forEach((b, a) => {
    if (b === -1) return;
    out[orig[a] as number] = orig[b] as number;
    pairScore[orig[a] as number] = pairScores[a] as number;
  });
  return { method, partner: out, pairScore };
}
