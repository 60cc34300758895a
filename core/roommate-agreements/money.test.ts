import { describe, expect, it } from 'vitest';
import { balances, EXACT_SETTLE_MAX, settleUp, splitCents, splitEqually } from './money';

const sum = (xs: { cents: number }[]) => xs.reduce((s, x) => s + x.cents, 0);

describe('splitCents (largest remainder, N143)', () => {
  it('splits equally and gives the odd cent to the lowest id on a tie', () => {
    expect(splitEqually(100, ['b', 'a', 'c'])).toEqual([
      { userId: 'a', cents: 34 },
      { userId: 'b', cents: 33 },
      { userId: 'c', cents: 33 },
    ]);
  });

  it('splits by room size in proportion and sums exactly', () => {
    const shares = splitCents(200_000, [
      { userId: 'a', weight: 150 },
      { userId: 'b', weight: 100 },
      { userId: 'c', weight: 100 },
    ]);
    expect(shares).toEqual([
      { userId: 'a', cents: 85_714 },
      { userId: 'b', cents: 57_143 },
      { userId: 'c', cents: 57_143 },
    ]);
    expect(sum(shares)).toBe(200_000);
  });

  it('splits custom percentages (basis points) and gives remainders to the largest fractions', () => {
    const shares = splitCents(999, [
      { userId: 'a', weight: 3333 },
      { userId: 'b', weight: 3333 },
      { userId: 'c', weight: 3334 },
    ]);
    expect(sum(shares)).toBe(999);
    expect(shares.map((s) => s.cents)).toEqual([333, 333, 333]);
    expect(
      splitCents(1, [
        { userId: 'a', weight: 4000 },
        { userId: 'b', weight: 6000 },
      ]),
    ).toEqual([
      { userId: 'a', cents: 0 },
      { userId: 'b', cents: 1 },
    ]);
  });

  it('gives a zero weight nothing and always sums to the total', () => {
    for (const total of [0, 1, 7, 1001, 123_457, 9_999_999]) {
      const shares = splitCents(total, [
        { userId: 'a', weight: 0 },
        { userId: 'b', weight: 3 },
        { userId: 'c', weight: 7 },
        { userId: 'd', weight: 11 },
      ]);
      expect(sum(shares)).toBe(total);
      expect(shares[0]?.cents).toBe(0);
    }
  });

  it('refuses weights that sum to zero', () => {
    expect(() => splitCents(100, [{ userId: 'a', weight: 0 }])).toThrow(RangeError);
  });
});

describe('balances and settleUp', () => {
  const check = (owed: Map<string, number>) => {
    const transfers = settleUp(owed);
    const after = new Map(owed);
    for (const t of transfers) {
      expect(t.amountCents).toBeGreaterThan(0);
      after.set(t.from, (after.get(t.from) ?? 0) + t.amountCents);
      after.set(t.to, (after.get(t.to) ?? 0) - t.amountCents);
    }
    for (const v of after.values()) expect(Math.abs(v)).toBe(0);
    return transfers;
  };

  it('balances sum to zero and a settlement clears a debt', () => {
    const owed = balances(['a', 'b'], [{ paidBy: 'a', amountCents: 9001, forUserIds: ['a', 'b'] }]);
    expect(owed.get('a')).toBe(4500);
    expect(owed.get('b')).toBe(-4500);
    expect([...owed.values()].reduce((s, v) => s + v, 0)).toBe(0);
    expect(check(owed)).toEqual([{ from: 'b', to: 'a', amountCents: 4500 }]);
    const settled = balances(
      ['a', 'b'],
      [
        { paidBy: 'a', amountCents: 9001, forUserIds: ['a', 'b'] },
        { paidBy: 'b', amountCents: 4500, forUserIds: ['a'] },
      ],
    );
    expect(settleUp(settled)).toEqual([]);
  });

  it('finds the minimum where greedy would not: two independent zero-sum pairs', () => {
    const owed = new Map([
      ['a', 5],
      ['b', -5],
      ['c', 3],
      ['d', -3],
      ['e', 7],
      ['f', -4],
      ['g', -3],
    ]);
    const transfers = check(owed);
    // 7 non-zero balances in 3 zero-sum groups ({a,b}, {c,d}, {e,f,g}): 7 − 3 = 4 transfers.
    expect(transfers).toHaveLength(4);
    expect(transfers).toContainEqual({ from: 'b', to: 'a', amountCents: 5 });
    expect(transfers).toContainEqual({ from: 'd', to: 'c', amountCents: 3 });
  });

  it('beats the plain greedy on a case where greedy uses more transfers', () => {
    // Greedy (largest creditor, largest debtor) needs 5 here; exact finds {b, c} and {a, d, e, f}: 6 − 2 = 4.
    const owed = new Map([
      ['a', -1],
      ['b', 9],
      ['c', -9],
      ['d', 5],
      ['e', 6],
      ['f', -10],
    ]);
    const transfers = check(owed);
    expect(transfers).toHaveLength(4);
    expect(transfers).toContainEqual({ from: 'c', to: 'b', amountCents: 9 });
  });

  it('is deterministic and falls back to greedy above the exact limit', () => {
    const big = new Map<string, number>();
    for (let i = 0; i < EXACT_SETTLE_MAX + 2; i++)
      big.set(`u${String(i).padStart(2, '0')}`, i % 2 === 0 ? 100 + i : -(100 + i - 1));
    const total = [...big.values()].reduce((s, v) => s + v, 0);
    big.set('zz', 50 - total);
    big.set('zy', -50);
    const first = check(big);
    expect(settleUp(big)).toEqual(first);
    expect(first.length).toBeLessThan(big.size);
  });

  it('refuses balances that do not sum to zero', () => {
    expect(() => settleUp(new Map([['a', 1]]))).toThrow(RangeError);
  });
});
