/**
 * Irving's stable roommates algorithm (Irving 1985; with incomplete lists as in Gusfield & Irving,
 * "The Stable Marriage Problem", 1989, §4.5). Issue 21, "Most Compatible today".
 *
 * Input: for each person 0..n-1, the people they would room with, best first. Acceptability is made
 * mutual (j stays on i's list only if i is on j's). Output: each person's partner (-1 for unmatched),
 * or null when no stable matching exists.
 *
 * Every deletion either phase makes is a receiver cutting the tail of its own list, so a list is
 * kept as the original array plus a cut-off: entry j of i's list is alive while i keeps j
 * (rank < cut[i]) and j keeps i. Heads and tails move lazily over dead entries.
 */
export type Partners = Int32Array;

export function stableRoommates(preferences: readonly (readonly number[])[]): Partners | null {
  const n = preferences.length;
  const rank: Map<number, number>[] = preferences.map((list) => {
    const m = new Map<number, number>();
    for (const j of list) if (!m.has(j)) m.set(j, m.size);
    return m;
  });
  // Mutual acceptability, duplicates and self-references dropped.
  const lists: Int32Array[] = preferences.map((_, i) => {
    const keep: number[] = [];
    for (const [j] of rank[i] as Map<number, number>) {
      if (j !== i && j >= 0 && j < n && (rank[j] as Map<number, number>).has(i)) keep.push(j);
    }
    return Int32Array.from(keep);
  });
  for (let i = 0; i < n; i++) {
    const m = new Map<number, number>();
    (lists[i] as Int32Array).forEach((j, r) => {
      m.set(j, r);
    });
    rank[i] = m;
  }
  const R = (i: number, j: number) => (rank[i] as Map<number, number>).get(j) ?? -1;
  /** Entries at or past cut[i] are cut by i itself. */
  const cut = Int32Array.from(lists, (l) => l.length);
  const head = new Int32Array(n);
  const tail = Int32Array.from(lists, (l) => l.length - 1);
  const alive = (i: number, r: number) => {
    if (r >= (cut[i] as number)) return false;
    const j = (lists[i] as Int32Array)[r] as number;
    return R(j, i) < (cut[j] as number);
  };
  const first = (i: number): number => {
    let h = head[i] as number;
    while (h < (cut[i] as number) && !alive(i, h)) h++;
    head[i] = h;
    return h < (cut[i] as number) ? ((lists[i] as Int32Array)[h] as number) : -1;
  };
  const second = (i: number): number => {
    let h = (head[i] as number) + 1;
    while (h < (cut[i] as number) && !alive(i, h)) h++;
    return h < (cut[i] as number) ? ((lists[i] as Int32Array)[h] as number) : -1;
  };
  const last = (i: number): number => {
    let t = Math.min(tail[i] as number, (cut[i] as number) - 1);
    while (t >= 0 && !alive(i, t)) t--;
    tail[i] = t;
    return t >= 0 ? ((lists[i] as Int32Array)[t] as number) : -1;
  };
  /** i keeps everyone up to and including j, and rejects the rest. */
  const keepUpTo = (i: number, j: number) => {
    cut[i] = R(i, j) + 1;
  };

  // Phase 1: everyone proposes down their list; a receiver holds the best proposal and cuts the rest.
  const free: number[] = [];
  for (let i = n - 1; i >= 0; i--) free.push(i);
  const heldBy = new Int32Array(n).fill(-1);
  while (free.length > 0) {
    const x = free.pop() as number;
    const y = first(x);
    if (y === -1) continue; // x's list ran out: x is unmatched in every stable matching.
    const previous = heldBy[y] as number;
    heldBy[y] = x;
    keepUpTo(y, x);
    if (previous !== -1 && previous !== x) free.push(previous);
  }

  const hadList = Uint8Array.from({ length: n }, (_, i) => (first(i) === -1 ? 0 : 1));

  // Phase 2: while someone still has two or more on their list, find a rotation and eliminate it.
  for (let p = 0; p < n; p++) {
    while (first(p) !== -1 && second(p) !== -1) {
      const xs: number[] = [];
      const at = new Map<number, number>();
      let x = p;
      while (!at.has(x)) {
        at.set(x, xs.length);
        xs.push(x);
        const s = second(x);
        if (s === -1) return null; // an emptied list on the way: no stable matching
        x = last(s);
        if (x === -1) return null;
      }
      const cycle = xs.slice(at.get(x));
      const seconds = cycle.map((c) => second(c));
      // y_{i+1} = second(x_i) keeps x_i and rejects everyone after (x_{i+1} among them).
      cycle.forEach((c, k) => {
        keepUpTo(seconds[k] as number, c);
      });
      for (const c of cycle) if (first(c) === -1) return null;
      for (const s of seconds) if (first(s) === -1) return null;
    }
  }

  const partner = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const j = first(i);
    if (j === -1) {
      if (hadList[i]) return null; // emptied in phase 2: no stable matching
      continue;
    }
    if (first(j) !== i) return null; // a reduced table that does not pair up: no stable matching
    partner[i] = j;
  }
  return partner;
}

/**
 * The pairs that block a matching: both would rather room with each other than with their
 * partners (or than being unmatched). Empty exactly when the matching is stable.
 */
export function blockingPairs(
  preferences: readonly (readonly number[])[],
  partner: ArrayLike<number>,
): [number, number][] {
  const n = preferences.length;
  const rank = preferences.map((list) => {
    const m = new Map<number, number>();
    for (const j of list) if (!m.has(j)) m.set(j, m.size);
    return m;
  });
  const prefers = (i: number, j: number) => {
    const m = rank[i] as Map<number, number>;
    const rj = m.get(j);
    if (rj === undefined) return false;
    const p = partner[i] as number;
    return p === -1 || rj < (m.get(p) ?? Number.POSITIVE_INFINITY);
  };
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) {
    for (const j of preferences[i] as readonly number[]) {
      if (j > i && j < n && partner[i] !== j && prefers(i, j) && prefers(j, i)) out.push([i, j]);
    }
  }
  return out;
}
