import { renderHook } from '@testing-library/react';
import { ENTITLEMENTS } from '../../../../../core/billing/entitlements';
import { useDeckFilters } from './deck-filters';

const key = 'nestmate:discover-filters:u1';

describe('useDeckFilters (N258)', () => {
  afterEach(() => localStorage.clear());

  it('applies filters saved under another plan in the first render, and saves them for the new plan', () => {
    localStorage.setItem(key, JSON.stringify({ searchRadius: 25, plan: 'free', verifiedOnly: true, filters: {} }));
    const { result } = renderHook(() => useDeckFilters('u1', 'gold'));
    // Ready at once: the first render asks for the deck it keeps (no spinner, no second request).
    expect(result.current.ready).toBe(true);
    expect(result.current.filters).toMatchObject({
      searchRadius: Math.min(25, ENTITLEMENTS.gold.defaultRadius),
      verifiedOnly: true,
    });
    expect(JSON.parse(localStorage.getItem(key) ?? '{}')).toMatchObject({ plan: 'gold', verifiedOnly: true });
  });

  it('is not ready before the plan is known', () => {
    const { result } = renderHook(() => useDeckFilters('u1', undefined));
    expect(result.current.ready).toBe(false);
  });
});
