/**
 * Shared costs (issue 21): dividing rent and bills by the agreed split, and settling a ledger of
 * shared expenses with the fewest transfers. Amounts are integer cents everywhere; a remainder
 * that cannot be divided goes, a cent at a time, to the largest fractional parts, ties broken by
 * user id, so shares always sum exactly to the amount and the same input gives the same answer
 * (N143).
 */

export type Weight = { userId: string; weight: number };

/**
 * Divides `totalCents` in proportion to the weights (largest-remainder method). Weights are
 * non-negative integers with a positive sum; the result is in the weights' order and sums to the total.
 */
export function splitCents(totalCents: number, weights: readonly Weight[]): { userId: string; cents: number }[] {
  const sum = weights.reduce((s, w) => s + w.weight, 0);
  if (weights.length === 0) return [];
  if (sum <= 0) throw new RangeError('splitCents: the weights must have a positive sum');
  // Exact integer arithmetic: floor(total × w / sum) and its remainder (total × w mod sum).
  const parts = weights.map((w, index) => {
    const product = BigInt(totalCents) * BigInt(w.weight);
    const quotient = product / BigInt(sum);
    return { userId: w.userId, index, cents: Number(quotient), remainder: Number(product - quotient * BigInt(sum)) };
  });
  let left = totalCents - parts.reduce((s, p) => s + p.cents, 0);
  const order = [...parts].sort(
    (a, b) => b.remainder - a.remainder || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
  for (const p of order) {
    if (left <= 0) break;
    p.cents += 1;
    left -= 1;
  }
  return parts.map((p) => ({ userId: p.userId, cents: p.cents }));
}

/** An equal split among these people (sorted by id, so the extra cents go the same way every time). */
export const splitEqually = (totalCents: number, userIds: readonly string[]) =>
  splitCents(
    totalCents,
    [...userIds].sort().map((userId) => ({ userId, weight: 1 })),
  );

/** A ledger entry: `paidBy` paid `amountCents` for `forUserIds` in equal parts (a settlement is one paid for one person). */
export type LedgerEntry = { paidBy: string; amountCents: number; forUserIds: readonly string[] };

/** What each person is owed (positive) or owes (negative); the balances sum to zero. */
export function balances(people: readonly string[], entries: readonly LedgerEntry[]): Map<string, number> {
  const out = new Map<string, number>(people.map((p) => [p, 0]));
  const add = (userId: string, cents: number) => out.set(userId, (out.get(userId) ?? 0) + cents);
  for (const e of entries) {
    add(e.paidBy, e.amountCents);
    for (const share of splitEqually(e.amountCents, e.forUserIds)) add(share.userId, -share.cents);
  }
  return out;
}

export type Transfer = { from: string; to: string; amountCents: number };

/** Exact search up to this many people with a non-zero balance (2^12 subsets); greedy above (N144). */
export const EXACT_SETTLE_MAX = 12;

/**
 * The transfers that settle the balances. Settling n non-zero balances needs n − k transfers where
 * k is the largest number of disjoint groups that each sum to zero; finding k is NP-hard in
 * general, so up to EXACT_SETTLE_MAX people it is found exactly over subsets (dynamic programming
 * on bitmasks), and each group is then settled greedily (largest debtor pays largest creditor),
 * which takes size − 1 transfers. Above that, greedy over everyone. Deterministic for a given input.
 */
export function settleUp(balanceByUser: ReadonlyMap<string, number>): Transfer[] {
  const people = [...balanceByUser.entries()]
    .filter(([, cents]) => cents !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const total = people.reduce((s, [, c]) => s + c, 0);
  if (total !== 0) throw new RangeError('settleUp: balances must sum to zero');
  if (people.length === 0) return [];
  if (people.length > EXACT_SETTLE_MAX) return greedy(people);
  return zeroSumGroups(people).flatMap(greedy);
}

/** Largest creditor and largest debtor settle first; ties by user id. */
function greedy(group: readonly (readonly [string, number])[]): Transfer[] {
  const open = group.map(([userId, cents]) => ({ userId, cents }));
  const transfers: Transfer[] = [];
  const byId = (a: { userId: string }, b: { userId: string }) =>
    a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
  for (;;) {
    const creditors = open.filter((p) => p.cents > 0).sort((a, b) => b.cents - a.cents || byId(a, b));
    const debtors = open.filter((p) => p.cents < 0).sort((a, b) => a.cents - b.cents || byId(a, b));
    const creditor = creditors[0];
    const debtor = debtors[0];
    if (!creditor || !debtor) return transfers;
    const amount = Math.min(creditor.cents, -debtor.cents);
    transfers.push({ from: debtor.userId, to: creditor.userId, amountCents: amount });
    creditor.cents -= amount;
    debtor.cents += amount;
  }
}

/** Splits the people into the largest number of disjoint zero-sum groups (exact; n ≤ EXACT_SETTLE_MAX). */
function zeroSumGroups(people: readonly (readonly [string, number])[]): (readonly [string, number])[][] {
  const n = people.length;
  const full = (1 << n) - 1;
  const sum = new Array<number>(full + 1).fill(0);
  const best = new Array<number>(full + 1).fill(0);
  for (let mask = 1; mask <= full; mask++) {
    const low = mask & -mask;
    const i = 31 - Math.clz32(low);
    sum[mask] = (sum[mask ^ low] as number) + (people[i] as readonly [string, number])[1];
    let b = 0;
    for (let j = 0; j < n; j++) if (mask & (1 << j)) b = Math.max(b, best[mask ^ (1 << j)] as number);
    best[mask] = b + (sum[mask] === 0 ? 1 : 0);
  }
  // Walk back: removing people one at a time along a best path, a zero-sum prefix closes a group.
  const order: number[] = [];
  for (let mask = full; mask !== 0; ) {
    let pick = -1;
    for (let j = 0; j < n; j++) {
      if (!(mask & (1 << j))) continue;
      const rest = mask ^ (1 << j);
      const gain = (best[rest] as number) + (sum[mask] === 0 ? 1 : 0);
      if (gain === best[mask]) {
        pick = j;
        break;
      }
    }
    order.push(pick);
    mask ^= 1 << pick;
  }
  order.reverse();
  const groups: (readonly [string, number])[][] = [];
  let current: (readonly [string, number])[] = [];
  let running = 0;
  for (const i of order) {
    const p = people[i] as readonly [string, number];
    current.push(p);
    running += p[1];
    if (running === 0) {
      groups.push(current);
      current = [];
    }
  }
  return groups;
}
