/**
 * The fallback when no stable matching exists (issue 21; decisions N131): a heavy matching by
 * greedy-then-improve. Greedy takes edges heaviest first (at least half the optimum); local
 * improvement then swaps while the total weight grows: an edge whose ends leave their partners,
 * the freed partners paired with each other (an alternating 4-cycle) or each with its best free
 * neighbour (augmenting paths of length up to 5). Weights are integers here, so every accepted
 * move gains at least 1 and the loop ends. Not Edmonds' exact blossom algorithm: O(n·m) and then
 * some at 10,000 students a campus (bench/most-compatible.ts); at the sizes where brute force can
 * check it (tests), it reaches the optimum on the instances tried.
 */
export type Edge = { a: number; b: number; weight: number };

/** Partners (-1 for unmatched). Edges of equal weight are taken in the order given (determinism). */
export function maxWeightMatching(n: number, edges: readonly Edge[], maxPasses = 50): Int32Array {
  const partner = new Int32Array(n).fill(-1);
  const adj: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  const order: number[][] = Array.from({ length: n }, () => []);
  for (const e of edges) {
    if (e.a === e.b || e.weight <= 0) continue;
    const am = adj[e.a] as Map<number, number>;
    if (am.has(e.b)) continue;
    am.set(e.b, e.weight);
    (adj[e.b] as Map<number, number>).set(e.a, e.weight);
    (order[e.a] as number[]).push(e.b);
    (order[e.b] as number[]).push(e.a);
  }
  const W = (u: number, v: number) => (u === -1 || v === -1 ? 0 : ((adj[u] as Map<number, number>).get(v) ?? 0));

  // Greedy, heaviest first; a stable sort keeps the caller's tie order.
  const sorted = edges
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.a !== e.b && e.weight > 0)
    .sort((x, y) => y.e.weight - x.e.weight || x.i - y.i);
  for (const { e } of sorted) {
    if (partner[e.a] === -1 && partner[e.b] === -1) {
      partner[e.a] = e.b;
      partner[e.b] = e.a;
    }
  }

  const heaviest = Float64Array.from(adj, (m) => Math.max(0, ...m.values()));
  /** The best free neighbour of u other than those in `not`, or -1. */
  const bestFree = (u: number, not: number[]) => {
    let best = -1;
    let bw = 0;
    for (const v of order[u] as number[]) {
      if (partner[v] !== -1 || not.includes(v)) continue;
      const w = W(u, v);
      if (w > bw) {
        bw = w;
        best = v;
      }
    }
    return best;
  };
  const link = (u: number, v: number) => {
    partner[u] = v;
    partner[v] = u;
  };

  for (let pass = 0; pass < maxPasses; pass++) {
    let improved = false;
    for (let u = 0; u < n; u++) {
      for (const v of order[u] as number[]) {
        const pu = partner[u] as number;
        const pv = partner[v] as number;
        if (pu === v) continue;
        const base = W(u, v) - W(u, pu) - W(v, pv);
        const freed = [pu, pv].filter((x) => x !== -1);
        if (base + freed.reduce((s, x) => s + (heaviest[x] as number), 0) <= 0) continue;
        // The freed partners: with each other, or each with its best free neighbour.
        let rejoin = 0;
        let plan: [number, number][] = [];
        if (pu !== -1 && pv !== -1 && W(pu, pv) > 0) {
          rejoin = W(pu, pv);
          plan = [[pu, pv]];
        }
        partner[u] = -1;
        partner[v] = -1;
        if (pu !== -1) partner[pu] = -1;
        if (pv !== -1) partner[pv] = -1;
        let alone = 0;
        const alonePlan: [number, number][] = [];
        const taken = [u, v];
        for (const x of freed) {
          if (taken.includes(x)) continue; // already paired with the other freed partner
          const y = bestFree(x, taken);
          if (y !== -1) {
            alone += W(x, y);
            alonePlan.push([x, y]);
            taken.push(x, y);
          }
        }
        if (alone > rejoin) {
          rejoin = alone;
          plan = alonePlan;
        }
        if (base + rejoin > 0) {
          link(u, v);
          for (const [x, y] of plan) link(x, y);
          improved = true;
        } else {
          if (pu !== -1) link(u, pu);
          if (pv !== -1) link(v, pv);
        }
      }
    }
    if (!improved) break;
  }
  return partner;
}

export function matchingWeight(edges: readonly Edge[], partner: ArrayLike<number>): number {
  let total = 0;
  for (const e of edges) if (partner[e.a] === e.b && e.a !== e.b) total += e.weight;
  return total;
}
