import { describe, expect, it } from 'vitest';
import { evaluateOutcomes, spearman } from './evaluate';

describe('evaluating compatibility against outcomes (N149)', () => {
  it("computes Spearman's rank correlation with ties", () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(0.9487, 3);
    expect(spearman([1, 2], [1, 2])).toBeNull();
    expect(spearman([5, 5, 5], [1, 2, 3])).toBeNull();
  });

  it('reports bands and leaves households that never moved in out of the correlation', () => {
    const r = evaluateOutcomes([
      { score: 90, rating: 5, didNotMoveIn: false },
      { score: 85, rating: 4, didNotMoveIn: false },
      { score: 65, rating: 3, didNotMoveIn: false },
      { score: 40, rating: 2, didNotMoveIn: false },
      { score: 95, rating: 1, didNotMoveIn: true },
    ]);
    expect(r).toMatchObject({ answers: 5, didNotMoveIn: 1 });
    expect(r.spearman).toBeCloseTo(1);
    expect(r.bands).toEqual([
      { band: '0–59', answers: 1, meanRating: 2 },
      { band: '60–79', answers: 1, meanRating: 3 },
      { band: '80–100', answers: 2, meanRating: 4.5 },
    ]);
  });
});
